// This remote's page tests: the SDK's test harness, and a firmware package to list.
import type { FirmwarePackage, PackageType, Status } from './types';

export * from '@console/sdk/testing';

/** A firmware package of model `V-{id}`, 1.0.0 → 1.1.0, in `status`; `extra` overrides. */
export function firmwarePackage(id: string, status: Status, packageType: PackageType = 'production', extra: Partial<FirmwarePackage> = {}): FirmwarePackage {
  return {
    id,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
    packageType,
    productId: 'pr1',
    productName: 'Vacuum',
    modelId: 'm1',
    modelCode: `V-${id}`,
    currentVersionName: '1.0.0',
    currentVersionCode: 100,
    targetVersionName: '1.1.0',
    targetVersionCode: 110,
    file: { fileName: 'fw.bin', object: 'o', size: 2048, sha256: 'a'.repeat(64), md5: 'b'.repeat(32) },
    encryptedFile: null,
    silent: false,
    mustPass: true,
    ignoreCheck: false,
    descriptions: { en: 'Fixes' },
    rollout: { grayMode: 'ratio', grayPercent: 10, grayList: [], whitelist: [], blacklist: [], ratePerMinute: 0, abort: { failurePercent: 20, minDevices: 10 }, timeoutMinutes: 30, retries: 1 },
    status,
    testSns: [],
    testConclusion: '',
    applicant: 'ann',
    pause: null,
    grayStartedAt: null,
    releasedAt: null,
    ...extra,
  };
}

// The upgrade plugin's records as its routes answer them (plugins/upgrade/src/*.rs), and the
// flow's rules the pages mirror for comfort (flow.rs); the server enforces every one of them.

/** A firmware package's place in its flow (flow.rs `Status`). */
export const STATUSES = ['pendingReview', 'approved', 'pendingTest', 'underTest', 'testComplete', 'pendingRelease', 'inGray', 'grayPaused', 'released', 'unpublished', 'rejected'] as const;
export type Status = (typeof STATUSES)[number];

/** A device's execution of a rollout (rollout.rs `ExecState`). */
export const EXEC_STATES = ['queued', 'downloading', 'downloaded', 'verifying', 'updating', 'succeeded', 'failed', 'timedOut'] as const;
export type ExecState = (typeof EXEC_STATES)[number];
/** How an upgrade ended (the device history's results). */
export const RESULTS = ['succeeded', 'failed', 'timedOut'] as const satisfies readonly ExecState[];

export const PACKAGE_TYPES = ['development', 'test', 'production'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const GRAY_MODES = ['ratio', 'list'] as const;
export type GrayMode = (typeof GRAY_MODES)[number];

/** Why a device was offered a package. */
export const SOURCES = ['test', 'whitelist', 'gray', 'issued', 'released'] as const;

/** Limits the server checks too (packages.rs, issue.rs). */
export const MAX_LIST_ENTRIES = 20;
export const MAX_GRAY_LIST = 1_000;
export const MAX_TASK_SNS = 1000;
export const MAX_FIRMWARE_MIB = 1024;

/** What every stored record carries. */
export interface Stored {
  id: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** A file the host measured (the SDK's `StoredFile`). */
export interface StoredFile {
  fileName: string;
  object: string;
  size: number;
  sha256: string;
  md5: string;
}

export interface Rollout {
  grayMode: GrayMode;
  grayPercent: number;
  grayList: string[];
  whitelist: string[];
  blacklist: string[];
  /** 0: no limit. */
  ratePerMinute: number;
  abort: { failurePercent: number; minDevices: number };
  timeoutMinutes: number;
  retries: number;
}

/** Why a rollout paused: by hand, or by itself when too many devices failed. */
export interface Pause {
  automatic: boolean;
  by: string;
  at: number;
  failed: number;
  finished: number;
}

export interface FirmwarePackage extends Stored {
  packageType: PackageType;
  productId: string;
  productName: string;
  modelId: string;
  modelCode: string;
  currentVersionName: string;
  currentVersionCode: number;
  targetVersionName: string;
  targetVersionCode: number;
  file: StoredFile;
  encryptedFile: StoredFile | null;
  silent: boolean;
  mustPass: boolean;
  ignoreCheck: boolean;
  /** By language code. */
  descriptions: Record<string, string>;
  rollout: Rollout;
  status: Status;
  testSns: string[];
  testConclusion: string;
  applicant: string;
  pause: Pause | null;
  grayStartedAt: number | null;
  releasedAt: number | null;
}

/** One step of a package's flow (steps.rs). */
export interface FlowStep extends Stored {
  packageId: string;
  step: string;
  from: Status | null;
  to: Status;
  by: string;
  at: number;
  detail: string;
}

/** A package in a select box. */
export interface PackageOption {
  id: string;
  label: string;
  status: Status;
}

export interface ProductOption {
  productId: string;
  productName: string;
  models: { id: string; code: string; name: string }[];
}

/** One device's execution of a rollout (executions.rs). */
export interface Execution extends Stored {
  packageId: string;
  sn: string;
  fromVersionName: string;
  targetVersionName: string;
  state: ExecState;
  progress: number;
  attempts: number;
  source: string;
  startedAt: number;
  reportedAt: number;
  finishedAt: number | null;
  failureReason: string;
}

/** A rollout's progress: counts by state, the cumulative finished devices over time, failures by reason. */
export interface RolloutProgress {
  package: FirmwarePackage;
  counts: Record<ExecState, number>;
  series: { at: number; succeeded: number; failed: number }[];
  failures: { reason: string; count: number }[];
}

export interface IssueTask extends Stored {
  packageId: string;
  package: string;
  targetVersionName: string;
  sns: string[];
  by: string;
  at: number;
}

export interface TaskDevice {
  sn: string;
  /** The execution's state, or `waiting` until the device checks. */
  state: ExecState | 'waiting';
  progress: number;
  failureReason: string;
  /** In another upgrade now. */
  busy: boolean;
}

export interface Statement extends Stored {
  packageId: string;
  package: string;
  title: string;
  contents: Record<string, string>;
  published: boolean;
  publishedAt: number | null;
  by: string;
}

export interface VersionChange extends Stored {
  sn: string;
  packageId: string;
  fromVersionName: string;
  toVersionName: string;
  result: ExecState;
  reason: string;
  attempts: number;
  source: string;
  at: number;
}

// The flow's rules (flow.rs), so that only buttons the server would accept are shown.
const among = (statuses: readonly Status[]) => (status: Status) => statuses.includes(status);

/** Content changes before the package is tested or released; it goes back to review. */
export const mayEdit = among(['rejected', 'approved', 'pendingTest', 'testComplete']);
export const mayDelete = among(['rejected', 'approved', 'pendingTest', 'testComplete', 'unpublished']);
export const mayChangeTestDevices = among(['approved', 'pendingTest', 'underTest', 'testComplete']);
/** Gray, lists, rate and abort rule change until the package is released to everyone. */
export const mayChangeRollout = (status: Status) => !among(['released', 'unpublished'])(status);
/** Devices are moving: a rollout's progress is worth following live. */
export const isLive = among(['underTest', 'inGray', 'released']);
export const isFinal = (state: ExecState | 'waiting') => state === 'succeeded' || state === 'failed' || state === 'timedOut';

// App upgrade packages (apps.rs, app_flow.rs).

/** An app package's place in its flow (app_flow.rs `AppStatus`). */
export const APP_STATUSES = ['development', 'testing', 'tested', 'underReview', 'reviewed', 'discarded'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];
/** Where a reviewed package stands with its users (app_flow.rs `Publication`). */
export const PUBLICATIONS = ['unpublished', 'scheduled', 'published', 'revoked'] as const;
export type Publication = (typeof PUBLICATIONS)[number];

export const PLATFORMS = ['android', 'ios', 'harmony'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const APP_PACKAGE_TYPES = ['release', 'beta', 'custom'] as const;
export type AppPackageType = (typeof APP_PACKAGE_TYPES)[number];
export const REGIONS = ['asia', 'europe', 'america'] as const;
export type Region = (typeof REGIONS)[number];
export const FILE_SOURCES = ['local', 'address'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];
export const POLICIES = ['whitelist', 'all'] as const;
export type Policy = (typeof POLICIES)[number];

/** Upload limits of the manifest's purposes `app-package` and `test-report`. */
export const MAX_APP_MIB = 1024;
export const MAX_REPORT_MIB = 50;

/** A build: an uploaded file (measured by the host), or an address with its MD5 and size. */
export interface Build {
  file: StoredFile | null;
  address: string;
  md5: string;
  size: number;
}

export interface AppPackage extends Stored {
  appName: string;
  platform: Platform;
  packageType: AppPackageType;
  /** The type's name when `packageType` is `custom`. */
  customType: string;
  versionName: string;
  versionCode: number;
  packer: string;
  internalDescription: string;
  /** By language code. */
  releaseDescriptions: Record<string, string>;
  versionFeature: string;
  region: Region;
  fileSource: FileSource;
  build: Build;
  /** The HarmonyOS build beside it. */
  harmony: Build | null;
  policy: Policy;
  /** Accounts that get it under the whitelist policy. */
  whitelist: string[];
  minCompatibleCode: number;
  silent: boolean;
  mustPass: boolean;
  ignoreVerification: boolean;
  status: AppStatus;
  publication: Publication;
  deleted: boolean;
  testReport: StoredFile | null;
  testConclusion: string;
  approvalId: string;
  /** When it is (or was) to be released, Unix ms. */
  releaseAt: number | null;
  releasedAt: number | null;
  operator: string;
}

/** The download centre's newest package out with everyone, per app and platform (apps.rs `Download`). */
export interface AppDownload {
  id: string;
  appName: string;
  platform: Platform;
  versionName: string;
  versionCode: number;
  region: Region;
  size: number;
  md5: string;
  /** The address, or a signed link to the local file. */
  url: string;
  harmonyUrl: string | null;
  releasedAt: number | null;
  description: string;
}

/** What a package's flow buttons do (app_flow.rs `AppAction`, but the process centre's decisions). */
export type AppMove = 'submitTest' | 'passTest' | 'failTest' | 'submitReview' | 'release' | 'cancelRelease' | 'revoke' | 'discard';

/** The flow table (app_flow.rs `next`): each move, from which statuses and publications. */
const APP_MOVES: readonly [AppMove, readonly AppStatus[], readonly Publication[]][] = [
  ['submitTest', ['development'], ['unpublished']],
  ['passTest', ['testing'], ['unpublished']],
  ['failTest', ['testing'], ['unpublished']],
  ['submitReview', ['tested'], ['unpublished']],
  ['release', ['reviewed'], ['unpublished', 'revoked']],
  ['cancelRelease', ['reviewed'], ['scheduled']],
  ['revoke', ['reviewed'], ['published']],
  // Anything not out with users may be discarded; discarded is final.
  ['discard', ['development', 'testing', 'tested'], ['unpublished']],
  ['discard', ['reviewed'], ['unpublished', 'revoked']],
];

type AppState = Pick<AppPackage, 'status' | 'publication' | 'deleted'>;

/** Whether the flow allows `move` now; a deleted package moves no more until restored. */
export const mayMoveApp = ({ status, publication, deleted }: AppState, move: AppMove) =>
  !deleted && APP_MOVES.some(([m, statuses, publications]) => m === move && statuses.includes(status) && publications.includes(publication));
/** Deleted and restored while neither waiting for a review nor out with users (`may_delete`). */
export const mayDeleteApp = ({ status, publication }: AppState) => status !== 'underReview' && publication !== 'scheduled' && publication !== 'published';
/** Edited while under development only (`may_edit`). */
export const mayEditApp = ({ status, publication, deleted }: AppState) => !deleted && status === 'development' && publication === 'unpublished';

import { LANGUAGES, usePagePermission } from '@console/sdk';
import { Alert, Descriptions, Drawer, Empty, Spin, Tabs, Tag, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { fileSize, PackageStatus, PUBLISH_PAGE, PauseNote, StatusTag, toLines, useTexts, VersionPath, when } from './parts';
import { packages } from './service';
import type { FirmwarePackage, FlowStep, StoredFile } from './types';

/** Size, MD5 and SHA-256 of a package's file and of its encrypted variant. */
export function PackageFiles({ pkg }: { pkg: FirmwarePackage }) {
  const { t } = useTexts();
  const rows = (label: string, file: StoredFile, key: string) => [
    { key: `${key}-name`, label, children: file.fileName },
    { key: `${key}-size`, label: t('size'), children: <span data-testid={`${key}-size`}>{fileSize(file.size)}</span> },
    {
      key: `${key}-md5`,
      label: 'MD5',
      children: (
        <Typography.Text code copyable data-testid={`${key}-md5`}>
          {file.md5 || '—'}
        </Typography.Text>
      ),
    },
    {
      key: `${key}-sha256`,
      label: 'SHA-256',
      children: (
        <Typography.Text code copyable data-testid={`${key}-sha256`}>
          {file.sha256}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid="package-files"
      items={[
        ...rows(t('firmwareFile'), pkg.file, 'file'),
        ...(pkg.encryptedFile ? rows(t('encryptedFile'), pkg.encryptedFile, 'encrypted') : [{ key: 'encrypted', label: t('encryptedFile'), children: t('none') }]),
      ]}
    />
  );
}

/** The steps a package went through, oldest first: who moved it from which status to which. */
function FlowSteps({ packageId }: { packageId: string }) {
  const { t } = useTexts();
  const [steps, setSteps] = useState<FlowStep[] | null>(null);
  useEffect(() => {
    packages.steps(packageId).then(setSteps, () => setSteps([]));
  }, [packageId]);
  if (steps === null) return <Spin />;
  if (!steps.length) return <Empty />;
  return (
    <Timeline
      data-testid="package-steps"
      items={steps.map((step) => ({
        key: step.id,
        color: step.to === 'rejected' || step.step === 'testFailed' ? 'red' : step.to === 'released' ? 'green' : 'blue',
        title: (
          <span>
            <b>{t(`step_${step.step}`, { defaultValue: step.step })}</b> · {step.by || '—'} · {when(step.at)}
          </span>
        ),
        content: (
          <span>
            {step.from && (
              <>
                <StatusTag status={step.from} /> →{' '}
              </>
            )}
            <StatusTag status={step.to} />
            {step.detail && <Typography.Text type="secondary">{step.detail}</Typography.Text>}
          </span>
        ),
      }))}
    />
  );
}

/** One package: what it is, its strategy, its files, its descriptions, and its steps (`tab` opens one). */
export function PackageDrawer({ pkg, tab, onClose }: { pkg: FirmwarePackage; tab?: 'package' | 'steps'; onClose: () => void }) {
  const { t } = useTexts();
  const { rollout } = pkg;
  // The steps are read with the publish page's view action (from the test page too).
  const maySeeSteps = usePagePermission(PUBLISH_PAGE)('ota:package:view');
  const flags = (['silent', 'mustPass', 'ignoreCheck'] as const).filter((flag) => pkg[flag]);
  return (
    <Drawer open size={760} title={`${pkg.productName} · ${pkg.modelCode} · ${pkg.targetVersionName}`} onClose={onClose} data-testid="package-drawer">
      {pkg.status === 'grayPaused' && pkg.pause && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={<PauseNote pause={pkg.pause} failurePercent={rollout.abort.failurePercent} />} data-testid="pause-alert" />
      )}
      <Tabs
        defaultActiveKey={tab}
        items={[
          {
            key: 'package',
            label: t('package'),
            children: (
              <Descriptions
                size="small"
                bordered
                column={1}
                items={[
                  { key: 'status', label: t('status'), children: <PackageStatus pkg={pkg} /> },
                  { key: 'type', label: t('packageType'), children: t(`type_${pkg.packageType}`) },
                  { key: 'versions', label: t('versions'), children: <VersionPath pkg={pkg} /> },
                  { key: 'flags', label: t('flags'), children: flags.length ? flags.map((flag) => <Tag key={flag}>{t(flag)}</Tag>) : t('none') },
                  { key: 'applicant', label: t('applicant'), children: pkg.applicant || '—' },
                  { key: 'testSns', label: t('testDevices'), children: pkg.testSns.length ? <Typography.Text style={{ whiteSpace: 'pre-line' }}>{toLines(pkg.testSns)}</Typography.Text> : t('none') },
                  { key: 'conclusion', label: t('testConclusion'), children: pkg.testConclusion || '—' },
                  {
                    key: 'gray',
                    label: t('grayMode'),
                    children: rollout.grayMode === 'ratio' ? `${t('grayMode_ratio')} · ${rollout.grayPercent}%` : `${t('grayMode_list')} · ${t('snCount', { count: rollout.grayList.length })}`,
                  },
                  { key: 'lists', label: `${t('whitelist')} / ${t('blacklist')}`, children: `${rollout.whitelist.length} / ${rollout.blacklist.length}` },
                  { key: 'rate', label: t('ratePerMinute'), children: rollout.ratePerMinute || t('unlimited') },
                  {
                    key: 'abort',
                    label: t('abortRule'),
                    children: rollout.abort.failurePercent ? t('abortRuleText', { percent: rollout.abort.failurePercent, min: rollout.abort.minDevices }) : t('off'),
                  },
                  { key: 'timeout', label: t('timeoutMinutes'), children: rollout.timeoutMinutes },
                  { key: 'retries', label: t('retries'), children: rollout.retries },
                  { key: 'grayStartedAt', label: t('grayStartedAt'), children: when(pkg.grayStartedAt) },
                  { key: 'releasedAt', label: t('releasedAt'), children: when(pkg.releasedAt) },
                ]}
              />
            ),
          },
          { key: 'files', label: t('files'), children: <PackageFiles pkg={pkg} /> },
          {
            key: 'descriptions',
            label: t('descriptions'),
            children: (
              <Descriptions
                size="small"
                bordered
                column={1}
                items={LANGUAGES.filter((lang) => pkg.descriptions[lang]).map((lang) => ({
                  key: lang,
                  label: t(`lang_${lang}`),
                  children: <span style={{ whiteSpace: 'pre-line' }}>{pkg.descriptions[lang]}</span>,
                }))}
              />
            ),
          },
          ...(maySeeSteps ? [{ key: 'steps', label: t('steps'), children: <FlowSteps packageId={pkg.id} /> }] : []),
        ]}
      />
    </Drawer>
  );
}

import { QrcodeOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@console/sdk';
import { Descriptions, Popover, Space, Typography } from 'antd';

import { DownloadQr, fileSize, toLines, useTexts, when } from './parts';
import type { AppPackage, Build } from './types';

/**
 * Where a build is: an address opens its QR code; a local file is named with its size (its link
 * is signed when it is out, so its QR code is in the download centre).
 */
export function BuildLink({ build, testId }: { build: Build; testId: string }) {
  const { t } = useTexts();
  if (build.file) {
    return (
      <Typography.Text data-testid={testId} title={t('localQrInDownloadCentre')}>
        {build.file.fileName} <Typography.Text type="secondary">({fileSize(build.file.size)})</Typography.Text>
      </Typography.Text>
    );
  }
  return (
    <Popover content={<DownloadQr url={build.address} />} title={t('scanToDownload')}>
      <a href={build.address} target="_blank" rel="noreferrer" data-testid={testId}>
        <QrcodeOutlined /> {t('downloadAddress')}
      </a>
    </Popover>
  );
}

/** A build's size and MD5 beside where it is. */
function BuildDetails({ build, testId }: { build: Build; testId: string }) {
  const { t } = useTexts();
  return (
    <Space orientation="vertical" size={2}>
      {build.file ? <BuildLink build={build} testId={testId} /> : <DownloadQr url={build.address} size={96} testId={testId} />}
      <span>
        {t('size')}: {fileSize(build.size)}
      </span>
      <Typography.Text code copyable>
        {build.md5}
      </Typography.Text>
    </Space>
  );
}

const lines = (text: string) => (text ? <span style={{ whiteSpace: 'pre-line' }}>{text}</span> : '—');

/** What the list's columns leave out: the builds, the rules, the texts and the test. */
export function AppPackageDetails({ pkg }: { pkg: AppPackage }) {
  const { t } = useTexts();
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      data-testid={`app-details-${pkg.id}`}
      items={[
        { key: 'build', label: t(`fileSource_${pkg.fileSource}`), children: <BuildDetails build={pkg.build} testId={`build-${pkg.id}`} /> },
        { key: 'harmony', label: t('harmonyBuild'), children: pkg.harmony ? <BuildDetails build={pkg.harmony} testId={`harmony-${pkg.id}`} /> : t('none') },
        { key: 'region', label: t('region'), children: t(`region_${pkg.region}`) },
        { key: 'minCompatibleCode', label: t('minCompatibleCode'), children: pkg.minCompatibleCode },
        { key: 'packer', label: t('packer'), children: pkg.packer },
        { key: 'whitelist', label: t('whitelistAccounts'), children: pkg.policy === 'whitelist' ? lines(toLines(pkg.whitelist)) : t('policy_all') },
        { key: 'internalDescription', label: t('internalDescription'), children: lines(pkg.internalDescription) },
        { key: 'versionFeature', label: t('versionFeature'), children: lines(pkg.versionFeature) },
        {
          key: 'releaseDescriptions',
          label: t('releaseDescriptions'),
          span: 2,
          children: (
            <Space orientation="vertical" size={2}>
              {LANGUAGES.filter((lang) => pkg.releaseDescriptions[lang]).map((lang) => (
                <span key={lang}>
                  <Typography.Text type="secondary">{t(`lang_${lang}`)}: </Typography.Text>
                  {lines(pkg.releaseDescriptions[lang])}
                </span>
              ))}
            </Space>
          ),
        },
        { key: 'testReport', label: t('testReport'), children: pkg.testReport ? `${pkg.testReport.fileName} (${fileSize(pkg.testReport.size)})` : '—' },
        { key: 'testConclusion', label: t('testConclusion'), children: lines(pkg.testConclusion) },
        { key: 'releasedAt', label: t('releasedAt'), children: when(pkg.releasedAt) },
        { key: 'updatedAt', label: t('updatedAt'), children: when(pkg.updatedAt) },
      ]}
    />
  );
}

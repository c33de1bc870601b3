import { Card, Col, Descriptions, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { DownloadQr, fileSize, useTexts, when } from './parts';
import { appPackages } from './service';
import type { AppDownload } from './types';

/** One app on one platform: its QR codes (and the HarmonyOS build's), version, size, MD5, release time and notes. */
function DownloadCard({ download }: { download: AppDownload }) {
  const { t } = useTexts();
  const { appName, platform, harmonyUrl } = download;
  const testId = `download-${appName}-${platform}`;
  return (
    <Card title={appName} extra={<Tag color="blue">{t(`platform_${platform}`)}</Tag>} data-testid={testId}>
      <Space wrap align="start" size="large" style={{ width: '100%', justifyContent: 'center' }}>
        <DownloadQr url={download.url} testId={`${testId}-qr`} />
        {harmonyUrl && <DownloadQr url={harmonyUrl} label={t('harmonyBuild')} testId={`${testId}-harmony-qr`} />}
      </Space>
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 16 }}
        items={[
          { key: 'version', label: t('version'), children: `${download.versionName} (${download.versionCode})` },
          { key: 'region', label: t('region'), children: t(`region_${download.region}`) },
          { key: 'size', label: t('size'), children: fileSize(download.size) },
          {
            key: 'md5',
            label: 'MD5',
            children: (
              <Typography.Text code copyable>
                {download.md5}
              </Typography.Text>
            ),
          },
          { key: 'releasedAt', label: t('releasedAt'), children: when(download.releasedAt) },
          { key: 'description', label: t('releaseDescriptions'), children: <span style={{ whiteSpace: 'pre-line' }}>{download.description || '—'}</span> },
        ]}
      />
    </Card>
  );
}

/** App download centre (/app-manage/app-download): the newest package out with everyone, per app and platform. */
export default function AppDownloads() {
  const { t } = useTexts();
  const [downloads, setDownloads] = useState<AppDownload[] | null>(null);
  useEffect(() => {
    // The request layer has told the user of a failure.
    appPackages.downloads().then(setDownloads, () => setDownloads([]));
  }, []);
  return (
    <Card title={t('appDownloads')} variant="borderless" data-testid="app-downloads">
      {downloads === null ? (
        <Spin />
      ) : downloads.length ? (
        <Row gutter={[16, 16]}>
          {downloads.map((download) => (
            <Col key={download.id} xs={24} md={12} xl={8}>
              <DownloadCard download={download} />
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description={t('noDownloads')} />
      )}
    </Card>
  );
}

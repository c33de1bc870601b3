import { downloadBase64, ResourcePage, SearchModeField } from '@console/sdk/ui';
import { Form, Input, Radio, Select, Tag } from 'antd';

import { Link, useLinkRules, useTexts, ViewGuard } from './parts';
import { svgImage } from './rules';
import { PATHS, qrCodes } from './service';
import { type AppQrCode, QR_PURPOSES } from './types';

/** The code the server drew, as an image (its SVG never enters the page's markup). */
export function QrImage({ row, size = 96 }: { row: AppQrCode; size?: number }) {
  return <img src={svgImage(row.svg)} alt={row.label} width={size} height={size} data-testid={`qr-${row.label}`} />;
}

function QrFields() {
  const { t } = useTexts();
  const linkRules = useLinkRules(true);
  return (
    <>
      <Form.Item name="label" label={t('qrLabel')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 80 }]}>
        <Input data-testid="qr-label" />
      </Form.Item>
      <Form.Item name="purpose" label={t('qrPurpose')} rules={[{ required: true, message: t('required') }]}>
        <Radio.Group data-testid="qr-purpose" options={QR_PURPOSES.map((p) => ({ value: p, label: t(`purpose_${p}`) }))} />
      </Form.Item>
      <Form.Item name="content" label={t('qrContent')} rules={linkRules} extra={t('qrContentHint')}>
        <Input data-testid="qr-content" placeholder="https://" />
      </Form.Item>
    </>
  );
}

/** App QR codes (/app-manage/app-qrcode): an app's download or pairing address, drawn by the server. */
export default function QrCodes() {
  const { t } = useTexts();
  const download = (row: AppQrCode) =>
    qrCodes.png(row.id).then(
      (file) => downloadBase64(file.fileName, file.contentType, file.content),
      () => undefined,
    );
  return (
    <ViewGuard action="app:qr:view">
      <ResourcePage<AppQrCode>
        title={t('qrCodes')}
        path={PATHS.qrCodes}
        testId="qr-codes"
        name={(row) => row.label}
        actions={{ add: 'app:qr:edit', edit: 'app:qr:edit', delete: 'app:qr:delete' }}
        addLabel={t('addQr')}
        addTestId="add-qr"
        defaults={{ purpose: 'download' }}
        search={
          <>
            <Form.Item name="label" label={t('qrLabel')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="purpose" label={t('qrPurpose')}>
              <Select allowClear style={{ width: 140 }} options={QR_PURPOSES.map((p) => ({ value: p, label: t(`purpose_${p}`) }))} />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'qr', title: t('qrCode'), width: 120, render: (_, row) => <QrImage row={row} /> },
          { key: 'label', title: t('qrLabel'), dataIndex: 'label' },
          { key: 'purpose', title: t('qrPurpose'), render: (_, row) => <Tag color={row.purpose === 'pairing' ? 'purple' : 'blue'}>{t(`purpose_${row.purpose}`, { defaultValue: row.purpose })}</Tag> },
          { key: 'content', title: t('qrContent'), render: (_, row) => <Link href={row.content} /> },
        ]}
        rowExtra={(row) => (
          <a onClick={() => void download(row)} data-testid={`png-${row.label}`}>
            {t('downloadPng')}
          </a>
        )}
        form={<QrFields />}
      />
    </ViewGuard>
  );
}

import { Auth, api, useNamespace, usePermission } from '@console/sdk';
import type { Page } from '@console/sdk';
import { ExcelTemplateLink, type ListHandle, ListPage, ModalForm, RowActions, SearchModeField, UploadField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';
import { text, when } from './types';

interface PartnerDevice {
  id: string;
  partner: string;
  sn: string;
  partnerDeviceId: string;
  model: string;
  name: string;
  importedAt: number;
  importedBy: string;
}

/** Partner devices (deviceHaier): devices of a partner's cloud, imported from Excel and listed
 * apart; they do not report to this platform. */
export default function PartnerDevices() {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const submit = (values: { uploadId: string; partner?: string }) =>
    api.post<{ added: number; updated: number }>('/device-service/partner-devices/import', values, { quiet: true }).then((done) => {
      void message.success(t('partnerImported', done));
      list.current?.reload();
    });
  // A file with no record to delete is refused with a message saying so; the dialog stays open.
  const deleteListed = (values: { uploadId: string }) =>
    api.post<{ deleted: number; notFound: number }>('/device-service/partner-devices/delete-import', values, { quiet: true }).then((done) => {
      void message.success(t('partnerDeleted', done));
      list.current?.reload();
    });
  return (
    <Card title={t('partnerDevices')} variant="borderless">
      <ListPage<PartnerDevice>
        rowKey="id"
        testId="partner-devices"
        handle={list}
        load={(values, page, pageSize) =>
          api.get<Page<PartnerDevice>>('/device-service/partner-devices', { sn: text(values.sn), mode: values.mode as string | undefined, partner: text(values.partner), page, pageSize })
        }
        toolbar={
          <Auth action="device:partner:import">
            <Space>
              <Button type="primary" onClick={() => setImporting(true)} data-testid="import-partner-devices">
                {t('importPartnerDevices')}
              </Button>
              <Button danger onClick={() => setDeleting(true)} data-testid="delete-partner-devices">
                {t('deletePartnerDevices')}
              </Button>
            </Space>
          </Auth>
        }
        search={
          <>
            <Form.Item name="sn" label="SN">
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="partner" label={t('partner')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        columns={[
          { title: 'SN', dataIndex: 'sn' },
          { title: t('partner'), dataIndex: 'partner' },
          { title: t('partnerDeviceId'), dataIndex: 'partnerDeviceId' },
          { title: t('model'), dataIndex: 'model' },
          { title: t('deviceName'), dataIndex: 'name' },
          { title: t('importedAt'), dataIndex: 'importedAt', render: when },
          { title: t('importedBy'), dataIndex: 'importedBy' },
          {
            title: t('actions'),
            render: (_, d: PartnerDevice) =>
              may('device:partner:import') ? (
                <RowActions remove={{ name: d.sn, confirm: (typed) => api.delete(`/device-service/partner-devices/${d.id}`, { confirmName: typed }).then(() => list.current?.reload()) }} />
              ) : null,
          },
        ]}
      />
      <ModalForm<{ uploadId: string; partner?: string }> open={importing} title={t('importPartnerDevices')} initialValues={{ partner: 'Haier' }} onClose={() => setImporting(false)} onSubmit={submit}>
        <Form.Item name="partner" label={t('partner')}>
          <Input maxLength={80} />
        </Form.Item>
        <UploadField name="uploadId" label={t('partnerWorkbook')} mount="device-service" purpose="partner-excel" accept=".xlsx" maxMib={20} />
        <p>{t('partnerColumns')}</p>
        <ExcelTemplateLink importPath="/device-service/partner-devices/import" />
      </ModalForm>
      <ModalForm<{ uploadId: string }> open={deleting} title={t('deletePartnerDevices')} onClose={() => setDeleting(false)} onSubmit={deleteListed}>
        <UploadField name="uploadId" label={t('partnerWorkbook')} mount="device-service" purpose="partner-excel" accept=".xlsx" maxMib={20} />
        <p>{t('partnerDeleteColumns')}</p>
        <ExcelTemplateLink importPath="/device-service/partner-devices/delete-import" />
      </ModalForm>
    </Card>
  );
}

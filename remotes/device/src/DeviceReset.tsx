import { api, useNamespace } from '@console/sdk';
import { Auth } from '@console/sdk';
import type { Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField } from '@console/sdk/ui';
import { Alert, App, Button, Card, Form, Input, Tag } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';
import { type Command, commandColor, text, when } from './types';

/** Device reset (deviceReset): resets sent to devices, and what each device answered. A device
 * that resets leaves its family. */
export default function DeviceReset() {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const list = useRef<ListHandle>(null);
  const reset = (values: { sn: string; reason: string }) =>
    api.post(`/device-service/devices/${encodeURIComponent(values.sn.trim())}/reset`, { reason: values.reason.trim() }, { quiet: true }).then(() => {
      void message.success(t('resetSent'));
      list.current?.reload();
    });

  return (
    <Card title={t('deviceReset')} variant="borderless">
      <ListPage<Command & { sn: string }>
        rowKey="id"
        testId="resets"
        handle={list}
        load={(values, page, pageSize) => api.get<Page<Command & { sn: string }>>('/device-service/resets', { sn: text(values.sn), mode: values.mode as string | undefined, page, pageSize })}
        toolbar={
          <Auth action="device:reset:send">
            <Button type="primary" danger data-testid="reset-device" onClick={() => setOpen(true)}>
              {t('resetDevice')}
            </Button>
          </Auth>
        }
        search={
          <>
            <Form.Item name="sn" label="SN">
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { title: 'SN', dataIndex: 'sn' },
          { title: t('reason'), dataIndex: 'reason' },
          { title: t('by'), dataIndex: 'by' },
          { title: t('sentAt'), dataIndex: 'sentAt', render: when },
          { title: t('state'), dataIndex: 'state', render: (s: Command['state']) => <Tag color={commandColor[s]}>{t(`command_${s}`)}</Tag> },
          { title: t('answer'), render: (_, c: Command) => (c.state === 'failed' ? c.message : '') },
          { title: t('answeredAt'), dataIndex: 'answeredAt', render: when },
        ]}
      />
      <ModalForm<{ sn: string; reason: string }> open={open} title={t('resetDevice')} onClose={() => setOpen(false)} onSubmit={reset}>
        <Alert type="warning" showIcon message={t('resetHint')} style={{ marginBottom: 16 }} />
        <Form.Item name="sn" label="SN" rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="reset-sn" />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, message: t('required') }]}>
          <Input.TextArea data-testid="reset-reason" rows={3} maxLength={800} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

import { Auth, api, useNamespace, usePagePermission, usePermission } from '@console/sdk';
import type { Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Tabs, Tag } from 'antd';
import { useRef, useState } from 'react';

import { DeviceLogList } from './DeviceLogs';
import { resources } from './i18n';
import { useReasonPrompt } from './reason';
import { type Binding, type Family, text, when } from './types';

/** Families found by name as the user types. */
function FamilySelect({ value, onChange }: { value?: string; onChange?: (id: string) => void }) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const search = (name: string) =>
    void api
      .get<Page<Family>>('/device-service/families', { name: name.trim() || undefined, page: 1, pageSize: 20 }, { quiet: true })
      .then((page) => setOptions(page.list.map((f) => ({ value: f.id, label: `${f.name} · ${f.administrator} · ${f.id}` }))));
  return <Select showSearch filterOption={false} value={value} onChange={onChange} onSearch={search} onFocus={() => search('')} options={options} data-testid="bind-family" />;
}

/** One kind of binding (the app's and the console's, or the open platform's), with unbind. */
function BindingList({ openPlatform }: { openPlatform: boolean }) {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const askReason = useReasonPrompt();
  const list = useRef<ListHandle>(null);
  const [binding, setBinding] = useState(false);

  const unbind = (row: Binding) =>
    askReason({
      title: t('unbindTitle', { sn: row.sn, family: row.familyName }),
      placeholder: t('reason'),
      testId: 'unbind-reason',
      onOk: (reason) =>
        api.post(`/device-service/bindings/${encodeURIComponent(row.sn)}/unbind`, { reason }).then(() => {
          void message.success(t('unbound'));
          list.current?.reload();
        }),
    });
  const bind = (values: { sn: string; account: string; familyId: string; reason: string; nickname?: string }) =>
    api.post('/device-service/bindings', { ...values, sn: values.sn.trim(), account: values.account.trim() }, { quiet: true }).then(() => {
      void message.success(t('bound'));
      list.current?.reload();
    });

  return (
    <>
      <ListPage<Binding>
        params={openPlatform}
        rowKey="id"
        testId={openPlatform ? 'open-bindings' : 'bindings'}
        handle={list}
        load={(values, page, pageSize) =>
          api.get<Page<Binding>>('/device-service/bindings', {
            sn: text(values.sn),
            mode: values.mode as string | undefined,
            account: text(values.account),
            source: openPlatform ? 'open-platform' : (values.source as string | undefined),
            page,
            pageSize,
          })
        }
        toolbar={
          !openPlatform && (
            <Auth action="device:binding:edit">
              <Button type="primary" data-testid="bind-device" onClick={() => setBinding(true)}>
                {t('bindDevice')}
              </Button>
            </Auth>
          )
        }
        search={
          <>
            <Form.Item name="sn" label="SN">
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="account" label={t('appUser')}>
              <Input allowClear />
            </Form.Item>
            {!openPlatform && (
              <Form.Item name="source" label={t('source')}>
                <Select allowClear style={{ width: 120 }} options={['console', 'app'].map((s) => ({ value: s, label: t(`source_${s}`) }))} />
              </Form.Item>
            )}
          </>
        }
        columns={[
          { title: 'SN', dataIndex: 'sn' },
          { title: t('nickname'), dataIndex: 'nickname', render: (name?: string) => name || '—' },
          { title: t('product'), dataIndex: 'productName' },
          { title: t('appUser'), dataIndex: 'account' },
          { title: t('family'), render: (_, b: Binding) => `${b.familyName} (${b.familyId})` },
          openPlatform ? { title: t('clientId'), dataIndex: 'clientId' } : { title: t('source'), dataIndex: 'source', render: (s: string) => <Tag>{t(`source_${s}`)}</Tag> },
          { title: t('reason'), dataIndex: 'reason' },
          { title: t('boundAt'), dataIndex: 'boundAt', render: when },
          {
            title: t('actions'),
            render: (_, b: Binding) =>
              may('device:binding:edit') ? (
                <a className="danger" data-testid={`unbind-${b.sn}`} onClick={() => unbind(b)}>
                  {t('unbind')}
                </a>
              ) : null,
          },
        ]}
      />
      <ModalForm<{ sn: string; account: string; familyId: string; reason: string; nickname?: string }> open={binding} title={t('bindDevice')} onClose={() => setBinding(false)} onSubmit={bind}>
        <Form.Item name="sn" label="SN" rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="bind-sn" />
        </Form.Item>
        <Form.Item name="familyId" label={t('family')} rules={[{ required: true, message: t('required') }]}>
          <FamilySelect />
        </Form.Item>
        <Form.Item name="account" label={t('appUser')} extra={t('bindAccountHint')} rules={[{ required: true, message: t('required') }]}>
          <Input data-testid="bind-account" />
        </Form.Item>
        <Form.Item name="nickname" label={t('nickname')} extra={t('deviceNicknameHint')} rules={[{ max: 32 }]}>
          <Input data-testid="bind-nickname" maxLength={32} />
        </Form.Item>
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, message: t('required') }]}>
          <Input.TextArea data-testid="bind-reason" rows={2} maxLength={800} />
        </Form.Item>
      </ModalForm>
    </>
  );
}

/** Binding relations (userDevice): device ↔ app user ↔ family, the open platform's bindings,
 * and the binding logs. */
export default function Bindings() {
  const { t } = useNamespace('device', resources);
  const mayLogs = usePagePermission('/device-manage/devicesLog');
  return (
    <Card title={t('bindings')} variant="borderless">
      <Tabs
        items={[
          { key: 'bindings', label: t('bindings'), children: <BindingList openPlatform={false} /> },
          { key: 'open', label: t('openPlatformBindings'), children: <BindingList openPlatform /> },
          ...(mayLogs('device:log:view') ? [{ key: 'logs', label: t('bindingLogs'), children: <DeviceLogList kinds={['bind', 'unbind']} testId="binding-logs" /> }] : []),
        ]}
      />
    </Card>
  );
}

import { api, Auth, usePermission, type Page, type ApiSchemas } from '@console/sdk';
import { ListPage, ModalForm, useConfirm, useDeleteByName, type ListHandle } from '@console/sdk/ui';
import { App, Button, DatePicker, Form, Input, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TENANTS_CHANGED } from '../app/events';
import { PageCard, time } from './common';

type Tenant = ApiSchemas['TenantRow'];

export default function Tenants() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Tenant> | null>(null);
  const [disabling, setDisabling] = useState<Tenant | null>(null);
  const deleteByName = useDeleteByName();
  const confirm = useConfirm();
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
    window.dispatchEvent(new Event(TENANTS_CHANGED));
  };
  return (
    <PageCard title={t('tenants.title')}>
      <ListPage<Tenant>
        handle={list}
        rowKey="id"
        testId="tenants"
        load={(q, page, pageSize) => api.post<Page<Tenant>>('/authority-service/tenantInfo/page', { ...q, page, pageSize })}
        search={
          <Form.Item name="tenantName" label={t('tenants.tenantName')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={
          <Auth action="tenant:add">
            <Button type="primary" onClick={() => setEditing({})}>
              {t('tenants.add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('tenants.tenantName'), dataIndex: 'tenantName' },
          { title: t('tenants.fullName'), dataIndex: 'fullName' },
          { title: t('tenants.abbrEn'), dataIndex: 'abbrEn' },
          { title: t('tenants.creditCode'), dataIndex: 'creditCode' },
          { title: t('tenants.kind'), render: (_, row) => (row.kind === 'robot' ? <Tag color="purple">{t('tenants.kind_robot')}</Tag> : t('tenants.kind_ordinary')) },
          {
            title: t('common.status'),
            render: (_, row) =>
              row.disabled ? (
                <Tag color="red">{row.disabledUntil ? `${t('common.disabled')} → ${time(row.disabledUntil)}` : t('common.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('common.enabled')}</Tag>
              ),
          },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Space>
                {may('tenant:edit') && <a onClick={() => setEditing(row)}>{t('common.edit')}</a>}
                {may('tenant:disable') &&
                  (row.disabled ? (
                    <a onClick={() => confirm(t('common.confirmEnable', { name: row.tenantName }), null, () => api.post('/authority-service/tenantInfo/enable', { id: row.id }).then(done))}>
                      {t('common.enable')}
                    </a>
                  ) : (
                    <a onClick={() => setDisabling(row)}>{t('common.disable')}</a>
                  ))}
                {may('tenant:delete') && (
                  <a className="danger" onClick={() => deleteByName(row.tenantName, (typed) => api.post('/authority-service/tenantInfo/delete', { id: row.id, confirmName: typed }).then(done))}>
                    {t('common.delete')}
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<Tenant>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('tenants.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ? { kind: 'ordinary', ...editing } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => api.post(editing?.id ? '/authority-service/tenantInfo/update' : '/authority-service/tenantInfo/add', { ...values, id: editing?.id }, { quiet: true }).then(done)}
      >
        <Form.Item name="tenantName" label={t('tenants.tenantName')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="fullName" label={t('tenants.fullName')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="abbrEn" label={t('tenants.abbrEn')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/ }]}>
          <Input />
        </Form.Item>
        <Form.Item name="creditCode" label={t('tenants.creditCode')} rules={[{ required: true, len: 18 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="kind" label={t('tenants.kind')} extra={t('tenants.kindHint')}>
          <Select data-testid="tenant-kind" options={(['ordinary', 'robot'] as const).map((kind) => ({ value: kind, label: t(`tenants.kind_${kind}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('tenants.description')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ disabledUntil?: Dayjs }>
        open={disabling !== null}
        title={t('common.confirmDisable', { name: disabling?.tenantName })}
        failure="disable"
        onClose={() => setDisabling(null)}
        onSubmit={(values) => api.post('/authority-service/tenantInfo/disable', { id: disabling?.id, disabledUntil: values.disabledUntil?.valueOf() }, { quiet: true }).then(done)}
      >
        <Form.Item name="disabledUntil" label={t('tenants.disabledUntil')} extra={t('tenants.disableUntilHint')}>
          <DatePicker showTime disabledDate={(d) => d.isBefore(new Date(), 'day')} />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}

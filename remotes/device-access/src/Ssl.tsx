import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { Alert, App, Button, Card, Form, Input, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';

import { resources } from './i18n';

export interface SslCertificate {
  id: string;
  name: string;
  subject: string;
  issuer: string;
  serial: string;
  dnsNames: string[];
  notBefore: number;
  notAfter: number;
  fingerprint: string;
  keyAlgorithm: string;
  chainLength: number;
  remark: string;
  expiry: 'valid' | 'expiring' | 'expired';
  daysLeft: number;
}

interface Upload {
  name: string;
  chainPem: string;
  keyPem: string;
  remark?: string;
}

const BASE = '/device-access-service';
const EXPIRY_COLOR = { valid: 'green', expiring: 'orange', expired: 'red' } as const;

export default function SslCertificates() {
  const { t } = useNamespace('device-access', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [uploading, setUploading] = useState(false);
  const [expiring, setExpiring] = useState(0);
  const reload = () => list.current?.reload();
  return (
    <Card title={t('ssl')} variant="borderless">
      {expiring > 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('expiringBanner', { count: expiring })} data-testid="ssl-expiring" />}
      <ListPage<SslCertificate>
        handle={list}
        rowKey="id"
        testId="ssl-certificates"
        load={(q, page, pageSize) =>
          api.get<Page<SslCertificate>>(`${BASE}/ssl-certificates`, { name: q.name as string, mode: q.mode as string, page, pageSize }).then((found) => {
            setExpiring(found.list.filter((row) => row.expiry !== 'valid').length);
            return found;
          })
        }
        search={
          <>
            <Form.Item name="name" label={t('certName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="device-access:ssl:upload">
            <Button type="primary" data-testid="upload-ssl" onClick={() => setUploading(true)}>
              {t('upload')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('certName'), dataIndex: 'name' },
          {
            title: t('dnsNames'),
            dataIndex: 'dnsNames',
            render: (names: string[]) => (
              <Space size={4} wrap>
                {names.map((name) => (
                  <Tag key={name}>{name}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('issuer'), dataIndex: 'issuer', ellipsis: true },
          { title: t('keyAlgorithm'), dataIndex: 'keyAlgorithm' },
          { title: t('notAfter'), dataIndex: 'notAfter', render: (v: number) => dayjs(v).format('YYYY-MM-DD') },
          {
            title: t('expiry'),
            dataIndex: 'expiry',
            render: (v: SslCertificate['expiry'], row) => <Tag color={EXPIRY_COLOR[v]}>{t(`expiry_${v}`, { count: row.daysLeft })}</Tag>,
          },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                remove={may('device-access:ssl:delete') ? { name: row.name, confirm: (typed) => api.delete(`${BASE}/ssl-certificates/${row.id}`, { confirmName: typed }).then(reload) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Upload>
        open={uploading}
        title={t('upload')}
        failure="add"
        width={720}
        onClose={() => setUploading(false)}
        onSubmit={(values) =>
          api.post(`${BASE}/ssl-certificates`, values, { quiet: true }).then(() => {
            void message.success(t('uploaded'));
            reload();
          })
        }
      >
        <Form.Item name="name" label={t('certName')} rules={[{ required: true, min: 2, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="chainPem" label={t('chainPem')} extra={t('chainHint')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder="-----BEGIN CERTIFICATE-----" />
        </Form.Item>
        <Form.Item name="keyPem" label={t('keyPem')} extra={t('keyHint')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder="-----BEGIN PRIVATE KEY-----" />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

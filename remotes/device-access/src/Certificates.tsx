import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { downloadBase64, type ListHandle, ListPage, ModalForm, RowActions, SearchModeField, useDeleteByName } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';

import { resources } from './i18n';

export interface Certificate {
  id: string;
  name: string;
  certType: 'service' | 'client' | 'mqtt';
  commonName: string;
  organization: string;
  country: string;
  dnsNames: string[];
  algorithm: 'RSA' | 'ECDSA';
  keyLength: number;
  validDays: number;
  status: 'normal' | 'revoked';
  serial: string;
  fingerprint: string;
  notBefore: number;
  notAfter: number;
  revokedAt?: number | null;
  remark: string;
}

interface Generate {
  name: string;
  certType: string;
  commonName: string;
  organization?: string;
  country?: string;
  dnsNames?: string;
  algorithm: 'RSA' | 'ECDSA';
  keyLength: number;
  validDays: number;
  keyPassword: string;
  confirmPassword: string;
  remark?: string;
}

interface ExportedFile {
  fileName: string;
  contentType: string;
  content: string;
}

const BASE = '/device-access-service';
export const TYPES = ['service', 'client', 'mqtt'] as const;
/** Encryption methods and the key lengths each offers. */
export const KEY_LENGTHS: Record<'RSA' | 'ECDSA', number[]> = { RSA: [2048, 4096], ECDSA: [256] };

export default function Certificates() {
  const { t } = useNamespace('device-access', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const confirmByName = useDeleteByName();
  const list = useRef<ListHandle>(null);
  const [generating, setGenerating] = useState<Partial<Generate> | null>(null);
  const [pkcs12, setPkcs12] = useState<Certificate | null>(null);
  const [form] = Form.useForm<Generate>();
  const algorithm = Form.useWatch('algorithm', form) ?? 'ECDSA';
  const certType = Form.useWatch('certType', form);
  const reload = () => list.current?.reload();
  const save = (file: ExportedFile) => downloadBase64(file.fileName, file.contentType, file.content);
  const download = (row: Certificate, format: 'pem' | 'pkcs12', password = '') =>
    api.post<ExportedFile>(`${BASE}/certificates/${row.id}/download`, { format, password }, { quiet: format === 'pkcs12' }).then(save);
  const generate = ({ confirmPassword: _, ...values }: Generate) =>
    api.post(`${BASE}/certificates`, values, { quiet: true }).then(() => {
      void message.success(t('generated'));
      reload();
    });
  const revoke = (row: Certificate) =>
    confirmByName(
      row.name,
      (typed) =>
        api.post(`${BASE}/certificates/${row.id}/revoke`, { confirmName: typed }).then(() => {
          void message.success(t('revoked'));
          reload();
        }),
      { title: t('revokeTitle'), ok: t('revoke'), hint: t('revokeHint', { name: row.name }), failure: 'operation' },
    );
  const downloadAuthority = () => api.get<{ certificatePem: string }>(`${BASE}/authority`).then((ca) => downloadBase64('ca.pem', 'application/x-pem-file', btoa(ca.certificatePem)));
  const expired = (row: Certificate) => row.notAfter <= Date.now();
  return (
    <Card title={t('certificates')} variant="borderless">
      <ListPage<Certificate>
        handle={list}
        rowKey="id"
        testId="certificates"
        load={(q, page, pageSize) =>
          api.get<Page<Certificate>>(`${BASE}/certificates`, { name: q.name as string, mode: q.mode as string, certType: q.certType as string, status: q.status as string, page, pageSize })
        }
        search={
          <>
            <Form.Item name="name" label={t('certName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="certType" label={t('certType')}>
              <Select allowClear style={{ width: 140 }} options={TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 140 }} options={['normal', 'revoked'].map((s) => ({ value: s, label: t(`status_${s}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <Auth action="device-access:certificate:generate">
              <Button type="primary" data-testid="generate-certificate" onClick={() => setGenerating({ certType: 'mqtt', algorithm: 'ECDSA', keyLength: 256, validDays: 365 })}>
                {t('generate')}
              </Button>
            </Auth>
            <Button onClick={() => void downloadAuthority()} data-testid="download-ca">
              {t('downloadCa')}
            </Button>
          </Space>
        }
        columns={[
          { title: t('certName'), dataIndex: 'name' },
          { title: t('certType'), dataIndex: 'certType', render: (v: string) => t(`type_${v}`) },
          { title: t('commonName'), dataIndex: 'commonName', render: (v: string) => <code>{v}</code> },
          { title: t('algorithm'), render: (_, row) => `${row.algorithm} · ${t('bits', { count: row.keyLength })}` },
          {
            title: t('notAfter'),
            dataIndex: 'notAfter',
            render: (v: number, row) => (
              <span>
                {dayjs(v).format('YYYY-MM-DD')}
                {expired(row) && <Tag style={{ marginLeft: 8 }}>{t('expiredTag')}</Tag>}
              </span>
            ),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (v: string) => <Tag color={v === 'normal' ? 'green' : 'red'}>{t(`status_${v}`)}</Tag>,
          },
          {
            title: t('serial'),
            dataIndex: 'serial',
            ellipsis: true,
            render: (v: string) => (
              <Typography.Text code copyable={{ text: v }}>
                {v.slice(0, 12)}…
              </Typography.Text>
            ),
          },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={
                  <>
                    {may('device-access:certificate:download') && (
                      <>
                        <a onClick={() => void download(row, 'pem')}>{t('downloadPem')}</a>
                        <a onClick={() => setPkcs12(row)}>{t('downloadP12')}</a>
                      </>
                    )}
                    {may('device-access:certificate:revoke') && row.status === 'normal' && (
                      <a className="danger" onClick={() => revoke(row)}>
                        {t('revoke')}
                      </a>
                    )}
                  </>
                }
                remove={
                  may('device-access:certificate:delete') && (row.status === 'revoked' || expired(row))
                    ? { name: row.name, confirm: (typed) => api.delete(`${BASE}/certificates/${row.id}`, { confirmName: typed }).then(reload) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<Generate> open={generating !== null} title={t('generate')} failure="add" form={form} initialValues={generating ?? undefined} onClose={() => setGenerating(null)} onSubmit={generate}>
        <Form.Item name="name" label={t('certName')} rules={[{ required: true, min: 2, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="certType" label={t('certType')} rules={[{ required: true }]}>
          <Select options={TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))} />
        </Form.Item>
        <Form.Item name="commonName" label={t('commonName')} extra={certType === 'mqtt' ? t('commonNameHint') : undefined} rules={[{ required: true, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="organization" label={t('organization')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="country" label={t('country')} rules={[{ pattern: /^[A-Za-z]{2}$/ }]} normalize={(v: string) => v?.toUpperCase()}>
          <Input maxLength={2} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="dnsNames" label={t('dnsNames')} extra={t('dnsNamesHint')} rules={[{ required: certType === 'service', whitespace: true }]}>
          <Input.TextArea rows={3} placeholder="mqtt.example.com" />
        </Form.Item>
        <Form.Item name="algorithm" label={t('algorithm')} rules={[{ required: true }]}>
          <Select options={(['ECDSA', 'RSA'] as const).map((a) => ({ value: a, label: a }))} onChange={(value: 'RSA' | 'ECDSA') => form.setFieldValue('keyLength', KEY_LENGTHS[value][0])} />
        </Form.Item>
        <Form.Item name="keyLength" label={t('keyLength')} rules={[{ required: true }]}>
          <Select options={KEY_LENGTHS[algorithm].map((bits) => ({ value: bits, label: t('bits', { count: bits }) }))} />
        </Form.Item>
        <Form.Item name="validDays" label={t('validDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={3650} precision={0} />
        </Form.Item>
        <Form.Item name="keyPassword" label={t('keyPassword')} extra={t('keyPasswordHint')} rules={[{ required: true, min: 8, max: 128 }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['keyPassword']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value) => (value === getFieldValue('keyPassword') ? Promise.resolve() : Promise.reject(new Error(t('passwordsDiffer')))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ password: string }>
        open={pkcs12 !== null}
        title={t('p12Title')}
        failure="operation"
        onClose={() => setPkcs12(null)}
        onSubmit={({ password }) => (pkcs12 ? download(pkcs12, 'pkcs12', password) : Promise.resolve())}
      >
        <Typography.Paragraph type="secondary">{t('p12Hint')}</Typography.Paragraph>
        <Form.Item name="password" label={t('password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="off" />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

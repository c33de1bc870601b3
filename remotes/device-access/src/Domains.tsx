import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { Alert, App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';

import { resources } from './i18n';

export type DomainKind = 'device' | 'service' | 'self';

export interface Domain {
  id: string;
  kind: DomainKind;
  name: string;
  priority: number;
  country: string;
  serviceName: string;
  validFrom?: number | null;
  validUntil?: number | null;
  permanentlyDisabled: boolean;
  sslCertificateId: string;
  remark: string;
  active: boolean;
  version: number;
}

interface SslOption {
  id: string;
  name: string;
  dnsNames: string[];
  notAfter: number;
}

type DomainForm = Omit<Domain, 'validFrom' | 'validUntil'> & { validity?: [Dayjs | null, Dayjs | null] | null };

const BASE = '/device-access-service';
const when = (ms?: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');

/** Looks up the domain a device or app in a country uses for a service, as the device route answers. */
function ResolveCard() {
  const { t } = useNamespace('device-access', resources);
  const [answer, setAnswer] = useState<{ name: string; priority: number } | null>(null);
  return (
    <Form
      layout="inline"
      style={{ marginBottom: 16 }}
      data-testid="resolve-domain"
      onFinish={(values: { country?: string; serviceName: string }) =>
        api.get<{ name: string; priority: number }>(`${BASE}/domain-resolve`, { country: values.country ?? '', serviceName: values.serviceName }).then(setAnswer, () => setAnswer(null))
      }
    >
      <Typography.Text strong style={{ marginRight: 12, lineHeight: '32px' }}>
        {t('resolveTitle')}
      </Typography.Text>
      <Form.Item name="country" label={t('country')}>
        <Input style={{ width: 80 }} maxLength={2} />
      </Form.Item>
      <Form.Item name="serviceName" label={t('serviceName')} rules={[{ required: true }]}>
        <Input style={{ width: 120 }} />
      </Form.Item>
      <Button htmlType="submit">{t('resolve')}</Button>
      {answer && <Alert style={{ marginLeft: 12 }} type="success" showIcon title={t('resolved', answer)} />}
    </Form>
  );
}

export function DomainsPage({ kind }: { kind: DomainKind }) {
  const { t } = useNamespace('device-access', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<DomainForm> | null>(null);
  const [ssl, setSsl] = useState<SslOption[]>([]);
  useEffect(() => {
    if (kind === 'self') void api.get<SslOption[]>(`${BASE}/self-domains/ssl-options`).then(setSsl);
  }, [kind]);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  const edit = (row: Domain) => setEditing({ ...row, validity: row.validFrom || row.validUntil ? [row.validFrom ? dayjs(row.validFrom) : null, row.validUntil ? dayjs(row.validUntil) : null] : null });
  const save = ({ validity, ...values }: DomainForm) => {
    const body = { ...values, kind, validFrom: validity?.[0]?.valueOf() ?? null, validUntil: validity?.[1]?.valueOf() ?? null };
    return editing?.id ? api.put(`${BASE}/domains/${editing.id}`, { ...body, version: editing.version }, { quiet: true }).then(done) : api.post(`${BASE}/domains`, body, { quiet: true }).then(done);
  };
  const sslName = (id: string) => ssl.find((s) => s.id === id)?.name ?? id;
  return (
    <Card title={t(`domains_${kind}`)} variant="borderless">
      <Typography.Paragraph type="secondary">{t(`hint_${kind}`)}</Typography.Paragraph>
      {kind !== 'self' && <ResolveCard />}
      <ListPage<Domain>
        params={kind}
        handle={list}
        rowKey="id"
        testId={`domains-${kind}`}
        load={(q, page, pageSize) =>
          api.get<Page<Domain>>(`${BASE}/domains`, {
            kind,
            name: q.name as string,
            mode: q.mode as string,
            country: (q.country as string)?.toUpperCase(),
            serviceName: q.serviceName as string,
            page,
            pageSize,
          })
        }
        search={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="country" label={t('country')}>
              <Input allowClear style={{ width: 80 }} maxLength={2} />
            </Form.Item>
            <Form.Item name="serviceName" label={t('serviceName')}>
              <Input allowClear style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="device-access:domain:add">
            <Button type="primary" data-testid="add-domain" onClick={() => setEditing({ priority: 0, permanentlyDisabled: false })}>
              {t('addDomain')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('name'), dataIndex: 'name', render: (v: string) => <code style={{ whiteSpace: 'nowrap' }}>{v}</code> },
          { title: t('country'), dataIndex: 'country', render: (v: string) => v || t('allCountries') },
          { title: t('serviceName'), dataIndex: 'serviceName' },
          { title: t('priority'), dataIndex: 'priority' },
          {
            title: t('validity'),
            render: (_, row) => (row.validFrom || row.validUntil ? `${when(row.validFrom)} – ${when(row.validUntil)}` : t('always')),
          },
          ...(kind === 'self' ? [{ title: t('sslCertificate'), dataIndex: 'sslCertificateId', render: (v: string) => sslName(v) }] : []),
          {
            title: t('state'),
            render: (_, row) => (row.permanentlyDisabled ? <Tag color="red">{t('permanentlyDisabled')}</Tag> : row.active ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>),
          },
          { title: t('remark'), dataIndex: 'remark', ellipsis: true },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('device-access:domain:edit') ? () => edit(row) : undefined}
                remove={may('device-access:domain:delete') ? { name: row.name, confirm: (typed) => api.delete(`${BASE}/domains/${row.id}`, { confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<DomainForm>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addDomain')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={save}
      >
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 253, pattern: /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/ }]}>
          <Input placeholder="mqtt.eu.example.com" />
        </Form.Item>
        <Form.Item name="country" label={t('country')} extra={t('countryHint')} rules={[{ pattern: /^[A-Za-z]{2}$/ }]} normalize={(v: string) => v?.toUpperCase()}>
          <Input maxLength={2} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="serviceName" label={t('serviceName')} rules={[{ required: true, max: 40, pattern: /^[A-Za-z0-9_-]+$/ }]}>
          <Input placeholder="mqtt" />
        </Form.Item>
        <Form.Item name="priority" label={t('priority')} extra={t('priorityHint')} rules={[{ required: true }]}>
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="validity" label={t('validity')}>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        {kind === 'self' && (
          <Form.Item name="sslCertificateId" label={t('sslCertificate')} rules={[{ required: true }]}>
            <Select options={ssl.map((s) => ({ value: s.id, label: `${s.name} (${s.dnsNames.join(', ')})` }))} />
          </Form.Item>
        )}
        <Form.Item name="permanentlyDisabled" label={t('permanentlyDisabled')} valuePropName="checked" extra={t('permanentHint')}>
          <Switch disabled={Boolean(editing?.id && editing.permanentlyDisabled)} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

export const DeviceDomains = () => <DomainsPage kind="device" />;
export const ServiceDomains = () => <DomainsPage kind="service" />;
export const SelfDomains = () => <DomainsPage kind="self" />;

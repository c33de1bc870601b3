import { RequestError } from '@console/sdk';
import { ResourcePage, SearchModeField, showFieldError } from '@console/sdk/ui';
import { App, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useLayoutEffect, useState } from 'react';

import { Link, SecretHintText, useEnterprises, useLinkRules, useTexts, ViewGuard, when } from './parts';
import { BUCKET_NAME, HTTP_LINK } from './rules';
import { buckets, PATHS } from './service';
import { type AccessRight, ACCESS_RIGHTS, type AccessUrl, type Bucket, CLOUD_SERVICES, DEFAULT_URL_SECS, type Enterprise, MAX_URL_SECS, SECRET_MAX, SECRET_MIN, type SecretHint } from './types';

/** What a bucket's form sends: the access key's secret trimmed (empty keeps the stored one). */
function toBody(values: Record<string, unknown>): Record<string, unknown> {
  return { ...values, key: typeof values.key === 'string' ? values.key.trim() : '' };
}

/** A row being edited: its stored secret's hint, apart from its (empty) field. */
type Editing = Partial<Bucket> & { storedKey?: SecretHint };

const toForm = (row: Bucket) => ({ key: undefined, storedKey: row.key });

const RIGHT_COLORS: Record<AccessRight, string> = { 'read-write': 'warning', 'read-only': 'processing', private: 'default' };

/**
 * The access key's secret: typed (the cloud service issued it, nothing to generate), required when
 * adding; on edit the stored one's hint shows and an empty field keeps it.
 */
function KeyField({ hint }: { hint?: SecretHint }) {
  const { t } = useTexts();
  const editing = hint !== undefined;
  const length = t('secretLength', { min: SECRET_MIN, max: SECRET_MAX });
  return (
    <Form.Item
      name="key"
      label={t('accessKeySecret')}
      required={!editing}
      extra={editing ? t('keyKept', { hint: hint.hint || '—' }) : t('keyOnce')}
      rules={[
        { required: !editing, whitespace: true, message: t('required') },
        { min: SECRET_MIN, message: length },
        { max: SECRET_MAX, message: length },
        { pattern: /^\S*$/, message: t('noSpaces') },
      ]}
    >
      <Input.Password autoComplete="new-password" data-testid="bucket-key" placeholder={editing ? t('secretKeepPlaceholder') : undefined} />
    </Form.Item>
  );
}

function BucketFields({ editing, enterprises }: { editing: Editing; enterprises: Enterprise[] }) {
  const { t } = useTexts();
  const endpointRules = useLinkRules(true);
  const domainRules = useLinkRules(false);
  const required = { required: true, message: t('required') };
  const text = { ...required, whitespace: true };
  return (
    <>
      {editing.id && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'configId',
              label: t('configId'),
              children: (
                <Typography.Text copyable data-testid="config-id">
                  {editing.configId}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
      <Form.Item
        name="objectName"
        label={t('objectName')}
        rules={[text, { validator: (_, name: string | undefined) => (!name?.trim() || BUCKET_NAME.test(name.trim()) ? Promise.resolve() : Promise.reject(new Error(t('objectNameRule')))) }]}
      >
        <Input data-testid="bucket-object-name" placeholder="my-bucket" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="cloudService" label={t('cloudService')} rules={[required]}>
          <Select style={{ width: 200 }} data-testid="bucket-cloud-service" options={CLOUD_SERVICES.map((s) => ({ value: s, label: t(`cloud_${s}`) }))} />
        </Form.Item>
        <Form.Item name="region" label={t('storageRegion')} rules={[text, { max: 64 }]} extra={t('storageRegionHint')}>
          <Input style={{ width: 260 }} data-testid="bucket-region" placeholder="oss-cn-hangzhou" />
        </Form.Item>
      </Space>
      <Form.Item name="endpoint" label={t('endpoint')} rules={endpointRules} extra={t('endpointHint')}>
        <Input data-testid="bucket-endpoint" placeholder="https://" />
      </Form.Item>
      <Form.Item name="objectDomain" label={t('objectDomain')} rules={domainRules} extra={t('objectDomainHint')}>
        <Input data-testid="bucket-object-domain" placeholder="https://" />
      </Form.Item>
      <Form.Item name="cdnDomain" label={t('cdnDomain')} rules={domainRules} extra={t('cdnDomainHint')}>
        <Input data-testid="bucket-cdn-domain" placeholder="https://" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="ramAccount" label={t('ramAccount')} rules={[{ max: 80 }]}>
          <Input style={{ width: 260 }} data-testid="bucket-ram-account" />
        </Form.Item>
        <Form.Item name="keyId" label={t('accessKeyId')} rules={[text, { max: 128 }]}>
          <Input style={{ width: 300 }} data-testid="bucket-key-id" autoComplete="off" />
        </Form.Item>
      </Space>
      <KeyField hint={editing.id ? (editing.storedKey ?? { hint: '' }) : undefined} />
      <Form.Item name="accessRight" label={t('accessRight')} rules={[required]} extra={t('accessRightHint')}>
        <Select style={{ width: 200 }} data-testid="bucket-access-right" options={ACCESS_RIGHTS.map((r) => ({ value: r, label: t(`right_${r}`) }))} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="applicationType" label={t('applicationType')} rules={[{ max: 32 }]}>
          <Input style={{ width: 200 }} data-testid="bucket-application-type" />
        </Form.Item>
        <Form.Item name="serviceType" label={t('serviceType')} rules={[{ max: 32 }]}>
          <Input style={{ width: 200 }} data-testid="bucket-service-type" />
        </Form.Item>
      </Space>
      <Form.Item name="enterpriseId" label={t('enterprise')} rules={[required]}>
        <Select style={{ width: 280 }} showSearch={{ optionFilterProp: 'label' }} data-testid="bucket-enterprise" options={enterprises.map((e) => ({ value: e.id, label: e.tenantName }))} />
      </Form.Item>
    </>
  );
}

interface AccessValues {
  objectKey: string;
  expiresSecs: number;
}

/**
 * The access URL of an object in `bucket`: signed for a limited time when the bucket is private
 * (or public without a domain), its plain address on the CDN or object domain otherwise.
 */
function AccessUrlDialog({ bucket, open, onClose }: { bucket: Bucket; open: boolean; onClose: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<AccessValues>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AccessUrl | null>(null);
  useLayoutEffect(() => {
    if (open) {
      form.resetFields();
      setResult(null);
    }
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values === undefined) return;
    setBusy(true);
    try {
      setResult(await buckets.accessUrl(bucket.id, { objectKey: values.objectKey.trim(), expiresSecs: values.expiresSecs }));
    } catch (error) {
      setResult(null);
      if (!showFieldError(form, error) && !(error instanceof RequestError && error.shown)) {
        void message.error(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('accessUrlTitle', { name: bucket.objectName })}
      okText={t('getUrl')}
      cancelText={t('close')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      width={640}
      destroyOnHidden
    >
      <Form form={form} name="access-url" layout="vertical" preserve={false} initialValues={{ expiresSecs: DEFAULT_URL_SECS }} onValuesChange={() => setResult(null)}>
        <Form.Item name="objectKey" label={t('objectKey')} extra={t('objectKeyHint')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 1024 }]}>
          <Input data-testid="access-url-key" placeholder="images/logo.png" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item
          name="expiresSecs"
          label={t('expiresSecs')}
          extra={t('expiresSecsHint', { max: MAX_URL_SECS })}
          rules={[
            { required: true, message: t('required') },
            { type: 'integer', min: 1, max: MAX_URL_SECS, message: t('expiresSecsRule', { max: MAX_URL_SECS }) },
          ]}
        >
          <InputNumber min={1} max={MAX_URL_SECS} precision={0} style={{ width: 200 }} data-testid="access-url-expires" />
        </Form.Item>
      </Form>
      {result && (
        <div data-testid="access-url-result">
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {HTTP_LINK.test(result.url) ? (
              <Typography.Link href={result.url} target="_blank" rel="noopener noreferrer" copyable={{ text: result.url }} style={{ wordBreak: 'break-all' }}>
                {result.url}
              </Typography.Link>
            ) : (
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {result.url}
              </Typography.Text>
            )}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{result.signed ? t('urlSigned', { time: when(result.expiresAt) }) : t('urlPublic')}</Typography.Text>
        </div>
      )}
    </Modal>
  );
}

/**
 * A row's "Access URL" link with its own dialog: the page's list is not rendered again when it
 * opens (a new render would load the list's first page again).
 */
function AccessUrlAction({ bucket }: { bucket: Bucket }) {
  const { t } = useTexts();
  const [open, setOpen] = useState(false);
  return (
    <>
      <a onClick={() => setOpen(true)} data-testid={`access-url-${bucket.objectName}`}>
        {t('accessUrl')}
      </a>
      <AccessUrlDialog bucket={bucket} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * Object storage (/app-manage/aliyun): buckets on S3-compatible services, each serving an
 * enterprise; the access key's secret sealed and shown by its hint only; an object's access URL.
 */
export default function Buckets() {
  const { t } = useTexts();
  const enterprises = useEnterprises();
  const services = CLOUD_SERVICES.map((s) => ({ value: s, label: t(`cloud_${s}`) }));
  const rights = ACCESS_RIGHTS.map((r) => ({ value: r, label: t(`right_${r}`) }));
  const plain = (value: string) => value || '—';
  return (
    <ViewGuard action="app:storage:view">
      <ResourcePage<Bucket>
        title={t('buckets')}
        path={PATHS.buckets}
        testId="buckets"
        name={(row) => row.objectName}
        actions={{ add: 'app:storage:edit', edit: 'app:storage:edit', delete: 'app:storage:delete' }}
        addLabel={t('addBucket')}
        addTestId="add-bucket"
        formWidth={680}
        defaults={{ cloudService: 'aliyun-oss', accessRight: 'private' }}
        transform={toBody}
        toForm={toForm}
        search={
          <>
            <Form.Item name="objectName" label={t('objectName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="enterpriseName" label={t('enterprise')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="cloudService" label={t('cloudService')}>
              <Select allowClear style={{ width: 180 }} options={services} />
            </Form.Item>
            <Form.Item name="accessRight" label={t('accessRight')}>
              <Select allowClear style={{ width: 160 }} options={rights} />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'objectName', title: t('objectName'), dataIndex: 'objectName' },
          { key: 'cloudService', title: t('cloudService'), render: (_, row) => t(`cloud_${row.cloudService}`, { defaultValue: row.cloudService }) },
          { key: 'region', title: t('storageRegion'), dataIndex: 'region' },
          { key: 'endpoint', title: t('endpoint'), render: (_, row) => <Link href={row.endpoint} /> },
          { key: 'objectDomain', title: t('objectDomain'), render: (_, row) => <Link href={row.objectDomain} /> },
          { key: 'cdnDomain', title: t('cdnDomain'), render: (_, row) => <Link href={row.cdnDomain} /> },
          { key: 'ramAccount', title: t('ramAccount'), render: (_, row) => plain(row.ramAccount) },
          { key: 'keyId', title: t('accessKeyId'), render: (_, row) => <Typography.Text copyable>{row.keyId}</Typography.Text> },
          { key: 'key', title: t('accessKeySecret'), render: (_, row) => <SecretHintText secret={row.key} /> },
          {
            key: 'accessRight',
            title: t('accessRight'),
            render: (_, row) => <Tag color={RIGHT_COLORS[row.accessRight] ?? 'default'}>{t(`right_${row.accessRight}`, { defaultValue: row.accessRight })}</Tag>,
          },
          { key: 'applicationType', title: t('applicationType'), render: (_, row) => plain(row.applicationType) },
          { key: 'serviceType', title: t('serviceType'), render: (_, row) => plain(row.serviceType) },
          { key: 'enterprise', title: t('enterprise'), render: (_, row) => row.enterpriseName || `#${row.enterpriseId}` },
          { key: 'configId', title: t('configId'), render: (_, row) => <Typography.Text copyable>{row.configId}</Typography.Text> },
        ]}
        rowExtra={(row) => <AccessUrlAction bucket={row} />}
        form={(editing) => <BucketFields editing={editing} enterprises={enterprises} />}
      />
    </ViewGuard>
  );
}

import { api, Auth, RequestError } from '@console/sdk';
import { showFieldError } from '@console/sdk/ui';
import { App, Button, DatePicker, Descriptions, Form, Input, InputNumber, Select, Space, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

dayjs.extend(utc);

/** A time stamp in seconds or milliseconds: ten digits or fewer are seconds (until 2286). */
export function readTimestamp(text: string): { ms: number; unit: 'seconds' | 'milliseconds' } | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,16}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Math.abs(value) < 1e11 ? { ms: value * 1000, unit: 'seconds' } : { ms: value, unit: 'milliseconds' };
}

/** JSON formatted with `indent` spaces (0: on one line), or where it is not JSON. */
export function formatJson(text: string, indent: number): { text: string } | { error: string } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, indent) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function TimestampTool() {
  const { t } = useTranslation();
  const [text, setText] = useState(String(Date.now()));
  const read = readTimestamp(text);
  const [picked, setPicked] = useState<Dayjs | null>(dayjs());
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input aria-label={t('tools.timestamp')} value={text} onChange={(e) => setText(e.target.value)} status={read ? undefined : 'error'} />
        <Button onClick={() => setText(String(Date.now()))}>{t('tools.now')}</Button>
      </Space.Compact>
      {read ? (
        <Descriptions bordered size="small" column={1} data-testid="timestamp-result">
          <Descriptions.Item label={t('tools.unit')}>{t(`tools.${read.unit}`)}</Descriptions.Item>
          <Descriptions.Item label={t('tools.localTime')}>{dayjs(read.ms).format('YYYY-MM-DD HH:mm:ss.SSS Z')}</Descriptions.Item>
          <Descriptions.Item label="UTC">{dayjs(read.ms).utc().format('YYYY-MM-DD HH:mm:ss.SSS')}</Descriptions.Item>
          <Descriptions.Item label="ISO 8601">{new Date(read.ms).toISOString()}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="danger">{t('tools.notTimestamp')}</Typography.Text>
      )}
      <Space wrap>
        <DatePicker aria-label={t('tools.pickTime')} showTime value={picked} onChange={setPicked} />
        {picked && <Typography.Text copyable>{picked.valueOf()}</Typography.Text>}
        {picked && <Typography.Text copyable>{picked.unix()}</Typography.Text>}
      </Space>
    </Space>
  );
}

interface SignatureForm {
  clientId: string;
  sn: string;
  productKey: string;
  timestamp: string;
  secret: string;
  secretEncoding: 'text' | 'hex' | 'base64';
  signature?: string;
}

interface SignatureAnswer {
  content: string;
  signature: string;
  matches: boolean | null;
  skewSeconds: number;
}

function SignatureTool() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SignatureForm>();
  const [answer, setAnswer] = useState<SignatureAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async (values: SignatureForm) => {
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await api.post<SignatureAnswer>('/authority-service/tools/device-signature', { ...values, timestamp: String(values.timestamp) }, { quiet: true }));
    } catch (error) {
      if (!showFieldError(form, error) && error instanceof RequestError && !error.shown) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  const required = [{ required: true, message: t('crypt.required') }];
  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('tools.signatureHint')}</Typography.Paragraph>
      <Form<SignatureForm> form={form} layout="vertical" initialValues={{ secretEncoding: 'text', timestamp: String(Date.now()) }} onFinish={(v) => void check(v)}>
        <Space wrap>
          <Form.Item name="clientId" label={t('tools.clientId')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="sn" label="SN" rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="productKey" label={t('tools.productKey')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="timestamp" label={t('tools.timestampMs')} rules={required}>
            <InputNumber stringMode style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Form.Item label={t('tools.secret')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="secret" noStyle rules={required}>
              <Input.Password aria-label={t('tools.secret')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="secretEncoding" noStyle>
              <Select
                aria-label={t('crypt.encoding')}
                style={{ width: 150 }}
                options={[
                  { value: 'text', label: t('crypt.encoding_text') },
                  { value: 'hex', label: t('crypt.encoding_hex') },
                  { value: 'base64', label: t('crypt.encoding_base64') },
                ]}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="signature" label={t('tools.deviceSignature')} extra={t('tools.deviceSignatureHint')}>
          <Input spellCheck={false} />
        </Form.Item>
        <Auth action="tools:use">
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('tools.check')}
          </Button>
        </Auth>
      </Form>
      {answer && (
        <Descriptions bordered size="small" column={1} style={{ marginTop: 24 }} data-testid="signature-result">
          <Descriptions.Item label={t('tools.content')}>
            <Typography.Text copyable code>
              {answer.content}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('tools.computed')}>
            <Typography.Text copyable code>
              {answer.signature}
            </Typography.Text>
          </Descriptions.Item>
          {answer.matches !== null && (
            <Descriptions.Item label={t('tools.deviceSignature')}>
              {answer.matches ? <Tag color="success">{t('tools.matches')}</Tag> : <Tag color="error">{t('tools.mismatch')}</Tag>}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('tools.skew')}>{t('tools.skewSeconds', { count: answer.skewSeconds })}</Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}

function JsonTool() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const apply = (indent: number) => {
    const result = formatJson(text, indent);
    if ('error' in result) setError(t('tools.jsonInvalid', { reason: result.error }));
    else {
      setError('');
      setText(result.text);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 960 }}>
      <Input.TextArea aria-label="JSON" value={text} onChange={(e) => setText(e.target.value)} rows={16} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Space>
        <Button type="primary" onClick={() => apply(2)}>
          {t('tools.format')}
        </Button>
        <Button onClick={() => apply(0)}>{t('tools.minify')}</Button>
      </Space>
    </Space>
  );
}

/** The operators' utilities (/system-config/tools): time stamps, device signatures, JSON. */
export default function Tools() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('tools.title')}>
      <Tabs
        items={[
          { key: 'timestamp', label: t('tools.timestamp'), children: <TimestampTool /> },
          { key: 'signature', label: t('tools.signature'), children: <SignatureTool /> },
          { key: 'json', label: 'JSON', children: <JsonTool /> },
        ]}
      />
    </PageCard>
  );
}

import { api, Auth, RequestError } from '@console/sdk';
import { downloadBase64, showFieldError } from '@console/sdk/ui';
import { Alert, App, Button, Form, Input, Radio, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { fileBase64, PageCard } from './common';

type Encoding = 'text' | 'hex' | 'base64';
type Algorithm = 'AES-128-GCM' | 'AES-256-GCM' | 'AES-128-CBC' | 'AES-256-CBC';

interface CryptForm {
  operation: 'encrypt' | 'decrypt';
  algorithm: Algorithm;
  key: string;
  keyEncoding: Encoding;
  iv: string;
  ivEncoding: Encoding;
  source: 'text' | 'file';
  data: string;
  dataEncoding: Encoding;
  outputEncoding: Encoding;
}

interface CryptAnswer {
  output: string;
  bytes: number;
}

/** The host's bound (`tools::MAX_DATA_BYTES`). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const ALGORITHMS: Algorithm[] = ['AES-128-GCM', 'AES-256-GCM', 'AES-128-CBC', 'AES-256-CBC'];
const ivBytes = (algorithm: Algorithm) => (algorithm.endsWith('GCM') ? 12 : 16);

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Encrypts and decrypts what devices exchange (/system-config/encrypt-decode): AES-GCM and
 * AES-CBC, key and IV in text, hex or Base64, text or a file. The host does the work, so the
 * page and a device's firmware agree on the same implementation the platform uses.
 */
export default function EncryptTool() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CryptForm>();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<(CryptAnswer & { encoding: Encoding }) | null>(null);
  const [busy, setBusy] = useState(false);
  const source = Form.useWatch('source', form) ?? 'text';
  const algorithm = Form.useWatch('algorithm', form) ?? 'AES-128-GCM';
  const operation = Form.useWatch('operation', form) ?? 'encrypt';

  const encodings = (withText: boolean) => [
    ...(withText ? [{ value: 'text', label: t('crypt.encoding_text') }] : []),
    { value: 'hex', label: t('crypt.encoding_hex') },
    { value: 'base64', label: t('crypt.encoding_base64') },
  ];
  const encodingOf = (name: 'keyEncoding' | 'ivEncoding' | 'dataEncoding', withText = true) => (
    <Form.Item name={name} noStyle>
      <Select aria-label={t('crypt.encoding')} style={{ width: 150 }} options={encodings(withText)} />
    </Form.Item>
  );

  const run = async (values: CryptForm) => {
    setBusy(true);
    setAnswer(null);
    try {
      const fromFile = values.source === 'file';
      if (fromFile && !file) {
        form.setFields([{ name: 'data', errors: [t('crypt.chooseFile')] }]);
        return;
      }
      const data = fromFile && file ? await fileBase64(file) : values.data;
      const dataEncoding = fromFile ? 'base64' : values.dataEncoding;
      // A file's result is kept in Base64 for the download.
      const outputEncoding = fromFile ? 'base64' : values.outputEncoding;
      const { source: _source, ...rest } = values;
      const result = await api.post<CryptAnswer>('/authority-service/tools/crypt', { ...rest, data, dataEncoding, outputEncoding }, { quiet: true });
      setAnswer({ ...result, encoding: outputEncoding });
    } catch (error) {
      if (!showFieldError(form, error) && error instanceof RequestError && !error.shown) void message.error(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageCard title={t('crypt.title')}>
      <Form<CryptForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        onFinish={(values) => void run(values)}
        initialValues={{ operation: 'encrypt', algorithm: 'AES-128-GCM', keyEncoding: 'hex', ivEncoding: 'hex', source: 'text', dataEncoding: 'text', outputEncoding: 'base64' }}
        onValuesChange={(changed: Partial<CryptForm>) => {
          // Decrypting usually reads Base64 and shows text; encrypting the other way round.
          if (changed.operation === 'decrypt') form.setFieldsValue({ dataEncoding: 'base64', outputEncoding: 'text' });
          if (changed.operation === 'encrypt') form.setFieldsValue({ dataEncoding: 'text', outputEncoding: 'base64' });
        }}
      >
        <Space wrap size="large">
          <Form.Item name="operation" label={t('crypt.operation')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'encrypt', label: t('crypt.encrypt') },
                { value: 'decrypt', label: t('crypt.decrypt') },
              ]}
            />
          </Form.Item>
          <Form.Item name="algorithm" label={t('crypt.algorithm')}>
            <Select style={{ width: 180 }} options={ALGORITHMS.map((value) => ({ value, label: value }))} />
          </Form.Item>
        </Space>
        <Form.Item label={t('crypt.key')} extra={t('crypt.keyHint', { count: algorithm.startsWith('AES-256') ? 32 : 16 })} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="key" noStyle rules={[{ required: true, message: t('crypt.required') }]}>
              <Input.Password aria-label={t('crypt.key')} autoComplete="off" />
            </Form.Item>
            {encodingOf('keyEncoding')}
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('crypt.iv')} extra={t('crypt.ivHint', { count: ivBytes(algorithm) })} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="iv" noStyle rules={[{ required: true, message: t('crypt.required') }]}>
              <Input aria-label={t('crypt.iv')} autoComplete="off" />
            </Form.Item>
            {encodingOf('ivEncoding')}
            <Button onClick={() => form.setFieldsValue({ iv: toHex(crypto.getRandomValues(new Uint8Array(ivBytes(algorithm)))), ivEncoding: 'hex' })}>{t('crypt.generateIv')}</Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="source" label={t('crypt.input')}>
          <Radio.Group
            options={[
              { value: 'text', label: t('crypt.source_text') },
              { value: 'file', label: t('crypt.source_file') },
            ]}
          />
        </Form.Item>
        {source === 'text' ? (
          <Form.Item label={operation === 'encrypt' ? t('crypt.plaintext') : t('crypt.ciphertext')} required>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Form.Item name="data" noStyle rules={[{ required: true, message: t('crypt.required') }]}>
                <Input.TextArea aria-label={operation === 'encrypt' ? t('crypt.plaintext') : t('crypt.ciphertext')} rows={5} spellCheck={false} />
              </Form.Item>
              <Space>
                <Typography.Text type="secondary">{t('crypt.encoding')}</Typography.Text>
                {encodingOf('dataEncoding')}
                <Typography.Text type="secondary">{t('crypt.outputEncoding')}</Typography.Text>
                <Form.Item name="outputEncoding" noStyle>
                  <Select aria-label={t('crypt.outputEncoding')} style={{ width: 150 }} options={encodings(true)} />
                </Form.Item>
              </Space>
            </Space>
          </Form.Item>
        ) : (
          <Form.Item name="data" label={t('crypt.file')} extra={t('crypt.fileLimit', { mib: MAX_FILE_BYTES >> 20 })}>
            <Upload
              maxCount={1}
              beforeUpload={(chosen) => {
                if (chosen.size > MAX_FILE_BYTES) {
                  form.setFields([{ name: 'data', errors: [t('crypt.fileTooLarge', { mib: MAX_FILE_BYTES >> 20 })] }]);
                  return Upload.LIST_IGNORE;
                }
                form.setFields([{ name: 'data', errors: [] }]);
                setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button>{t('crypt.chooseFile')}</Button>
            </Upload>
          </Form.Item>
        )}
        {algorithm.endsWith('GCM') && <Alert type="info" showIcon title={t('crypt.gcmNote')} style={{ marginBottom: 16 }} />}
        <Auth action="crypt:use">
          {/* Named by a test id: while antd's loading icon leaves, the button's name is "loading …". */}
          <Button type="primary" htmlType="submit" loading={busy} data-testid="crypt-run">
            {operation === 'encrypt' ? t('crypt.encrypt') : t('crypt.decrypt')}
          </Button>
        </Auth>
      </Form>
      {answer && (
        <div style={{ maxWidth: 760, marginTop: 24 }} data-testid="crypt-result">
          <Typography.Title level={5}>{t('crypt.result', { count: answer.bytes })}</Typography.Title>
          {source === 'file' && file ? (
            <Button onClick={() => downloadBase64(`${file.name}.${operation === 'encrypt' ? 'enc' : 'dec'}`, 'application/octet-stream', answer.output)}>{t('crypt.download')}</Button>
          ) : (
            <Typography.Paragraph copyable={{ text: answer.output }} className="crypt-output">
              <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>{answer.output}</pre>
            </Typography.Paragraph>
          )}
        </div>
      )}
    </PageCard>
  );
}

import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/** A file as plugin routes take it: name and base64 content (the server measures and hashes it). */
export interface FileUpload {
  fileName: string;
  content: string;
}

export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** One file as a controlled value, for a Form.Item. */
function FilePicker({ value, onChange, accept, maxBytes }: { value?: FileUpload; onChange?: (file?: FileUpload) => void; accept?: string; maxBytes: number }) {
  const { t } = useTranslation('sdk');
  const { message } = App.useApp();
  const mib = Math.round(maxBytes / 1048576);
  return (
    <Upload
      maxCount={1}
      accept={accept}
      fileList={value ? [{ uid: '1', name: value.fileName, status: 'done' }] : []}
      onRemove={() => onChange?.(undefined)}
      beforeUpload={async (file) => {
        if (file.size > maxBytes) void message.error(t('fileTooLarge', { mib }));
        else onChange?.({ fileName: file.name, content: await readAsBase64(file) });
        return false;
      }}
    >
      <Button icon={<UploadOutlined />}>{t('chooseFile')}</Button>
    </Upload>
  );
}

/** A form field holding one file as a {@link FileUpload}; nothing is sent until the form is. */
export function UploadField({ name, label, required = true, accept, maxBytes = 6 * 1024 * 1024 }: { name: string; label: string; required?: boolean; accept?: string; maxBytes?: number }) {
  const { t } = useTranslation('sdk');
  return (
    <Form.Item name={name} label={label} rules={[{ required, message: t('chooseFile') }]} extra={t('fileLimit', { mib: Math.round(maxBytes / 1048576) })}>
      <FilePicker accept={accept} maxBytes={maxBytes} />
    </Form.Item>
  );
}

/** Saves a file the server sent as base64 (reports, exports). */
export function downloadBase64(fileName: string, contentType: string, content: string) {
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

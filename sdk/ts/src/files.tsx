import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Upload, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, RequestError, UPLOAD_CANCELLED, type UploadTask, uploadFile } from './request';
import { type Task, TASKS_CHANGED, taskQuery } from './tasks';

function sizeText(bytes: number) {
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

interface PickerProps {
  id?: string;
  value?: string;
  onChange?: (uploadId?: string) => void;
  field: string;
  mount: string;
  purpose: string;
  accept?: string;
  maxMib: number;
}

/**
 * One file, streamed to the host as soon as it is chosen: a progress bar while it goes, removing
 * it cancels, and the host's refusal (too large, wrong kind, encrypted) shows on the field. The
 * field's value is the upload id the plugin route claims.
 */
function UploadPicker({ id, value, onChange, field, mount, purpose, accept, maxMib }: PickerProps) {
  const { t } = useTranslation('sdk');
  const form = Form.useFormInstance();
  const [item, setItem] = useState<UploadFile | null>(null);
  const task = useRef<UploadTask | null>(null);
  useEffect(() => () => task.current?.cancel(), []);
  // The form was reset (closed, or saved): forget the file.
  useEffect(() => {
    if (value === undefined && item?.status === 'done') setItem(null);
  }, [value, item?.status]);

  const refuse = (message: string) => form.setFields([{ name: field, errors: [message] }]);
  const start = (file: File) => {
    task.current?.cancel();
    onChange?.(undefined);
    if (file.size > maxMib * 1048576) {
      setItem(null);
      refuse(t('fileTooLarge', { mib: maxMib }));
      return;
    }
    form.setFields([{ name: field, errors: [] }]);
    const uid = `${Date.now()}`;
    setItem({ uid, name: file.name, status: 'uploading', percent: 0 });
    const upload = uploadFile(mount, purpose, file, (percent) => setItem((current) => (current?.uid === uid ? { ...current, percent } : current)));
    task.current = upload;
    upload.done.then(
      (uploaded) => {
        setItem({ uid, name: `${uploaded.fileName} (${sizeText(uploaded.size)})`, status: 'done', percent: 100 });
        onChange?.(uploaded.uploadId);
      },
      (error: unknown) => {
        if (error instanceof RequestError && error.code === UPLOAD_CANCELLED) return;
        setItem({ uid, name: file.name, status: 'error' });
        // Said as an upload's failure, then the host's reason when it gave one.
        const reason = error instanceof RequestError ? error.message : '';
        refuse(reason ? `${t('uploadFailed')} ${reason}` : t('uploadFailed'));
      },
    );
  };

  return (
    <Upload
      id={id}
      maxCount={1}
      accept={accept}
      fileList={item ? [item] : []}
      showUploadList={{ showRemoveIcon: true }}
      onRemove={() => {
        task.current?.cancel();
        task.current = null;
        setItem(null);
        onChange?.(undefined);
      }}
      beforeUpload={(file) => {
        start(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} data-testid={`upload-${field}`}>
        {t('chooseFile')}
      </Button>
    </Upload>
  );
}

/**
 * A form field holding one uploaded file: the file streams to the host for the plugin's `purpose`
 * (declared in its manifest) as soon as it is chosen; the form sends the upload id.
 */
export function UploadField({
  name,
  label,
  mount,
  purpose,
  required = true,
  accept,
  maxMib,
}: {
  name: string;
  label: string;
  mount: string;
  purpose: string;
  required?: boolean;
  accept?: string;
  maxMib: number;
}) {
  const { t } = useTranslation('sdk');
  return (
    // Checked when the form is sent, not as the value changes: a file being uploaded has no id yet,
    // and "choose a file" under it would be wrong.
    <Form.Item name={name} label={label} rules={[{ required, message: t('chooseFile') }]} validateTrigger={[]} extra={t('fileLimit', { mib: maxMib })}>
      <UploadPicker field={name} mount={mount} purpose={purpose} accept={accept} maxMib={maxMib} />
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

/** A file a route answers for the browser to save: its name, media type and bytes in base64. */
export interface ExportedFile {
  fileName: string;
  contentType: string;
  content: string;
}

/**
 * "Download the Excel template" beside an import's upload: the workbook to fill in, from the
 * import's `<path>-template` route, which every Excel import offers under the import's own right.
 */
export function ExcelTemplateLink({ importPath, params }: { importPath: string; params?: Record<string, string> }) {
  const { t } = useTranslation('sdk');
  const path = `${importPath}-template`;
  // A refusal was toasted already: nothing more to say of it here.
  const download = () =>
    api.get<ExportedFile>(path, params).then(
      (file) => downloadBase64(file.fileName, file.contentType, file.content),
      () => undefined,
    );
  return (
    <Button type="link" size="small" data-testid={`template:${importPath}`} onClick={() => void download()}>
      {t('excelTemplate')}
    </Button>
  );
}

/**
 * Starts an export route (one answering an {@link ExportedFile}) as a task of the user's: the
 * page goes on, and the file shows in the task list in the header when it is ready. A refusal
 * (no right, three tasks running already) is toasted by the request layer.
 */
export function useExportTask() {
  const { message } = App.useApp();
  const { t } = useTranslation('sdk');
  return (path: string, query?: Record<string, unknown>) =>
    api.post<Task>('/tasks/exports', { path, query: taskQuery(query) }).then(
      (task) => {
        window.dispatchEvent(new CustomEvent(TASKS_CHANGED, { detail: task }));
        void message.info(t('exportStarted'));
        return task;
      },
      () => undefined,
    );
}

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { UploadField } from './files';
import { addSdkStrings } from './sdk-i18n';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});

/** The browser's XMLHttpRequest as far as the upload uses it; the test plays the host. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  open(_method: string, url: URL) {
    this.url = String(url);
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, envelope: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

afterEach(() => {
  FakeUpload.sent = [];
  vi.unstubAllGlobals();
});

function UploadForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <UploadField name="file" label="Package" mount="hot-update-service" purpose="baseline" maxMib={1} />
      <button type="submit">send</button>
    </Form>
  );
}

/** The field's error, as the form shows it under the field. */
async function fieldError(text: string) {
  await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(text));
}

function choose(name: string, bytes: number) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(bytes)], name)] } });
}

describe('the upload field streams the file to the host as it is chosen', () => {
  it('shows progress, sends the upload id with the form, and shows the host refusal on the field', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const onFinish = vi.fn();
    render(<UploadForm onFinish={onFinish} />);
    choose('app.apk', 2048);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const upload = FakeUpload.sent[0];
    expect(upload.url).toContain('/api/files/upload/hot-update-service/baseline?fileName=app.apk');
    expect(upload.headers['content-type']).toBe('application/octet-stream');
    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 2048 }));
    await waitFor(() => expect(document.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('50'));

    // Sent before the upload finished: the field is still empty.
    fireEvent.click(screen.getByText('send'));
    await fieldError('Choose a file');
    expect(onFinish).not.toHaveBeenCalled();

    act(() => upload.answer(200, { code: 200, msg: 'success', data: { uploadId: 'u1', fileName: 'app.apk', size: 2048 } }));
    await screen.findByText('app.apk (2 KB)');
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ file: 'u1' }));

    // Another file the host refuses: its words on the field, and no upload id.
    choose('locked.zip', 10);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(2));
    act(() => FakeUpload.sent[1].answer(400, { code: 400, msg: '“locked.zip” is encrypted (zip).', data: { field: 'file' } }));
    await fieldError('File upload failed. “locked.zip” is encrypted (zip).');
    onFinish.mockClear();
    fireEvent.click(screen.getByText('send'));
    await fieldError('Choose a file');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('cancels an upload when its file is removed, and refuses a file over the limit without sending it', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    render(<UploadForm onFinish={() => undefined} />);
    choose('big.apk', 2 * 1048576);
    await fieldError('The file is larger than 1 MB');
    expect(FakeUpload.sent).toHaveLength(0);

    choose('slow.apk', 100);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const remove = await screen.findByTitle('Remove file');
    fireEvent.click(remove);
    await waitFor(() => expect(FakeUpload.sent[0].aborted).toBe(true));
    expect(screen.queryByText('slow.apk')).toBeNull();
  });
});

import { UserOutlined } from '@ant-design/icons';
import { api, formatTime, RequestError } from '@console/sdk';
import { App, Avatar, Button, Card, Space, Tag, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Milliseconds to local date and time. */
/** A moment as every page shows it (the SDK's one format). */
export const time = formatTime;

export const yesNo = (value: boolean, yes: string, no: string) => (value ? <Tag color="blue">{yes}</Tag> : <Tag>{no}</Tag>);

export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** Rows of a tree as TreeSelect options. */
export function treeOptions<T extends { id: number }>(rows: T[], title: (row: T) => string, children: (row: T) => T[] | undefined): TreeOption[] {
  return rows.map((row) => ({ value: row.id, title: title(row), children: treeOptions(children(row) ?? [], title, children) }));
}

/** The frame of a page: a titled card. */
export function PageCard({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card title={title} extra={extra} className="console-page" variant="borderless">
      {children}
    </Card>
  );
}

/** A file's bytes in Base64, as the host takes a file in JSON. */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The avatar rule (PNG, JPEG or GIF, at most 500 KB); the host checks it from the file's bytes. */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const AVATAR_MAX_BYTES = 500_000;

/**
 * An avatar picker for a form field: the chosen image goes to the host at once, which checks it
 * (200 × 200 px, PNG, JPEG or GIF, at most 500 KB) and answers its address, the field's value.
 */
export function AvatarField({ value, onChange, id }: { value?: string; onChange?: (avatar: string) => void; id?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const choose = async (file: File) => {
    // Said before sending when the browser can tell; the host decides either way.
    if (!AVATAR_TYPES.includes(file.type) || file.size > AVATAR_MAX_BYTES) {
      void message.error(t('accounts.avatarRule'));
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<{ avatar: string }>('/authority-service/avatar/upload', { content: await fileBase64(file) }, { quiet: true });
      onChange?.(answer.avatar);
    } catch (error) {
      if (!(error instanceof RequestError && error.shown)) void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space id={id} align="center">
      <Avatar size={64} src={value || undefined} icon={<UserOutlined />} alt="" />
      <Upload
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return false;
        }}
      >
        <Button loading={busy} data-testid="avatar-choose">
          {t('accounts.chooseAvatar')}
        </Button>
      </Upload>
      {value && (
        <Button type="link" onClick={() => onChange?.('')}>
          {t('accounts.removeAvatar')}
        </Button>
      )}
    </Space>
  );
}

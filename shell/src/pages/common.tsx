import { Card, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

/** Milliseconds to local date and time. */
export const time = (ms?: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—');

export const yesNo = (value: boolean, yes: string, no: string) => (value ? <Tag color="blue">{yes}</Tag> : <Tag>{no}</Tag>);

/** The frame of a page: a titled card. */
export function PageCard({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card title={title} extra={extra} className="console-page" variant="borderless">
      {children}
    </Card>
  );
}

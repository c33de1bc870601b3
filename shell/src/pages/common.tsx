import { Card, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

/** Milliseconds to local date and time. */
export const time = (ms?: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—');

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

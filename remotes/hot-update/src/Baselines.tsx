import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField, UploadField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';

export const ARCHITECTURES = ['arm64-v8a', 'armeabi-v7a', 'x86_64', 'x86'];

interface Baseline {
  id: string;
  baselineName: string;
  baselineVersion: string;
  arch: string;
  file: { fileName: string; size: number; sha256: string };
  remark: string;
  version: number;
}

export const size = (bytes: number) => (bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);

export default function Baselines() {
  const { t } = useNamespace('hot-update', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Baseline> | null>(null);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  return (
    <Card title={t('baselines')} variant="borderless">
      <ListPage<Baseline>
        handle={list}
        rowKey="id"
        testId="hot-baselines"
        load={(q, page, pageSize) =>
          api.get<Page<Baseline>>('/hot-update-service/baselines', { baselineName: q.baselineName as string, mode: q.mode as string, arch: q.arch as string, page, pageSize })
        }
        search={
          <>
            <Form.Item name="baselineName" label={t('baselineName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="arch" label={t('arch')}>
              <Select allowClear style={{ width: 150 }} options={ARCHITECTURES.map((a) => ({ value: a, label: a }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="hot:baseline:add">
            <Button type="primary" onClick={() => setEditing({ arch: 'arm64-v8a' })} data-testid="upload-baseline">
              {t('upload')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('baselineName'), dataIndex: 'baselineName' },
          { title: t('version'), dataIndex: 'baselineVersion' },
          { title: t('arch'), dataIndex: 'arch' },
          { title: t('file'), render: (_, row) => row.file.fileName },
          { title: t('size'), render: (_, row) => size(row.file.size) },
          {
            title: t('sha256'),
            render: (_, row) => (
              <Typography.Text code copyable={{ text: row.file.sha256 }}>
                {row.file.sha256.slice(0, 12)}…
              </Typography.Text>
            ),
          },
          { title: t('remark'), dataIndex: 'remark', ellipsis: true },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('hot:baseline:edit') ? () => setEditing(row) : undefined}
                remove={
                  may('hot:baseline:delete') ? { name: row.baselineName, confirm: (typed) => api.delete(`/hot-update-service/baselines/${row.id}`, { confirmName: typed }).then(done) } : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<Record<string, unknown>>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('upload')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/hot-update-service/baselines/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/hot-update-service/baselines', values, { quiet: true }).then(done)
        }
      >
        <Form.Item name="baselineName" label={t('baselineName')} rules={[{ required: true, min: 2, max: 80 }]}>
          <Input />
        </Form.Item>
        {!editing?.id && (
          <>
            <Form.Item name="baselineVersion" label={t('version')} rules={[{ required: true, pattern: /^\d+(\.\d+)*$/ }]}>
              <Input style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="arch" label={t('arch')} rules={[{ required: true }]}>
              <Select options={ARCHITECTURES.map((a) => ({ value: a, label: a }))} />
            </Form.Item>
            <UploadField name="file" label={t('file')} mount="hot-update-service" purpose="baseline" maxMib={500} />
          </>
        )}
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

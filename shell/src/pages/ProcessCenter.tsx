import { api, type Page, type ApiSchemas } from '@console/sdk';
import { DateRangeField, type ListHandle, ListPage, ModalForm, queryParams } from '@console/sdk/ui';
import { App, Button, Descriptions, Form, Input, Select, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard, time } from './common';

/** A request of the process centre, as `/process-center/...` lists it. */
type Task = ApiSchemas['Task'];

type Kind = ApiSchemas['Kind'];

function KindField() {
  const { t } = useTranslation();
  const [kinds, setKinds] = useState<Kind[]>([]);
  useEffect(() => {
    api.get<Kind[]>('/process-center/kinds').then(setKinds, () => undefined);
  }, []);
  return (
    <Form.Item name="kind" label={t('process.kind')}>
      <Select allowClear style={{ width: 200 }} options={kinds.map((k) => ({ value: k.key, label: `${k.name} (${k.pluginName})` }))} />
    </Form.Item>
  );
}

function searchFields() {
  return (t: (key: string) => string) => (
    <>
      <KindField />
      <Form.Item name="applicant" label={t('process.applicant')}>
        <Input allowClear />
      </Form.Item>
      <DateRangeField label={t('common.time')} />
    </>
  );
}

/** What the plugin submitted with the request, as label and value. */
function Detail({ detail }: { detail: Task['detail'] }) {
  const entries = Object.entries(detail ?? {});
  if (entries.length === 0) return null;
  return <Descriptions size="small" column={1} items={entries.map(([key, value]) => ({ key, label: key, children: typeof value === 'string' ? value : JSON.stringify(value) }))} />;
}

const query = (q: Record<string, unknown>, page: number, pageSize: number) => ({ ...queryParams(q), page, pageSize });

/** /process-center/task-waiting: the requests the user may decide, across plugins. */
export function Waiting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useRef<ListHandle>(null);
  const [deciding, setDeciding] = useState<{ task: Task; approved: boolean } | null>(null);
  return (
    <PageCard title={t('process.waiting')}>
      <ListPage<Task>
        handle={list}
        rowKey="id"
        testId="process-waiting"
        load={(q, page, pageSize) => api.post<Page<Task>>('/process-center/task-waiting/list', query(q, page, pageSize))}
        search={searchFields()(t)}
        expandable={{ expandedRowRender: (task) => <Detail detail={task.detail} />, rowExpandable: (task) => Object.keys(task.detail ?? {}).length > 0 }}
        columns={[
          { title: t('process.submitted'), dataIndex: 'createdAt', render: time, width: 170 },
          { title: t('process.kind'), render: (_, task) => `${task.kindName} (${task.pluginName})` },
          { title: t('process.titleColumn'), dataIndex: 'title' },
          { title: t('process.applicant'), dataIndex: 'applicantName' },
          { title: t('process.enterprise'), dataIndex: 'tenantName', render: (name: string) => name || t('menus.platform') },
          {
            title: t('common.actions'),
            render: (_, task) => (
              <Space>
                <Button type="link" onClick={() => setDeciding({ task, approved: true })}>
                  {t('process.approve')}
                </Button>
                <Button type="link" danger onClick={() => setDeciding({ task, approved: false })}>
                  {t('process.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<{ comment: string }>
        open={deciding !== null}
        title={deciding ? `${deciding.approved ? t('process.approve') : t('process.reject')}: ${deciding.task.title}` : ''}
        onClose={() => setDeciding(null)}
        onSubmit={(values) =>
          api.post('/process-center/task/decide', { id: deciding?.task.id, approved: deciding?.approved, comment: values.comment ?? '' }, { quiet: true }).then(() => {
            void message.success(t('process.decided'));
            list.current?.reload();
          })
        }
      >
        <Form.Item name="comment" label={t('process.comment')} rules={[{ required: deciding?.approved === false, message: t('process.commentRequired') }, { max: 500 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}

/** /process-center/task-finish: what the user decided. */
export function Finished() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('process.finished')}>
      <ListPage<Task>
        rowKey="id"
        testId="process-finished"
        load={(q, page, pageSize) => api.post<Page<Task>>('/process-center/task-finish/list', query(q, page, pageSize))}
        search={searchFields()(t)}
        expandable={{ expandedRowRender: (task) => <Detail detail={task.detail} />, rowExpandable: (task) => Object.keys(task.detail ?? {}).length > 0 }}
        columns={[
          { title: t('process.decidedAt'), dataIndex: 'decidedAt', render: time, width: 170 },
          { title: t('process.kind'), render: (_, task) => `${task.kindName} (${task.pluginName})` },
          { title: t('process.titleColumn'), dataIndex: 'title' },
          { title: t('process.applicant'), dataIndex: 'applicantName' },
          { title: t('process.enterprise'), dataIndex: 'tenantName', render: (name: string) => name || t('menus.platform') },
          { title: t('process.decision'), dataIndex: 'status', render: (status: Task['status']) => <Tag color={status === 'approved' ? 'green' : 'red'}>{t(`process.${status}`)}</Tag> },
          { title: t('process.comment'), dataIndex: 'comment' },
        ]}
      />
    </PageCard>
  );
}

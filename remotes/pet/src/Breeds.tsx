import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';

export interface Breed {
  id: string;
  breedName: string;
  initial: string;
  hot: boolean;
  sortWeight: number;
  version: number;
}

export default function Breeds() {
  const { t } = useNamespace('pet', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Breed> | null>(null);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  return (
    <Card title={t('breeds')} variant="borderless">
      <ListPage<Breed>
        handle={list}
        rowKey="id"
        testId="pet-breeds"
        load={(q, page, pageSize) => api.get<Page<Breed>>('/pet-service/breeds', { breedName: q.breedName as string, mode: q.mode as string, page, pageSize })}
        search={
          <>
            <Form.Item name="breedName" label={t('breedName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="pet:breed:add">
            <Button type="primary" onClick={() => setEditing({ hot: false, sortWeight: 0 })} data-testid="add-breed">
              {t('addBreed')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('breedName'), dataIndex: 'breedName' },
          { title: t('initial'), dataIndex: 'initial', width: 90 },
          { title: t('hot'), dataIndex: 'hot', render: (v: boolean) => (v ? <Tag color="orange">{t('hot')}</Tag> : null) },
          { title: t('sortWeight'), dataIndex: 'sortWeight' },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions onEdit={may('pet:breed:edit') ? () => setEditing(row) : undefined} remove={may('pet:breed:delete') ? { name: row.breedName, confirm: (typed) => api.delete(`/pet-service/breeds/${row.id}`, { confirmName: typed }).then(done) } : undefined} />
            ),
          },
        ]}
      />
      <ModalForm<Breed>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addBreed')}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/pet-service/breeds/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/pet-service/breeds', values, { quiet: true }).then(done)
        }
      >
        <Form.Item name="breedName" label={t('breedName')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="initial" label={t('initial')} rules={[{ pattern: /^[A-Za-z]$/ }]}>
          <Input maxLength={1} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="hot" label={t('hot')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sortWeight" label={t('sortWeight')}>
          <InputNumber min={0} max={100000} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

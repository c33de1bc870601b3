import { api, Auth, usePermission, type Page, type ApiSchemas } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { App, Button, Form, Input, InputNumber, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

type ButtonRow = ApiSchemas['ButtonRow'];

export default function Buttons() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<ButtonRow> | null>(null);
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  return (
    <PageCard title={t('buttons.title')}>
      <ListPage<ButtonRow>
        handle={list}
        rowKey="id"
        load={(q, page, pageSize) => api.post<Page<ButtonRow>>('/authority-service/button/list', { ...q, page, pageSize })}
        search={
          <>
            <Form.Item name="keyword" label={t('common.keyword')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="menuId" label={t('menus.menuId')}>
              <InputNumber min={1} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="button:add">
            <Button type="primary" onClick={() => setEditing({})}>
              {t('buttons.add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('buttons.action'), dataIndex: 'action', render: (v: string) => <code>{v}</code> },
          { title: t('menus.menuId'), dataIndex: 'menuId' },
          { title: t('buttons.buttonType'), dataIndex: 'buttonType' },
          { title: t('buttons.requestUrl'), dataIndex: 'requestUrl' },
          { title: t('menus.source'), dataIndex: 'source', render: (v: string) => <Tag>{v}</Tag> },
          {
            title: t('common.actions'),
            render: (_, row) =>
              row.source !== 'custom' ? null : (
                <RowActions
                  onEdit={may('button:edit') ? () => setEditing(row) : undefined}
                  remove={may('button:delete') ? { name: row.name, confirm: (typed) => api.post('/authority-service/button/delete', { id: row.id, confirmName: typed }).then(done) } : undefined}
                />
              ),
          },
        ]}
      />
      <ModalForm<ButtonRow>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('buttons.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => api.post(editing?.id ? '/authority-service/button/update' : '/authority-service/button/add', { ...values, id: editing?.id }, { quiet: true }).then(done)}
      >
        <Form.Item name="menuId" label={t('menus.menuId')} rules={[{ required: true }]}>
          <InputNumber min={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="action" label={t('buttons.action')} rules={[{ required: true, pattern: /^[A-Za-z0-9:._-]+$/ }]}>
          <Input placeholder="device:reset" />
        </Form.Item>
        <Form.Item name="buttonType" label={t('buttons.buttonType')} rules={[{ required: true }]}>
          <Input placeholder="edit" />
        </Form.Item>
        <Form.Item name="requestUrl" label={t('buttons.requestUrl')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('buttons.description')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}

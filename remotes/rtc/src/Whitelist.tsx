import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, LinesField, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';
import { useClientOptions } from './options';

interface Entry {
  id: string;
  clientId: string;
  productId: string;
  createdAt: number;
}

export default function Whitelist() {
  const { t } = useNamespace('rtc', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const clients = useClientOptions('whitelist');
  const [adding, setAdding] = useState(false);
  const clientName = (id: string) => clients.find((c) => c.value === id)?.label ?? id;
  return (
    <Card title={t('whitelist')} variant="borderless">
      <ListPage<Entry>
        handle={list}
        rowKey="id"
        testId="rtc-whitelist"
        load={(q, page, pageSize) => api.get<Page<Entry>>('/rtc-service/whitelist', { clientId: q.clientId as string, productId: q.productId as string, mode: q.mode as string, page, pageSize })}
        search={
          <>
            <Form.Item name="clientId" label={t('client')}>
              <Select allowClear style={{ width: 220 }} options={clients} placeholder={t('allClients')} />
            </Form.Item>
            <Form.Item name="productId" label={t('productId')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="rtc:whitelist:add">
            <Button type="primary" onClick={() => setAdding(true)} data-testid="batch-add">
              {t('batchAdd')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('productId'), dataIndex: 'productId', render: (v: string) => <code>{v}</code> },
          { title: t('client'), dataIndex: 'clientId', render: clientName },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                remove={
                  may('rtc:whitelist:delete')
                    ? { name: row.productId, label: t('remove'), confirm: (typed) => api.delete(`/rtc-service/whitelist/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<{ clientId: string; productIds: string }>
        open={adding}
        title={t('batchAdd')}
        onClose={() => setAdding(false)}
        onSubmit={(values) =>
          api.post<{ added: string[]; alreadyListed: string[] }>('/rtc-service/whitelist', values, { quiet: true }).then((answer) => {
            void message.success(t('batchResult', { added: answer.added.length, present: answer.alreadyListed.length }));
            list.current?.reload();
          })
        }
      >
        <Form.Item name="clientId" label={t('client')} rules={[{ required: true }]}>
          <Select options={clients} />
        </Form.Item>
        <LinesField name="productIds" label={t('productIds')} max={20} />
      </ModalForm>
    </Card>
  );
}

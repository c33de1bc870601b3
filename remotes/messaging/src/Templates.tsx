import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Tag } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';

interface MailTemplate {
  id: string;
  templateName: string;
  lang: string;
  subject: string;
  content: string;
  headerSignature: string;
  placeholders: string[];
  version: number;
}

const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'].map((l) => ({ value: l, label: l }));
const NEW_TEMPLATE = { lang: 'en', placeholders: [] };

export default function Templates() {
  const { t } = useNamespace('messaging', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<MailTemplate> | null>(null);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  return (
    <Card title={t('templates')} variant="borderless">
      <ListPage<MailTemplate>
        handle={list}
        rowKey="id"
        testId="mail-templates"
        load={(q, page, pageSize) =>
          api.get<Page<MailTemplate>>('/message-service/mail/templates', { templateName: q.templateName as string, mode: q.mode as string, lang: q.lang as string, page, pageSize })
        }
        search={
          <>
            <Form.Item name="templateName" label={t('templateName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="lang" label={t('lang')}>
              <Select allowClear style={{ width: 110 }} options={LANGS} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="msg:template:add">
            <Button type="primary" onClick={() => setEditing(NEW_TEMPLATE)} data-testid="add-template">
              {t('addTemplate')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('templateName'), dataIndex: 'templateName' },
          { title: t('lang'), dataIndex: 'lang', width: 80 },
          { title: t('subject'), dataIndex: 'subject' },
          { title: t('placeholders'), dataIndex: 'placeholders', render: (p: string[]) => p.map((name) => <Tag key={name}>{name}</Tag>) },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('msg:template:edit') ? () => setEditing(row) : undefined}
                remove={
                  may('msg:template:delete') ? { name: row.templateName, confirm: (typed) => api.delete(`/message-service/mail/templates/${row.id}`, { confirmName: typed }).then(done) } : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<MailTemplate>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addTemplate')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        width={720}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/message-service/mail/templates/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/message-service/mail/templates', values, { quiet: true }).then(done)
        }
      >
        <Form.Item name="templateName" label={t('templateName')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="lang" label={t('lang')} rules={[{ required: true }]}>
          <Select options={LANGS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="subject" label={t('subject')} rules={[{ required: true, max: 160 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('content')} extra={t('contentHint', { example: '{{ name }}', interpolation: { escapeValue: false } })} rules={[{ required: true }]}>
          <Input.TextArea rows={6} />
        </Form.Item>
        <Form.Item name="headerSignature" label={t('headerSignature')} rules={[{ max: 800 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="placeholders" label={t('placeholders')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}

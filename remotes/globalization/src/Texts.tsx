import { api, Auth, useNamespace } from '@console/sdk';
import { ExcelTemplateLink, ModalForm, ResourcePage, UploadField, useExportTask } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';

const MOUNT = 'i18n-service';
const EXCEL = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

interface Text {
  id: string;
  version?: number;
  module: string;
  key: string;
  description: string;
  texts: Record<string, string>;
  missing: string[];
}

interface Language {
  code: string;
  name: string;
}

/** The platform's languages (/system-config/globalization-lang). */
function useLanguages() {
  const [languages, setLanguages] = useState<Language[]>([]);
  useEffect(() => {
    api.get<Language[]>('/authority-service/language/list').then(setLanguages, () => setLanguages([]));
  }, []);
  return languages;
}

/** One kind's page: texts by module and key, a field per platform language, Excel both ways. */
function TextsPage({ kind }: { kind: 'modules' | 'codes' }) {
  const { t } = useNamespace('globalization', resources);
  const { message } = App.useApp();
  const languages = useLanguages();
  const [importing, setImporting] = useState(false);
  const [generation, setGeneration] = useState(0);
  const action = kind === 'modules' ? 'i18n:module' : 'i18n:code';
  const path = `/${MOUNT}/${kind}`;
  const exportTask = useExportTask();
  const exportExcel = () => void exportTask(`${path}/export`);
  return (
    <Card title={t(`${kind}Title`)} className="console-page" variant="borderless">
      <Typography.Paragraph type="secondary">{t(`${kind}Hint`)}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Auth action={`${action}:edit`}>
          <Button onClick={() => setImporting(true)} data-testid={`${kind}-import`}>
            {t('importExcel')}
          </Button>
        </Auth>
        <Button onClick={() => void exportExcel()} data-testid={`${kind}-export`}>
          {t('exportExcel')}
        </Button>
      </Space>
      <ResourcePage<Text>
        key={generation}
        bare
        path={path}
        testId={`${kind}-list`}
        addTestId={`${kind}-add`}
        addLabel={t('add')}
        name={(row) => row.key}
        actions={{ add: `${action}:edit`, edit: `${action}:edit`, delete: `${action}:edit` }}
        formWidth={720}
        search={
          <>
            <Form.Item name="module" label={t('module')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="key" label={t(`${kind}Key`)}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('module'), dataIndex: 'module' },
          { title: t(`${kind}Key`), dataIndex: 'key', render: (v: string) => <code>{v}</code> },
          { title: t('description'), dataIndex: 'description', ellipsis: true },
          ...languages.slice(0, 3).map((lang) => ({ title: lang.name, render: (_: unknown, row: Text) => row.texts[lang.code] ?? '', ellipsis: true })),
          {
            title: t('missing'),
            dataIndex: 'missing',
            render: (v: string[]) =>
              v.length ? (
                v.map((l) => (
                  <Tag key={l} color="orange">
                    {l}
                  </Tag>
                ))
              ) : (
                <Tag color="green">{t('complete')}</Tag>
              ),
          },
        ]}
        form={
          <>
            <Form.Item name="module" label={t('module')} rules={[{ required: true, pattern: /^[A-Za-z0-9._-]{1,64}$/ }]} extra={t('moduleHint')}>
              <Input placeholder="device" />
            </Form.Item>
            <Form.Item name="key" label={t(`${kind}Key`)} rules={[{ required: true, max: 128 }]}>
              <Input placeholder={kind === 'codes' ? 'E1024' : 'home.title'} />
            </Form.Item>
            <Form.Item name="description" label={t('description')} rules={[{ max: 240 }]}>
              <Input />
            </Form.Item>
            {languages.map((lang) => (
              <Form.Item key={lang.code} name={['texts', lang.code]} label={`${lang.name} (${lang.code})`} rules={[{ max: 2000 }]}>
                <Input.TextArea rows={2} />
              </Form.Item>
            ))}
          </>
        }
      />
      <ModalForm<{ uploadId: string }>
        open={importing}
        title={t('importExcel')}
        onClose={() => setImporting(false)}
        onSubmit={(values) =>
          api.post<{ added: number; updated: number }>(`${path}/import`, values, { quiet: true }).then((answer) => {
            void message.success(t('imported', { added: answer.added, updated: answer.updated }));
            setGeneration((g) => g + 1);
          })
        }
      >
        <p>{t('importHint')}</p>
        <UploadField name="uploadId" label={t('excelFile')} mount={MOUNT} purpose={`${kind}-excel`} accept={EXCEL} maxMib={20} />
        <ExcelTemplateLink importPath={`${path}/import`} />
      </ModalForm>
    </Card>
  );
}

export const Modules = () => <TextsPage kind="modules" />;
export const Codes = () => <TextsPage kind="codes" />;

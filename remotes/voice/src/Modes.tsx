import { api, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { Button, Drawer, Empty, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';

import { actionOf, type Assistant, type Platform } from './Assistants';
import { resources } from './i18n';

interface Named {
  id: string;
  parameters: unknown;
  version: number;
}
interface Mode extends Named {
  modeName: string;
}
interface Command extends Named {
  commandName: string;
}

const pretty = (value: unknown) => JSON.stringify(value ?? {}, null, 2);

/** A list of named entries with JSON parameters (control modes, commands): add, edit, delete. */
function JsonEntries<T extends Named>({
  title,
  nameKey,
  base,
  query,
  scope,
  canEdit,
  selected,
  onSelect,
  testId,
}: {
  title: string;
  nameKey: 'modeName' | 'commandName';
  base: string;
  query: Record<string, string>;
  scope: Record<string, string>;
  canEdit: boolean;
  selected?: string;
  onSelect?: (row: T) => void;
  testId: string;
}) {
  const { t } = useNamespace('voice', resources);
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<(Partial<T> & { parametersText?: string }) | null>(null);
  const name = (row: T) => (row as unknown as Record<string, string>)[nameKey];
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <ListPage<T>
        params={[base, query]}
        handle={list}
        rowKey="id"
        testId={testId}
        load={(_, page, pageSize) => api.get<Page<T>>(base, { ...query, page, pageSize })}
        toolbar={
          canEdit ? (
            <Button onClick={() => setEditing({ parametersText: '{}' } as Partial<T> & { parametersText: string })} data-testid={`${testId}-add`}>
              {nameKey === 'modeName' ? t('addMode') : t('addCommand')}
            </Button>
          ) : undefined
        }
        columns={[
          {
            title: nameKey === 'modeName' ? t('modeName') : t('commandName'),
            render: (_, row) =>
              onSelect ? (
                <a onClick={() => onSelect(row)} style={{ fontWeight: row.id === selected ? 600 : undefined }}>
                  {name(row)}
                </a>
              ) : (
                name(row)
              ),
          },
          { title: t('parameters'), dataIndex: 'parameters', render: (v: unknown) => <code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(v)}</code> },
          {
            title: t('actions'),
            width: 140,
            render: (_, row) => (
              <RowActions
                onEdit={canEdit ? () => setEditing({ ...row, parametersText: pretty(row.parameters) }) : undefined}
                remove={canEdit ? { name: name(row), confirm: (typed) => api.delete(`${base}/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<{ name: string; parameters: string }>
        open={editing !== null}
        title={editing?.id ? t('edit') : nameKey === 'modeName' ? t('addMode') : t('addCommand')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ? { name: editing.id ? name(editing as T) : '', parameters: editing.parametersText ?? '{}' } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          const body = { ...scope, [nameKey]: values.name, parameters: values.parameters, version: editing?.version };
          return (editing?.id ? api.put(`${base}/${editing.id}`, body, { quiet: true }) : api.post(base, body, { quiet: true })).then(() => list.current?.reload());
        }}
      >
        <Form.Item name="name" label={nameKey === 'modeName' ? t('modeName') : t('commandName')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="parameters"
          label={t('parameters')}
          rules={[
            {
              validator: (_, text?: string) => {
                try {
                  if (text?.trim()) JSON.parse(text);
                  return Promise.resolve();
                } catch {
                  return Promise.reject(new Error(t('badJson')));
                }
              },
            },
          ]}
        >
          <Input.TextArea rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </ModalForm>
    </>
  );
}

/** The control modes of an assistant and, for the mode picked, its commands. */
export function ModesDrawer({ platform, assistant, onClose }: { platform: Platform; assistant: Assistant; onClose: () => void }) {
  const { t } = useNamespace('voice', resources);
  const may = usePermission();
  const canEdit = may(`${actionOf(platform)}:edit`);
  const [mode, setMode] = useState<Mode | null>(null);
  return (
    <Drawer open size={760} title={`${t('modes')} · ${assistant.name}`} onClose={onClose}>
      <JsonEntries<Mode>
        title={t('modes')}
        nameKey="modeName"
        base={`/voice-service/${platform}/modes`}
        query={{ assistantId: assistant.id }}
        scope={{ assistantId: assistant.id }}
        canEdit={canEdit}
        selected={mode?.id}
        onSelect={setMode}
        testId="voice-modes"
      />
      {mode ? (
        <JsonEntries<Command>
          key={mode.id}
          title={`${t('commands')} · ${mode.modeName}`}
          nameKey="commandName"
          base={`/voice-service/${platform}/commands`}
          query={{ modeId: mode.id }}
          scope={{ modeId: mode.id }}
          canEdit={canEdit}
          testId="voice-commands"
        />
      ) : (
        <Empty description={t('pickMode')} />
      )}
    </Drawer>
  );
}

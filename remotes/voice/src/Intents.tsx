import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, LinesField, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { Alert, App, Button, Card, Descriptions, Drawer, Form, Input, InputNumber, Select, Space, Tag } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';

interface Intent {
  id: string;
  field: string;
  intent: string;
  description: string;
  slots: string[];
  priority: number;
  condition: string;
  reply: string;
  ttsReply: string;
  version: number;
}

interface CorpusEntry {
  id: string;
  text: string;
  slots: string[];
}

interface Tried {
  intent: string;
  priority: number;
  outcome: 'matched' | 'conditionFalse' | 'conditionError';
  message?: string;
}

interface TrialResult {
  matched: boolean;
  intent?: string;
  field?: string;
  slots?: Record<string, string>;
  reply?: string;
  ttsReply?: string;
  tried: Tried[];
}

const OUTCOME_COLORS = { matched: 'green', conditionFalse: 'default', conditionError: 'red' } as const;
const NEW_INTENT = { priority: 0, slots: [] };

function CorpusDrawer({ intent, onClose }: { intent: Intent; onClose: () => void }) {
  const { t } = useNamespace('voice', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [adding, setAdding] = useState(false);
  const base = `/voice-service/intents/${intent.id}/corpus`;
  return (
    <Drawer open size={640} title={`${t('corpus')} · ${intent.intent}`} onClose={onClose}>
      <ListPage<CorpusEntry>
        params={base}
        handle={list}
        rowKey="id"
        testId="voice-corpus"
        load={(_, page, pageSize) => api.get<Page<CorpusEntry>>(base, { page, pageSize })}
        toolbar={
          may('voice:intent:edit') ? (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="add-corpus">
              {t('addCorpus')}
            </Button>
          ) : undefined
        }
        columns={[
          { title: t('texts'), dataIndex: 'text' },
          { title: t('slots'), dataIndex: 'slots', render: (slots: string[]) => slots.map((s) => <Tag key={s}>{s}</Tag>) },
          {
            title: t('actions'),
            width: 100,
            render: (_, row) => (
              <RowActions
                remove={
                  may('voice:intent:edit')
                    ? { name: row.text, confirm: (typed) => api.delete(`/voice-service/corpus/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<{ texts: string }>
        open={adding}
        title={t('addCorpus')}
        onClose={() => setAdding(false)}
        onSubmit={(values) =>
          api.post<{ added: string[]; alreadyListed: string[] }>(base, values, { quiet: true }).then((answer) => {
            void message.success(t('corpusResult', { added: answer.added.length, present: answer.alreadyListed.length }));
            list.current?.reload();
          })
        }
      >
        <Alert type="info" showIcon message={t('corpusHint')} style={{ marginBottom: 16 }} />
        <LinesField name="texts" label={t('texts')} max={20} />
      </ModalForm>
    </Drawer>
  );
}

/** Parses `name=value` lines into slot values. */
const slotValues = (text?: string) =>
  Object.fromEntries(
    (text ?? '')
      .split('\n')
      .map((line) => line.split('='))
      .filter((parts) => parts.length >= 2 && parts[0].trim())
      .map(([name, ...value]) => [name.trim(), value.join('=').trim()]),
  );

function TryIt({ onClose }: { onClose: () => void }) {
  const { t } = useNamespace('voice', resources);
  const [form] = Form.useForm<{ utterance: string; slots?: string }>();
  const [result, setResult] = useState<TrialResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      setResult(await api.post<TrialResult>('/voice-service/intents/try', { utterance: values.utterance, slots: slotValues(values.slots) }));
    } catch {
      // The request layer has told the user.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer open size={640} title={t('tryIt')} onClose={onClose}>
      <Form form={form} name="trial" layout="vertical" onFinish={() => void run()}>
        <Form.Item name="utterance" label={t('utterance')} rules={[{ required: true, max: 500 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="slots" label={t('slotValues')} extra={t('slotValuesHint')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="run-trial">
          {t('run')}
        </Button>
      </Form>
      {result && (
        <div data-testid="trial-result" style={{ marginTop: 24 }}>
          <Alert type={result.matched ? 'success' : 'warning'} showIcon message={result.matched ? t('matched', { intent: result.intent }) : t('noMatch')} />
          {result.matched && (
            <Descriptions
              column={1}
              bordered
              size="small"
              style={{ marginTop: 12 }}
              items={[
                { key: 'field', label: t('field'), children: result.field },
                {
                  key: 'slots',
                  label: t('slots'),
                  children: (
                    <Space wrap>
                      {Object.entries(result.slots ?? {}).map(([k, v]) => (
                        <Tag key={k}>
                          {k} = {v}
                        </Tag>
                      ))}
                    </Space>
                  ),
                },
                { key: 'reply', label: t('reply'), children: <span data-testid="trial-reply">{result.reply}</span> },
                { key: 'tts', label: t('ttsReply'), children: result.ttsReply },
              ]}
            />
          )}
          {result.tried.length > 0 && (
            <Descriptions
              column={1}
              size="small"
              style={{ marginTop: 12 }}
              title={t('tried')}
              items={result.tried.map((tried, i) => ({
                key: i,
                label: `${tried.intent} (${tried.priority})`,
                children: (
                  <Space direction="vertical">
                    <Tag color={OUTCOME_COLORS[tried.outcome]}>{t(`outcome_${tried.outcome}`)}</Tag>
                    {tried.message}
                  </Space>
                ),
              }))}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}

export default function Intents() {
  const { t } = useNamespace('voice', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Intent> | null>(null);
  const [corpusOf, setCorpusOf] = useState<Intent | null>(null);
  const [trying, setTrying] = useState(false);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  return (
    <Card title={t('intents')} variant="borderless">
      <ListPage<Intent>
        handle={list}
        rowKey="id"
        testId="voice-intents"
        load={(q, page, pageSize) => api.get<Page<Intent>>('/voice-service/intents', { intent: q.intent as string, mode: q.mode as string, field: q.field as string, page, pageSize })}
        search={
          <>
            <Form.Item name="intent" label={t('intent')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="field" label={t('field')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <Auth action="voice:intent:add">
              <Button type="primary" onClick={() => setEditing(NEW_INTENT)} data-testid="add-intent">
                {t('addIntent')}
              </Button>
            </Auth>
            <Auth action="voice:intent:try">
              <Button onClick={() => setTrying(true)} data-testid="try-it">
                {t('tryIt')}
              </Button>
            </Auth>
          </Space>
        }
        columns={[
          { title: t('field'), dataIndex: 'field' },
          { title: t('intent'), dataIndex: 'intent' },
          { title: t('slots'), dataIndex: 'slots', render: (slots: string[]) => slots.map((s) => <Tag key={s}>{s}</Tag>) },
          { title: t('priority'), dataIndex: 'priority', width: 90 },
          { title: t('condition'), dataIndex: 'condition', render: (v: string) => (v ? <code>{v}</code> : null) },
          { title: t('reply'), dataIndex: 'reply', ellipsis: true },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={<a onClick={() => setCorpusOf(row)}>{t('corpus')}</a>}
                onEdit={may('voice:intent:edit') ? () => setEditing(row) : undefined}
                remove={may('voice:intent:delete') ? { name: row.intent, confirm: (typed) => api.delete(`/voice-service/intents/${row.id}`, { confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Intent>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addIntent')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        width={720}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/voice-service/intents/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/voice-service/intents', values, { quiet: true }).then(done)
        }
      >
        <Space align="start" wrap>
          <Form.Item name="field" label={t('field')} rules={[{ required: true, max: 80 }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="intent" label={t('intent')} rules={[{ required: true, max: 64 }]}>
            <Input style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="priority" label={t('priority')}>
            <InputNumber min={0} max={1000} />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={t('description')} rules={[{ max: 800 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="slots" label={t('slots')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        <Form.Item name="condition" label={t('condition')} extra={t('conditionHint')} rules={[{ max: 500 }]}>
          <Input style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="reply" label={t('reply')} extra={t('replyHint', { example: '{{ slot }}', interpolation: { escapeValue: false } })} rules={[{ required: true, max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="ttsReply" label={t('ttsReply')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
      {corpusOf && <CorpusDrawer intent={corpusOf} onClose={() => setCorpusOf(null)} />}
      {trying && <TryIt onClose={() => setTrying(false)} />}
    </Card>
  );
}

import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, LinesField, ListPage, ModalForm, RowActions, SearchModeField, UploadField, useConfirm, useRiskConfirm } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

import { size } from './Baselines';
import { resources } from './i18n';

interface Patch {
  id: string;
  pluginName: string;
  pluginVersion: string;
  patchVersion: number;
  baselineId: string;
  baselineName: string;
  baselineVersion: string;
  arch: string;
  patchUrl: string;
  file: { fileName: string; size: number } | null;
  patchSha256: string;
  description: string;
  status: 'draft' | 'testing' | 'production' | 'revoked';
  whitelist: string[];
  version: number;
}

const STATUS_COLORS = { draft: 'default', testing: 'processing', production: 'success', revoked: 'error' } as const;
const NEW_PATCH = { source: 'url', patchVersion: 1 };

/** The patches of one stage: `test` (drafts and patches in test) or `prod` (released and revoked). */
export function Patches({ stage }: { stage: 'test' | 'prod' }) {
  const { t } = useNamespace('hot-update', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const confirm = useConfirm();
  const riskConfirm = useRiskConfirm();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Patch> | null>(null);
  const [releasing, setReleasing] = useState<Patch | null>(null);
  /** The file of the patch being edited, kept unless another is uploaded. */
  const kept = (editing as { kept?: Patch['file'] } | null)?.kept ?? null;
  const [baselines, setBaselines] = useState<{ value: string; label: string }[]>([]);
  const base = `/hot-update-service/${stage}/patches`;
  const reload = () => list.current?.reload();

  useEffect(() => {
    if (stage === 'test' && may('hot:test:view')) {
      api
        .get<{ id: string; baselineName: string; baselineVersion: string; arch: string }[]>('/hot-update-service/baseline-options')
        .then((rows) => setBaselines(rows.map((b) => ({ value: b.id, label: `${b.baselineName} ${b.baselineVersion} (${b.arch})` }))));
    }
  }, [stage, may]);

  const revoke = may(stage === 'test' ? 'hot:test:revoke' : 'hot:prod:revoke');
  return (
    <Card title={stage === 'test' ? t('testPatches') : t('prodPatches')} variant="borderless">
      <ListPage<Patch>
        params={base}
        handle={list}
        rowKey="id"
        testId={`hot-${stage}-patches`}
        load={(q, page, pageSize) => api.get<Page<Patch>>(base, { pluginName: q.pluginName as string, mode: q.mode as string, page, pageSize })}
        search={
          <>
            <Form.Item name="pluginName" label={t('pluginName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          stage === 'test' ? (
            <Auth action="hot:test:add">
              <Button type="primary" onClick={() => setEditing(NEW_PATCH as Partial<Patch>)} data-testid="add-patch">
                {t('addPatch')}
              </Button>
            </Auth>
          ) : undefined
        }
        columns={[
          { title: t('pluginName'), dataIndex: 'pluginName' },
          { title: t('pluginVersion'), dataIndex: 'pluginVersion' },
          { title: t('patchVersion'), dataIndex: 'patchVersion' },
          { title: t('baseline'), render: (_, row) => `${row.baselineName} ${row.baselineVersion} (${row.arch})` },
          {
            title: t('patchSource'),
            render: (_, row) =>
              row.file ? (
                `${row.file.fileName} · ${size(row.file.size)}`
              ) : (
                <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                  {row.patchUrl}
                </Typography.Text>
              ),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (s: Patch['status'], row) => (
              <Tooltip title={row.whitelist.join(', ')}>
                <Tag color={STATUS_COLORS[s]}>{t(`status_${s}`)}</Tag>
              </Tooltip>
            ),
          },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={
                  <Space>
                    {stage === 'test' && may('hot:test:release') && (row.status === 'draft' || row.status === 'testing') && (
                      <a onClick={() => setReleasing(row)}>{row.status === 'draft' ? t('releaseTest') : t('changeWhitelist')}</a>
                    )}
                    {stage === 'test' && may('hot:test:promote') && row.status === 'testing' && (
                      <a onClick={() => confirm(t('promote'), t('confirmPromote', { name: row.pluginName, version: row.patchVersion }), () => api.post(`${base}/${row.id}/promote`, {}).then(reload))}>
                        {t('promote')}
                      </a>
                    )}
                  </Space>
                }
                onEdit={
                  stage === 'test' && may('hot:test:edit') && row.status === 'draft'
                    ? () => setEditing({ ...row, file: null, kept: row.file, source: row.file ? 'upload' : 'url' } as Partial<Patch>)
                    : undefined
                }
                remove={
                  row.status === 'testing' || row.status === 'production'
                    ? revoke
                      ? { name: row.pluginName, label: t('revoke'), confirm: (typed) => api.post(`${base}/${row.id}/revoke`, { confirmName: typed }).then(reload) }
                      : undefined
                    : stage === 'test' && may('hot:test:delete')
                      ? { name: row.pluginName, confirm: (typed) => api.delete(`${base}/${row.id}`, { confirmName: typed }).then(reload) }
                      : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<Record<string, unknown>>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addPatch')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        width={640}
        onClose={() => setEditing(null)}
        onSubmit={(values) => {
          const { source, ...body } = values;
          const payload = source === 'upload' ? { ...body, patchUrl: '', file: body.file ?? '' } : { ...body, file: undefined };
          const sent = editing?.id ? api.put(`${base}/${editing.id}`, { ...payload, version: editing.version }, { quiet: true }) : api.post(base, payload, { quiet: true });
          return sent.then(() => {
            void message.success(t('saved'));
            reload();
          });
        }}
      >
        <Space wrap>
          <Form.Item name="pluginName" label={t('pluginName')} rules={[{ required: true, max: 80 }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="pluginVersion" label={t('pluginVersion')} rules={[{ required: true, pattern: /^\d+(\.\d+)*$/ }]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="patchVersion" label={t('patchVersion')} rules={[{ required: true }]}>
            <InputNumber min={1} />
          </Form.Item>
        </Space>
        <Form.Item name="baselineId" label={t('baseline')} rules={[{ required: true }]}>
          <Select options={baselines} />
        </Form.Item>
        <Form.Item name="source" label={t('patchSource')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'url', label: t('byUrl') },
              { value: 'upload', label: t('byUpload') },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['source']}>
          {({ getFieldValue }) =>
            getFieldValue('source') === 'upload' ? (
              <>
                {/* The stored file stays unless another is chosen: the server keeps it. */}
                {kept && <Typography.Paragraph type="secondary">{t('currentFile', { name: kept.fileName, size: size(kept.size) })}</Typography.Paragraph>}
                <UploadField name="file" label={t('patchFile')} mount="hot-update-service" purpose="patch" maxMib={200} required={!kept} />
              </>
            ) : (
              <>
                <Form.Item name="patchUrl" label={t('patchUrl')} rules={[{ required: true, type: 'url', max: 1024 }]}>
                  <Input />
                </Form.Item>
                <Form.Item name="patchSha256" label={t('patchSha256')} rules={[{ required: true, pattern: /^[0-9a-fA-F]{64}$/ }]}>
                  <Input style={{ fontFamily: 'monospace' }} />
                </Form.Item>
              </>
            )
          }
        </Form.Item>
        <Form.Item name="description" label={t('description')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ whitelist: string }>
        open={releasing !== null}
        title={`${t('releaseTest')} · ${releasing?.pluginName ?? ''} ${releasing?.patchVersion ?? ''}`}
        initialValues={releasing ? { whitelist: releasing.whitelist.join('\n') } : undefined}
        onClose={() => setReleasing(null)}
        onSubmit={(values) => riskConfirm(values.whitelist, (riskConfirmed) => api.post(`${base}/${releasing?.id}/release`, { ...values, riskConfirmed }, { quiet: true }).then(reload))}
      >
        <LinesField name="whitelist" label={t('whitelist')} max={20} />
      </ModalForm>
    </Card>
  );
}

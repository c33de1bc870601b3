import { api, Auth, usePermission, type Page, type ApiSchemas } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { App, Button, Form, Input, Switch, TreeSelect } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard, treeOptions } from './common';

type Region = ApiSchemas['RegionNode'] & { children?: Region[] };

const withChildren = (rows: Region[]): Region[] => rows.map((r) => ({ ...r, children: r.childList?.length ? withChildren(r.childList) : undefined }));
const toTree = (rows: Region[]) =>
  treeOptions(
    rows,
    (r) => `${r.regionCh} · ${r.regionEn}`,
    (r) => r.childList,
  );

export default function Regions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [tree, setTree] = useState<Region[]>([]);
  const [editing, setEditing] = useState<Partial<Region> | null>(null);
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  return (
    <PageCard title={t('regions.title')}>
      <ListPage<Region>
        handle={list}
        rowKey="id"
        load={async (q, page, pageSize) => {
          const answer = await api.get<Page<Region>>('/region-service-admin/common/region/listAll', {
            page,
            pageSize: Math.max(pageSize, 100),
            regionEn: q.regionEn as string,
            regionCh: q.regionCh as string,
            regionAbbrEn: q.regionAbbrEn as string,
            regionAbbrShort: q.regionAbbrShort as string,
          });
          setTree(answer.list);
          return { ...answer, list: withChildren(answer.list) };
        }}
        search={
          <>
            <Form.Item name="regionEn" label={t('regions.regionEn')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="regionCh" label={t('regions.regionCh')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="regionAbbrEn" label={t('regions.regionAbbrEn')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="regionAbbrShort" label={t('regions.regionAbbrShort')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="region:add">
            <Button type="primary" onClick={() => setEditing({})}>
              {t('regions.add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('regions.regionCh'), dataIndex: 'regionCh' },
          { title: t('regions.regionEn'), dataIndex: 'regionEn' },
          { title: t('regions.regionFullEn'), dataIndex: 'regionFullEn' },
          { title: t('regions.regionAbbrEn'), dataIndex: 'regionAbbrEn' },
          { title: t('regions.regionAbbrShort'), dataIndex: 'regionAbbrShort' },
          { title: t('regions.initials'), render: (_, row) => [row.initialEn, row.initialCh].filter(Boolean).join(' / ') },
          {
            title: t('common.actions'),
            render: (_, row) =>
              row.parentId === 0 ? null : (
                <RowActions
                  onEdit={may('region:edit') ? () => setEditing(row) : undefined}
                  remove={
                    may('region:delete') ? { name: row.regionEn, confirm: (typed) => api.post('/region-service-admin/common/region/delete', { id: row.id, confirmName: typed }).then(done) } : undefined
                  }
                />
              ),
          },
        ]}
      />
      <ModalForm<Region>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('regions.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          api.post(editing?.id ? '/region-service-admin/common/region/update' : '/region-service-admin/common/region/add', { ...values, id: editing?.id }, { quiet: true }).then(done)
        }
      >
        <Form.Item name="parentId" label={t('regions.parentId')} rules={[{ required: true }]}>
          <TreeSelect treeData={toTree(tree)} showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item name="regionEn" label={t('regions.regionEn')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/ }]}>
          <Input />
        </Form.Item>
        <Form.Item name="regionFullEn" label={t('regions.regionFullEn')}>
          <Input />
        </Form.Item>
        <Form.Item name="regionCh" label={t('regions.regionCh')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="regionAbbrEn" label={t('regions.regionAbbrEn')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="regionAbbrShort" label={t('regions.regionAbbrShort')}>
          <Input />
        </Form.Item>
        <Form.Item name="pinyin" label={t('regions.pinyin')}>
          <Input />
        </Form.Item>
        <Form.Item name="disableEuUs" label="EU/US" valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}

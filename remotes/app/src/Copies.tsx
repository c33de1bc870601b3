import { RequestError, usePermission } from '@console/sdk';
import { type ListHandle, ListPage, RowActions, SearchModeField, useExportTask } from '@console/sdk/ui';
import { App, Button, Card, Descriptions, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { CopyForm, ExcelImport } from './CopyForm';
import { ProjectSelect, useLanguageName, useProjects, useTexts, ViewGuard } from './parts';
import { copies, type LibraryScope, param } from './service';
import { type CopyEntry, LANGS, LIBRARIES, type Library, type Published } from './types';

/** A copy entry's texts, one row per console language, and what else it carries. */
function CopyDetails({ entry }: { entry: CopyEntry }) {
  const { t } = useTexts();
  const languageName = useLanguageName();
  const langs = [...LANGS, ...Object.keys(entry.texts).filter((l) => !(LANGS as readonly string[]).includes(l))];
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid={`texts-${entry.keyPath}`}
      items={[
        ...langs.map((lang) => ({
          key: lang,
          label: languageName(lang),
          children: entry.texts[lang] ? <span style={{ whiteSpace: 'pre-wrap' }}>{entry.texts[lang]}</span> : <Typography.Text type="secondary">{t('noText')}</Typography.Text>,
        })),
        { key: 'copyCode', label: t('copyCode'), children: entry.copyCode },
        { key: 'parentFunctionType', label: t('parentFunctionType'), children: entry.parentFunctionType || '—' },
        { key: 'projectType', label: t('projectType'), children: entry.projectType || '—' },
      ]}
    />
  );
}

/** Complete when every language its library needs is filled. */
function CompletenessTag({ entry }: { entry: CopyEntry }) {
  const { t } = useTexts();
  return (
    <Tag color={entry.complete ? 'success' : 'warning'} data-testid={`complete-${entry.keyPath}`}>
      {entry.complete ? t('complete') : t('incomplete')}
    </Tag>
  );
}

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; entry: CopyEntry };

/**
 * Copy libraries (/app-manage/public): the public, project and function libraries of the apps'
 * texts by key and language; a project imports the public library (never overwriting), a library
 * goes to and comes from Excel, and is published to apps, empty copy only once confirmed.
 */
export default function Copies() {
  return (
    <ViewGuard action="app:copy:view">
      <CopyLibraries />
    </ViewGuard>
  );
}

function CopyLibraries() {
  const { t } = useTexts();
  const { message, modal } = App.useApp();
  const may = usePermission();
  const languageName = useLanguageName();
  const projects = useProjects();
  const list = useRef<ListHandle>(null);
  const [library, setLibrary] = useState<Library>('public');
  const [projectId, setProjectId] = useState<string | undefined>();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [importing, setImporting] = useState(false);
  const reload = () => list.current?.reload();

  const scope: LibraryScope = { library, projectId: library === 'project' ? (projectId ?? '') : '' };
  /** A project library needs its project before anything is listed or sent. */
  const ready = library !== 'project' || Boolean(projectId);
  const projectName = projects.find((p) => p.id === projectId)?.name ?? projectId ?? '';

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) =>
      library === 'project' && !projectId
        ? Promise.resolve({ list: [], total: 0, page, pageSize })
        : copies.list({
            library,
            projectId: library === 'project' ? projectId : undefined,
            keyPath: param(q.keyPath),
            functionType: param(q.functionType),
            complete: param(q.complete),
            mode: param(q.mode),
            page,
            pageSize,
          }),
    [library, projectId],
  );

  const saidAlready = (error: unknown) => error instanceof RequestError && error.shown;
  const say = (error: unknown) => {
    if (!saidAlready(error)) void message.error(error instanceof Error ? error.message : String(error));
  };

  const importPublic = () =>
    modal.confirm({
      title: t('importPublicTitle', { project: projectName }),
      content: t('importPublicHint'),
      onOk: () =>
        copies.importPublic(scope.projectId).then(
          (answer) => {
            reload();
            modal.success({
              title: t('importedPublic', { count: answer.imported }),
              content: <div data-testid="import-public-result">{answer.skipped.length ? t('keptKeys', { count: answer.skipped.length, keys: answer.skipped.join(', ') }) : t('nothingKept')}</div>,
            });
          },
          () => undefined,
        ),
    });

  const exportTask = useExportTask();
  const exportExcel = () => void exportTask(copies.exportPath, copies.exportQuery(scope));

  const showPublished = (answer: Published) =>
    modal.success({
      title: t('publishedTitle'),
      width: 520,
      content: (
        <div data-testid="published-bundles">
          {answer.incomplete > 0 && <p>{t('publishedIncomplete', { count: answer.incomplete })}</p>}
          {answer.bundles.length ? (
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {answer.bundles.map((b) => (
                <li key={b.lang} data-testid={`bundle-${b.lang}`}>
                  {t('bundleVersion', { lang: languageName(b.lang), version: b.version, keys: b.keys })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('noBundles')}</p>
          )}
        </div>
      ),
    });

  /** Publishes; empty copy (409 on `confirm`) is published only once the user confirms the server's count. */
  const publish = async (confirm: boolean): Promise<void> => {
    try {
      showPublished(await copies.publish(scope, confirm));
    } catch (error) {
      if (!confirm && error instanceof RequestError && error.code === 409) {
        modal.confirm({
          title: t('publishEmptyTitle'),
          content: <span data-testid="publish-empty-copy">{error.message}</span>,
          okText: t('publishAnyway'),
          onOk: () => publish(true),
        });
        return;
      }
      say(error);
    }
  };

  const askPublish = () =>
    modal.confirm({
      title: t('publishTitle', { library: library === 'project' ? `${t('library_project')} · ${projectName}` : t(`library_${library}`) }),
      content: t('publishHint'),
      okText: t('publish'),
      onOk: () => publish(false),
    });

  return (
    <Card
      title={t('copyLibraries')}
      variant="borderless"
      extra={
        <Space wrap>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            data-testid="copy-library"
            value={library}
            onChange={(event) => setLibrary(event.target.value as Library)}
            options={LIBRARIES.map((l) => ({ value: l, label: t(`library_${l}`) }))}
          />
          {library === 'project' && <ProjectSelect projects={projects} value={projectId} onChange={setProjectId} testId="copy-project" style={{ width: 260 }} />}
        </Space>
      }
    >
      {!ready && (
        <Typography.Paragraph type="secondary" data-testid="choose-project-first">
          {t('chooseProjectFirst')}
        </Typography.Paragraph>
      )}
      <ListPage<CopyEntry>
        params={{ library, projectId }}
        handle={list}
        rowKey="id"
        testId="copies"
        load={load}
        search={
          <>
            <Form.Item name="keyPath" label={t('keyPath')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="functionType" label={t('functionType')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="complete" label={t('completeness')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={[
                  { value: 'true', label: t('complete') },
                  { value: 'false', label: t('incomplete') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Space wrap>
            {may('app:copy:edit') && (
              <Button type="primary" disabled={!ready} onClick={() => setEditing({ mode: 'add' })} data-testid="add-copy">
                {t('addCopy')}
              </Button>
            )}
            {may('app:copy:edit') && library === 'project' && (
              <Button disabled={!ready} onClick={importPublic} data-testid="import-public">
                {t('importPublic')}
              </Button>
            )}
            {may('app:copy:edit') && (
              <Button disabled={!ready} onClick={() => setImporting(true)} data-testid="import-excel">
                {t('importExcel')}
              </Button>
            )}
            <Button disabled={!ready} onClick={() => void exportExcel()} data-testid="export-excel">
              {t('exportExcel')}
            </Button>
            {may('app:copy:publish') && (
              <Button disabled={!ready} onClick={askPublish} data-testid="publish-copies">
                {t('publish')}
              </Button>
            )}
          </Space>
        }
        expandable={{ expandedRowRender: (row) => <CopyDetails entry={row} /> }}
        columns={[
          { key: 'keyPath', title: t('keyPath'), render: (_, row) => <Typography.Text code>{row.keyPath}</Typography.Text> },
          { key: 'key1', title: t('key1'), render: (_, row) => row.key1 || '—' },
          { key: 'key2', title: t('key2'), render: (_, row) => row.key2 || '—' },
          { key: 'key3', title: t('key3'), render: (_, row) => row.key3 || '—' },
          {
            key: 'keyDescription',
            title: t('keyDescription'),
            render: (_, row) =>
              row.keyDescription ? (
                <Typography.Text ellipsis={{ tooltip: row.keyDescription }} style={{ maxWidth: 200 }}>
                  {row.keyDescription}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { key: 'function', title: t('function'), render: (_, row) => [row.functionType, row.functionCode].filter(Boolean).join(' / ') || '—' },
          { key: 'placeholders', title: t('placeholderCount'), render: (_, row) => (row.placeholder ? row.placeholderCount : '—') },
          { key: 'complete', title: t('completeness'), render: (_, row) => <CompletenessTag entry={row} /> },
          {
            key: 'assignment',
            title: t('assignment'),
            render: (_, row) => (row.assignee ? <Tag color="blue">{row.assignee}</Tag> : <Tag>{t('toBeAssigned')}</Tag>),
          },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('app:copy:edit') ? () => setEditing({ mode: 'edit', entry: row }) : undefined}
                remove={
                  may('app:copy:delete')
                    ? {
                        name: row.keyPath,
                        confirm: (typed) =>
                          copies.remove(row.id, typed).then(() => {
                            void message.success(t('deleted'));
                            reload();
                          }),
                      }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <CopyForm
        open={editing.mode !== 'closed'}
        editing={editing.mode === 'edit' ? editing.entry : null}
        scope={scope}
        projects={projects}
        onClose={() => setEditing({ mode: 'closed' })}
        onSaved={() => {
          void message.success(t('saved'));
          reload();
        }}
      />
      <ExcelImport
        open={importing}
        scope={scope}
        onClose={() => setImporting(false)}
        onImported={(answer) => {
          void message.success(t('importedExcel', { added: answer.added, updated: answer.updated }));
          reload();
        }}
      />
    </Card>
  );
}

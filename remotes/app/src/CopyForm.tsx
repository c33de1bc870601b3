// A copy entry's form: its library, keys, function, placeholders, texts per language and
// assignment; and the Excel import's form.
import { ExcelTemplateLink, ModalForm, UploadField } from '@console/sdk/ui';
import { Form, Input, InputNumber, Select, Space, Switch, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';

import { LanguageTextsField, ProjectSelect, useTexts } from './parts';
import { COPY_KEY, placeholderMismatch } from './rules';
import { copies, type LibraryScope, MOUNT, PATHS } from './service';
import { type CopyEntry, type ImportedExcel, LIBRARIES, type Library, MAX_COPY_EXCEL_MIB, MAX_PLACEHOLDERS, type Project } from './types';

/** The form's values. */
export interface CopyValues {
  library: Library;
  projectId?: string;
  key1?: string;
  key2?: string;
  key3?: string;
  keyDescription?: string;
  placeholder: boolean;
  placeholderCount?: number;
  functionType?: string;
  functionCode?: string;
  parentFunctionType?: string;
  texts?: Record<string, string>;
  assignee?: string;
  projectType?: string;
}

/** The body sent: no count without placeholders, no empty texts, no project outside a project library. */
export function copyBody(values: CopyValues): Record<string, unknown> {
  const texts = Object.fromEntries(Object.entries(values.texts ?? {}).filter(([, text]) => text.trim() !== ''));
  const trim = (value: string | undefined) => (value ?? '').trim();
  return {
    library: values.library,
    projectId: values.library === 'project' ? trim(values.projectId) : '',
    key1: trim(values.key1),
    key2: trim(values.key2),
    key3: trim(values.key3),
    keyDescription: trim(values.keyDescription),
    placeholder: values.placeholder,
    placeholderCount: values.placeholder ? (values.placeholderCount ?? 0) : 0,
    functionType: trim(values.functionType),
    functionCode: trim(values.functionCode),
    parentFunctionType: trim(values.parentFunctionType),
    texts,
    assignee: trim(values.assignee),
    projectType: trim(values.projectType),
  };
}

function CopyFields({ projects }: { projects: Project[] }) {
  const { t } = useTexts();
  const keyRules = [{ max: 64 }, { pattern: COPY_KEY, message: t('copyKeyRule') }];
  return (
    <>
      <Space wrap align="start">
        <Form.Item name="library" label={t('library')} rules={[{ required: true, message: t('required') }]}>
          <Select style={{ width: 200 }} data-testid="copy-form-library" options={LIBRARIES.map((l) => ({ value: l, label: t(`library_${l}`) }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['library']}>
          {({ getFieldValue }) =>
            getFieldValue('library') === 'project' ? (
              <Form.Item name="projectId" label={t('project')} rules={[{ required: true, message: t('required') }]}>
                <ProjectSelect projects={projects} testId="copy-form-project" style={{ width: 280 }} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="key1" label={t('key1')} rules={keyRules}>
          <Input data-testid="copy-key1" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="key2" label={t('key2')} rules={keyRules}>
          <Input data-testid="copy-key2" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="key3" label={t('key3')} rules={keyRules}>
          <Input data-testid="copy-key3" style={{ width: 180 }} />
        </Form.Item>
      </Space>
      <Form.Item name="keyDescription" label={t('keyDescription')} rules={[{ max: 800 }]}>
        <Input.TextArea rows={2} maxLength={800} />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name="functionType"
          label={t('functionType')}
          dependencies={['key1', 'key2', 'key3']}
          rules={[
            { max: 80 },
            ({ getFieldValue }) => ({
              validator: (_, type: string | undefined) =>
                (type ?? '').trim() || ['key1', 'key2', 'key3'].some((k) => String(getFieldValue(k) ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t('functionTypeOrKey'))),
            }),
          ]}
        >
          <Input data-testid="copy-function-type" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="functionCode" label={t('functionCode')} rules={[{ max: 80 }]}>
          <Input data-testid="copy-function-code" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="parentFunctionType" label={t('parentFunctionType')} rules={[{ max: 80 }]}>
          <Input style={{ width: 180 }} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="placeholder" label={t('placeholder')} valuePropName="checked">
          <Switch data-testid="copy-placeholder" />
        </Form.Item>
        <Form.Item noStyle dependencies={['placeholder']}>
          {({ getFieldValue }) =>
            getFieldValue('placeholder') ? (
              <Form.Item name="placeholderCount" label={t('placeholderCount')} rules={[{ required: true, message: t('required') }]} extra={t('placeholderHint')}>
                <InputNumber min={1} max={MAX_PLACEHOLDERS} precision={0} data-testid="copy-placeholder-count" />
              </Form.Item>
            ) : null
          }
        </Form.Item>
      </Space>
      <LanguageTextsField
        name="texts"
        label={t('texts')}
        extra={t('textsHint')}
        dependencies={['placeholder', 'placeholderCount']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, texts: Record<string, string> | undefined) => {
              const expected = getFieldValue('placeholder') ? Number(getFieldValue('placeholderCount') ?? 0) : 0;
              const wrong = placeholderMismatch(texts, expected);
              return wrong ? Promise.reject(new Error(t('placeholderMismatch', { lang: t(`lang_${wrong.lang}`), found: wrong.found, expected }))) : Promise.resolve();
            },
          }),
        ]}
      />
      <Space wrap align="start">
        <Form.Item name="assignee" label={t('assignee')} rules={[{ max: 80 }]} extra={t('assigneeHint')}>
          <Input data-testid="copy-assignee" style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="projectType" label={t('projectType')} rules={[{ max: 32 }]}>
          <Input style={{ width: 180 }} />
        </Form.Item>
      </Space>
    </>
  );
}

/** Adds a copy entry to the library in view, or edits one. */
export function CopyForm({
  open,
  editing,
  scope,
  projects,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: CopyEntry | null;
  scope: LibraryScope;
  projects: Project[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTexts();
  const initial: Partial<CopyValues> = editing
    ? {
        library: editing.library,
        projectId: editing.projectId || undefined,
        key1: editing.key1,
        key2: editing.key2,
        key3: editing.key3,
        keyDescription: editing.keyDescription,
        placeholder: editing.placeholder,
        placeholderCount: editing.placeholder ? editing.placeholderCount : undefined,
        functionType: editing.functionType,
        functionCode: editing.functionCode,
        parentFunctionType: editing.parentFunctionType,
        texts: { ...editing.texts },
        assignee: editing.assignee,
        projectType: editing.projectType,
      }
    : { library: scope.library, projectId: scope.projectId || undefined, placeholder: false, texts: {} };
  return (
    <ModalForm<CopyValues>
      open={open}
      title={editing ? t('editCopy', { key: editing.keyPath }) : t('addCopy')}
      failure={editing ? 'modify' : 'add'}
      initialValues={initial}
      width={820}
      onClose={onClose}
      onSubmit={(values) => (editing ? copies.update(editing.id, { ...copyBody(values), version: editing.version }) : copies.create(copyBody(values))).then(onSaved)}
    >
      <CopyFields projects={projects} />
    </ModalForm>
  );
}

/** Hands the surrounding form to its owner (to clear a spent upload after a refusal). */
function FormRef({ into }: { into: { current: FormInstance | null } }) {
  const form = Form.useFormInstance();
  useEffect(() => {
    into.current = form;
  }, [form, into]);
  return null;
}

/**
 * A library imported from an Excel workbook: every row is checked before any is kept; a refusal
 * names its row on the file field. The server uses up the upload either way, so after a refusal
 * the corrected file is chosen again.
 */
export function ExcelImport({ open, scope, onClose, onImported }: { open: boolean; scope: LibraryScope; onClose: () => void; onImported: (answer: ImportedExcel) => void }) {
  const { t } = useTexts();
  const form = useRef<FormInstance | null>(null);
  return (
    <ModalForm<{ uploadId: string }>
      open={open}
      title={t('importExcelTitle', { library: t(`library_${scope.library}`) })}
      onClose={onClose}
      onSubmit={(values) =>
        copies.importExcel(scope, values.uploadId).then(onImported, (error: unknown) => {
          form.current?.setFieldValue('uploadId', undefined);
          throw error;
        })
      }
    >
      <FormRef into={form} />
      <p>{t('importExcelHint')}</p>
      <UploadField
        name="uploadId"
        label={t('excelFile')}
        mount={MOUNT}
        purpose="copy-excel"
        accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
        maxMib={MAX_COPY_EXCEL_MIB}
      />
      <ExcelTemplateLink importPath={`${PATHS.copies}/import`} params={{ library: scope.library, ...(scope.projectId ? { projectId: scope.projectId } : {}) }} />
    </ModalForm>
  );
}

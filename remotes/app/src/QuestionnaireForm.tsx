// A questionnaire's form in two steps (submission requires a confirmed preview): the form,
// then its preview; only the preview's confirmation sends it, with `previewConfirmed: true`.
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { RequestError } from '@console/sdk';
import { showFieldError } from '@console/sdk/ui';
import { App, Button, Card, Descriptions, Form, Input, InputNumber, Modal, Space, Switch, Typography } from 'antd';
import { useLayoutEffect, useState } from 'react';

import { AppProductSelect, Link, ProductIdsField, ProjectSelect, useLinkRules, useTexts } from './parts';
import { QUESTIONNAIRE_NAME, tags } from './rules';
import { questionnaires } from './service';
import { type AppProduct, MAX_INTERVAL_DAYS, MAX_LIFECYCLE, MAX_SUB_QUESTIONNAIRES, type Project, type Questionnaire, type SubQuestionnaire } from './types';

export interface QuestionnaireValues {
  projectId: string;
  appProductId: string;
  questionnaireType?: string;
  productIds?: string[];
  name: string;
  address: string;
  intervalDays: number;
  lifecycle: number;
  enabled: boolean;
  subQuestionnaires?: SubQuestionnaire[];
}

/** The body sent once the preview is confirmed. */
export function questionnaireBody(values: QuestionnaireValues): Record<string, unknown> {
  return {
    projectId: values.projectId,
    appProductId: values.appProductId,
    questionnaireType: (values.questionnaireType ?? '').trim(),
    productIds: tags(values.productIds),
    name: values.name.trim(),
    address: values.address.trim(),
    intervalDays: values.intervalDays,
    lifecycle: values.lifecycle,
    enabled: values.enabled,
    subQuestionnaires: (values.subQuestionnaires ?? []).map((s) => ({ name: s.name.trim(), address: s.address.trim() })),
    previewConfirmed: true,
  };
}

const toValues = (q: Questionnaire): QuestionnaireValues => ({
  projectId: q.projectId,
  appProductId: q.appProductId,
  questionnaireType: q.questionnaireType,
  productIds: q.productIds,
  name: q.name,
  address: q.address,
  intervalDays: q.intervalDays,
  lifecycle: q.lifecycle,
  enabled: q.enabled,
  subQuestionnaires: q.subQuestionnaires,
});

/** The form's items a refusal can name and show on. */
const ITEMS = new Set(['projectId', 'appProductId', 'questionnaireType', 'productIds', 'name', 'address', 'intervalDays', 'lifecycle', 'enabled']);

const NEW: Partial<QuestionnaireValues> = { intervalDays: 0, lifecycle: 30, enabled: false, subQuestionnaires: [] };

/** What the app will show: the name, the address to open, and the sub-questionnaires. */
export function QuestionnairePreview({ values }: { values: QuestionnaireValues }) {
  const { t } = useTexts();
  const subs = values.subQuestionnaires ?? [];
  return (
    <Card size="small" title={values.name} data-testid="questionnaire-preview">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'address', label: t('address'), children: <Link href={values.address} /> },
          { key: 'intervalDays', label: t('intervalDays'), children: values.intervalDays },
          { key: 'lifecycle', label: t('lifecycle'), children: values.lifecycle },
          { key: 'enabled', label: t('enabled'), children: values.enabled ? t('on') : t('off') },
        ]}
      />
      <Typography.Title level={5}>{t('subQuestionnaires')}</Typography.Title>
      {subs.length ? (
        <ul style={{ paddingInlineStart: 20 }}>
          {subs.map((sub, i) => (
            <li key={i}>
              {sub.name}: <Link href={sub.address} />
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      )}
    </Card>
  );
}

function SubQuestionnaires() {
  const { t } = useTexts();
  const linkRules = useLinkRules(true);
  return (
    <Form.List name="subQuestionnaires">
      {(fields, { add, remove }) => (
        <Form.Item label={t('subQuestionnaires')}>
          {fields.map((field) => (
            <Space key={field.key} align="start" style={{ display: 'flex' }}>
              <Form.Item name={[field.name, 'name']} rules={[{ required: true, message: t('required') }, { max: 80 }, { pattern: QUESTIONNAIRE_NAME, message: t('questionnaireNameRule') }]}>
                <Input placeholder={t('subName')} data-testid={`sub-name-${field.name}`} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'address']} rules={linkRules}>
                <Input placeholder="https://" data-testid={`sub-address-${field.name}`} style={{ width: 320 }} />
              </Form.Item>
              <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('removeSub')} onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', address: '' })} disabled={fields.length >= MAX_SUB_QUESTIONNAIRES} data-testid="add-sub">
            {t('addSub')}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  );
}

/**
 * Adds or edits a questionnaire: OK checks the form and shows its preview; "confirm and submit"
 * on the preview sends it; "back" returns to the form. A refusal naming a field shows on it.
 */
export function QuestionnaireForm({
  open,
  editing,
  projects,
  products,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: Questionnaire | null;
  projects: Project[];
  products: AppProduct[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<QuestionnaireValues>();
  const [preview, setPreview] = useState<QuestionnaireValues | null>(null);
  const [busy, setBusy] = useState(false);
  const linkRules = useLinkRules(true);
  const required = { required: true, message: t('required') };

  useLayoutEffect(() => {
    if (!open) return;
    setPreview(null);
    form.resetFields();
    form.setFieldsValue(editing ? toValues(editing) : NEW);
  }, [open, editing, form]);

  const toPreview = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) setPreview(values);
  };

  const submit = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const body = questionnaireBody(preview);
      await (editing ? questionnaires.update(editing.id, { ...body, version: editing.version }) : questionnaires.create(body));
      onSaved();
      onClose();
    } catch (error) {
      // Back to the form, the refusal on its field; else (a field the form has no item for, such
      // as the sub-questionnaire list or previewConfirmed) said.
      setPreview(null);
      const onItem = error instanceof RequestError && error.field !== undefined && ITEMS.has(error.field);
      if (!(onItem && showFieldError(form, error)) && !(error instanceof RequestError && error.shown)) {
        void message.error(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={preview ? t('previewTitle') : editing ? t('editQuestionnaire') : t('addQuestionnaire')}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      footer={
        preview ? (
          <Space>
            <Button onClick={() => setPreview(null)} data-testid="preview-back">
              {t('backToEdit')}
            </Button>
            <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="preview-confirm">
              {t('confirmAndSubmit')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" onClick={() => void toPreview()} data-testid="questionnaire-preview-open">
              {t('preview')}
            </Button>
          </Space>
        )
      }
    >
      {preview && (
        <>
          <Typography.Paragraph type="secondary">{t('previewHint')}</Typography.Paragraph>
          <QuestionnairePreview values={preview} />
        </>
      )}
      {/* Kept while the preview shows: back returns to the values as typed. */}
      <div style={preview ? { display: 'none' } : undefined}>
        <Form form={form} name="questionnaire" layout="vertical">
          <Space wrap align="start">
            <Form.Item name="projectId" label={t('project')} rules={[required]}>
              <ProjectSelect projects={projects} testId="questionnaire-project" style={{ width: 300 }} />
            </Form.Item>
            <Form.Item name="appProductId" label={t('boundApp')} rules={[required]}>
              <AppProductSelect products={products} testId="questionnaire-app" style={{ width: 300 }} />
            </Form.Item>
          </Space>
          <Space wrap align="start">
            <Form.Item name="name" label={t('questionnaireName')} rules={[{ ...required, whitespace: true }, { max: 80 }, { pattern: QUESTIONNAIRE_NAME, message: t('questionnaireNameRule') }]}>
              <Input data-testid="questionnaire-name" style={{ width: 300 }} />
            </Form.Item>
            <Form.Item name="questionnaireType" label={t('questionnaireType')} rules={[{ max: 32 }]}>
              <Input data-testid="questionnaire-type" style={{ width: 200 }} />
            </Form.Item>
          </Space>
          <Form.Item name="address" label={t('address')} rules={linkRules}>
            <Input data-testid="questionnaire-address" placeholder="https://" />
          </Form.Item>
          <ProductIdsField testId="questionnaire-products" />
          <Space wrap align="start">
            <Form.Item name="intervalDays" label={t('intervalDays')} rules={[required]} extra={t('intervalDaysHint', { max: MAX_INTERVAL_DAYS })}>
              <InputNumber min={0} max={MAX_INTERVAL_DAYS} precision={0} data-testid="questionnaire-interval" />
            </Form.Item>
            <Form.Item name="lifecycle" label={t('lifecycle')} rules={[required]} extra={t('lifecycleHint', { max: MAX_LIFECYCLE })}>
              <InputNumber min={1} max={MAX_LIFECYCLE} precision={0} data-testid="questionnaire-lifecycle" />
            </Form.Item>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch data-testid="questionnaire-enabled" />
            </Form.Item>
          </Space>
          <SubQuestionnaires />
        </Form>
      </div>
    </Modal>
  );
}

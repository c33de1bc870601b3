// An FAQ's form: the question and its answer, an image, the question type, the product, the ID
// group, the role it is for, its sort weight and its language.
import { ModalForm, UploadField } from '@console/sdk/ui';
import { Form, Input, InputNumber, Select, Space } from 'antd';

import { LanguageSelect, TypeSelect, useRoleOptions, useTexts } from './parts';
import { faqs, MOUNT } from './service';
import { type Faq, IMAGE_MIB, type LanguageChoice, MAX_ANSWER, MAX_GROUP_ID, MAX_QUESTION, MAX_SORT, type ProductOption, type Role, type TypeNode } from './types';

export interface FaqValues {
  question: string;
  answer: string;
  /** The upload id of a new image; empty keeps the stored one. */
  image?: string;
  questionTypeId: string;
  productId?: string;
  groupId?: string;
  role?: Role;
  sortWeight?: number;
  language: string;
}

/** What is sent: trimmed texts, empty strings for what was left out. */
export function faqBody(values: FaqValues): Record<string, unknown> {
  return {
    question: values.question.trim(),
    answer: values.answer.trim(),
    image: typeof values.image === 'string' ? values.image : '',
    questionTypeId: values.questionTypeId,
    productId: values.productId ?? '',
    groupId: (values.groupId ?? '').trim(),
    role: values.role ?? '',
    sortWeight: values.sortWeight ?? 0,
    language: values.language,
  };
}

const toValues = (faq: Faq): FaqValues => ({
  question: faq.question,
  answer: faq.answer,
  image: undefined,
  questionTypeId: faq.questionTypeId,
  productId: faq.productId || undefined,
  groupId: faq.groupId,
  role: faq.role,
  sortWeight: faq.sortWeight,
  language: faq.language,
});

export interface FaqFormProps {
  open: boolean;
  /** The FAQ being edited; null when adding. */
  editing: Faq | null;
  tree: TypeNode[];
  languages: LanguageChoice[];
  products: ProductOption[];
  onClose: () => void;
  onSaved: () => void;
}

export function FaqForm({ open, editing, tree, languages, products, onClose, onSaved }: FaqFormProps) {
  const { t } = useTexts();
  const roles = useRoleOptions(true);
  const required = { required: true, message: t('required') };
  const preset = languages.find((l) => l.isDefault)?.code;
  // The stored product stays choosable when it is no longer among the options.
  const productOptions = products.map((p) => ({ value: p.id, label: p.name }));
  if (editing?.productId && !products.some((p) => p.id === editing.productId)) {
    productOptions.push({ value: editing.productId, label: editing.productName || editing.productId });
  }
  return (
    <ModalForm<FaqValues>
      open={open}
      title={editing ? t('editFaq') : t('addFaq')}
      failure={editing ? 'modify' : 'add'}
      width={720}
      initialValues={editing ? toValues(editing) : { role: '', sortWeight: 0, language: preset }}
      onClose={onClose}
      onSubmit={(values) => (editing ? faqs.update(editing.id, { ...faqBody(values), version: editing.version }) : faqs.create(faqBody(values))).then(onSaved)}
    >
      <Form.Item name="question" label={t('question')} rules={[{ ...required, whitespace: true }, { max: MAX_QUESTION }]}>
        <Input maxLength={MAX_QUESTION} showCount data-testid="faq-question" />
      </Form.Item>
      <Form.Item name="answer" label={t('answer')} rules={[{ ...required, whitespace: true }, { max: MAX_ANSWER }]}>
        <Input.TextArea rows={6} maxLength={MAX_ANSWER} showCount data-testid="faq-answer" />
      </Form.Item>
      <UploadField
        name="image"
        label={editing ? t('imageReplace', { name: editing.image?.fileName ?? t('none') }) : t('imageRule')}
        mount={MOUNT}
        purpose="faq-image"
        accept="image/png,image/jpeg,image/gif,image/webp"
        maxMib={IMAGE_MIB}
        required={false}
      />
      <Space wrap align="start">
        <Form.Item name="questionTypeId" label={t('questionType')} rules={[required]}>
          <TypeSelect tree={tree} testId="faq-type" style={{ width: 300 }} />
        </Form.Item>
        <Form.Item name="productId" label={t('product')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('anyProduct')} style={{ width: 300 }} data-testid="faq-product" options={productOptions} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="language" label={t('language')} rules={[required]}>
          <LanguageSelect list={languages} testId="faq-language" style={{ width: 300 }} />
        </Form.Item>
        <Form.Item name="role" label={t('role')} extra={t('roleHint')}>
          <Select style={{ width: 300 }} data-testid="faq-role" options={roles} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="groupId" label={t('groupId')} extra={t('groupIdHint')} rules={[{ max: MAX_GROUP_ID }]}>
          <Input maxLength={MAX_GROUP_ID} style={{ width: 300 }} data-testid="faq-group" />
        </Form.Item>
        <Form.Item
          name="sortWeight"
          label={t('sortWeight')}
          extra={t('sortWeightHint', { max: MAX_SORT })}
          rules={[{ type: 'integer', min: 0, max: MAX_SORT, message: t('sortRule', { max: MAX_SORT }) }]}
        >
          <InputNumber min={0} max={MAX_SORT} precision={0} style={{ width: 300 }} data-testid="faq-sort-weight" />
        </Form.Item>
      </Space>
    </ModalForm>
  );
}

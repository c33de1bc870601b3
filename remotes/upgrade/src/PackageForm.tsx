import { ModalForm, UploadField } from '@console/sdk/ui';
import { App, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';

import { fileSize, LanguageTextsField, ProductModelFields, useProductOptions, useTexts } from './parts';
import { type Body, MOUNT, packages } from './service';
import { type FirmwarePackage, MAX_FIRMWARE_MIB, PACKAGE_TYPES } from './types';

/** A version name the server accepts: letters, digits, dots, hyphens and underscores. */
const VERSION_NAME = /^[A-Za-z0-9._-]{1,32}$/;
const NEW_PACKAGE = { packageType: 'development', silent: false, mustPass: false, ignoreCheck: false };

/** The form's values from a package: its fields but its files (the pickers hold new upload ids only). */
function formOf(pkg: FirmwarePackage): Body {
  const { productId, modelId, packageType, currentVersionName, currentVersionCode, targetVersionName, targetVersionCode, silent, mustPass, ignoreCheck, descriptions } = pkg;
  return { productId, modelId, packageType, currentVersionName, currentVersionCode, targetVersionName, targetVersionCode, silent, mustPass, ignoreCheck, descriptions };
}

/**
 * Uploads a firmware package, or edits one (`editing`): either way it goes to review in the
 * process centre. The file streams to the host as soon as it is chosen, with its progress.
 */
export function PackageForm({ editing, open, onClose, onSaved }: { editing: FirmwarePackage | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const products = useProductOptions(open);
  const submit = (values: Body) => {
    const body = { ...values, file: values.file ?? '', encryptedFile: values.encryptedFile ?? '' };
    const sent = editing ? packages.update(editing.id, { ...body, version: editing.version }) : packages.create(body);
    return sent.then(() => {
      void message.success(t('submittedForReview'));
      onSaved();
    });
  };
  return (
    <ModalForm<Body>
      open={open}
      title={editing ? t('editPackage') : t('uploadPackage')}
      failure={editing ? 'modify' : 'add'}
      initialValues={editing ? formOf(editing) : NEW_PACKAGE}
      width={760}
      onClose={onClose}
      onSubmit={submit}
    >
      {editing && <Typography.Paragraph type="warning">{t('editGoesToReview')}</Typography.Paragraph>}
      <Space wrap align="start">
        <ProductModelFields products={products} required width={220} />
        <Form.Item name="packageType" label={t('packageType')} rules={[{ required: true, message: t('required') }]}>
          <Select style={{ width: 160 }} data-testid="package-type" options={PACKAGE_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))} />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item
          name="currentVersionName"
          label={t('currentVersionName')}
          rules={[
            { required: true, message: t('required') },
            { pattern: VERSION_NAME, message: t('versionNameRule') },
          ]}
        >
          <Input style={{ width: 160 }} data-testid="current-version-name" />
        </Form.Item>
        <Form.Item name="currentVersionCode" label={t('currentVersionCode')} rules={[{ required: true, message: t('required') }]}>
          <InputNumber min={0} max={2147483647} precision={0} style={{ width: 160 }} data-testid="current-version-code" />
        </Form.Item>
        <Form.Item
          name="targetVersionName"
          label={t('targetVersionName')}
          rules={[
            { required: true, message: t('required') },
            { pattern: VERSION_NAME, message: t('versionNameRule') },
          ]}
        >
          <Input style={{ width: 160 }} data-testid="target-version-name" />
        </Form.Item>
        <Form.Item
          name="targetVersionCode"
          label={t('targetVersionCode')}
          dependencies={['currentVersionCode']}
          rules={[
            { required: true, message: t('required') },
            ({ getFieldValue }) => ({
              validator: (_, target: number | null | undefined) => {
                const current = getFieldValue('currentVersionCode') as number | null | undefined;
                return target == null || current == null || target > current ? Promise.resolve() : Promise.reject(new Error(t('targetAboveCurrent', { current })));
              },
            }),
          ]}
        >
          <InputNumber min={0} max={2147483647} precision={0} style={{ width: 160 }} data-testid="target-version-code" />
        </Form.Item>
      </Space>
      {editing && <Typography.Paragraph type="secondary">{t('currentFile', { name: editing.file.fileName, size: fileSize(editing.file.size) })}</Typography.Paragraph>}
      <UploadField name="file" label={editing ? t('replaceFile') : t('firmwareFile')} mount={MOUNT} purpose="firmware" maxMib={MAX_FIRMWARE_MIB} required={!editing} />
      <UploadField name="encryptedFile" label={t('encryptedFile')} mount={MOUNT} purpose="firmware-encrypted" maxMib={MAX_FIRMWARE_MIB} required={false} />
      <Space wrap size="large">
        <Form.Item name="silent" label={t('silent')} valuePropName="checked" tooltip={t('silentHint')}>
          <Switch data-testid="silent" />
        </Form.Item>
        <Form.Item name="mustPass" label={t('mustPass')} valuePropName="checked" tooltip={t('mustPassHint')}>
          <Switch data-testid="must-pass" />
        </Form.Item>
        <Form.Item name="ignoreCheck" label={t('ignoreCheck')} valuePropName="checked">
          <Switch data-testid="ignore-check" />
        </Form.Item>
      </Space>
      <LanguageTextsField name="descriptions" label={t('descriptions')} />
    </ModalForm>
  );
}

import { LinesField, ModalForm, UploadField } from '@console/sdk/ui';
import { App, Divider, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';

import { fileSize, LanguageTextsField, toLines, useTextOptions, useTexts } from './parts';
import { appPackages, type Body, MOUNT } from './service';
import {
  APP_PACKAGE_TYPES,
  type AppPackage,
  type AppPackageType,
  type Build,
  FILE_SOURCES,
  type FileSource,
  MAX_APP_MIB,
  MAX_LIST_ENTRIES,
  PLATFORMS,
  type Platform,
  POLICIES,
  type Policy,
  REGIONS,
  type Region,
} from './types';

/** The main build, and the HarmonyOS build beside it. */
type BuildKey = 'build' | 'harmony';

/**
 * A build's fields, one per value the server checks. They are flat keys named as the server
 * names them in its refusals (`build.md5`), so that each refusal shows on its field.
 */
type BuildValues = { [K in `${BuildKey}.${'file' | 'address' | 'md5'}`]?: string } & { [K in `${BuildKey}.size`]?: number };

interface AppForm extends BuildValues {
  appName: string;
  platform: Platform;
  packageType: AppPackageType;
  customType?: string;
  versionName: string;
  versionCode: number;
  packer: string;
  internalDescription: string;
  releaseDescriptions: Record<string, string>;
  versionFeature?: string;
  region: Region;
  fileSource: FileSource;
  policy: Policy;
  /** Accounts, one per line. */
  whitelist?: string;
  minCompatibleCode: number;
  silent: boolean;
  mustPass: boolean;
  ignoreVerification: boolean;
}

const MAX_CODE = 2147483647;
const ADDRESS = /^https?:\/\/\S+$/;
const MD5 = /^[0-9a-fA-F]{32}$/;
/** The silent, must-pass and ignore-verification choices are left for the user to make. */
const NEW_PACKAGE: Partial<AppForm> = { packageType: 'release', fileSource: 'local', policy: 'all' };

/** An address build's fields from a package (a local file stays on the server until replaced). */
function addressOf(key: BuildKey, build: Build | null): BuildValues {
  if (!build || build.file) return {};
  return key === 'build'
    ? { 'build.address': build.address, 'build.md5': build.md5, 'build.size': build.size }
    : { 'harmony.address': build.address, 'harmony.md5': build.md5, 'harmony.size': build.size };
}

function formOf(pkg: AppPackage): Partial<AppForm> {
  return {
    appName: pkg.appName,
    platform: pkg.platform,
    packageType: pkg.packageType,
    customType: pkg.customType,
    versionName: pkg.versionName,
    versionCode: pkg.versionCode,
    packer: pkg.packer,
    internalDescription: pkg.internalDescription,
    releaseDescriptions: pkg.releaseDescriptions,
    versionFeature: pkg.versionFeature,
    region: pkg.region,
    fileSource: pkg.fileSource,
    policy: pkg.policy,
    whitelist: toLines(pkg.whitelist),
    minCompatibleCode: pkg.minCompatibleCode,
    silent: pkg.silent,
    mustPass: pkg.mustPass,
    ignoreVerification: pkg.ignoreVerification,
    ...addressOf('build', pkg.build),
    ...addressOf('harmony', pkg.harmony),
  };
}

/** A build as the server takes it: an upload id for a local file, else the address, MD5 and size. */
function buildOf(values: AppForm, key: BuildKey) {
  return values.fileSource === 'local' ? { file: values[`${key}.file`] ?? '' } : { address: values[`${key}.address`] ?? '', md5: values[`${key}.md5`] ?? '', size: values[`${key}.size`] };
}

/** The body sent: the build fields gathered into `build` and `harmony` (null when none is given). */
function bodyOf(values: AppForm): Body {
  const plain = Object.fromEntries(Object.entries(values).filter(([key]) => !key.includes('.')));
  const harmonyGiven = (values.fileSource === 'local' ? values['harmony.file'] : values['harmony.address'])?.trim();
  return { ...plain, build: buildOf(values, 'build'), harmony: harmonyGiven ? buildOf(values, 'harmony') : null };
}

/** One build for the chosen source: a file streamed to the host with its progress, or an address with its MD5 and size. */
function BuildFields({ name, source, label, required }: { name: BuildKey; source: FileSource; label: string; required: boolean }) {
  const { t } = useTexts();
  if (source === 'local') return <UploadField name={`${name}.file`} label={label} mount={MOUNT} purpose="app-package" maxMib={MAX_APP_MIB} required={required} />;
  const address = `${name}.address`;
  // An optional build needs its MD5 and size once its address is given.
  const needed = ({ getFieldValue }: { getFieldValue: (field: string) => unknown }) => ({
    required: required || Boolean(String(getFieldValue(address) ?? '').trim()),
    message: t('required'),
  });
  return (
    <Space wrap align="start">
      <Form.Item
        name={address}
        label={label}
        rules={[
          { required, whitespace: true, message: t('required') },
          { pattern: ADDRESS, message: t('addressRule') },
        ]}
      >
        <Input style={{ width: 380 }} placeholder="https://" data-testid={`${name}-address`} />
      </Form.Item>
      <Form.Item name={`${name}.md5`} label="MD5" dependencies={[address]} rules={[needed, { pattern: MD5, message: t('md5Rule') }]}>
        <Input style={{ width: 300 }} maxLength={32} data-testid={`${name}-md5`} />
      </Form.Item>
      <Form.Item name={`${name}.size`} label={t('sizeBytes')} dependencies={[address]} rules={[needed]}>
        <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid={`${name}-size`} />
      </Form.Item>
    </Space>
  );
}

/** A choice that must be made: yes or no. */
function YesNoField({ name, label, tooltip }: { name: keyof AppForm; label: string; tooltip?: string }) {
  const { t } = useTexts();
  return (
    <Form.Item name={name} label={label} tooltip={tooltip} rules={[{ required: true, message: t('chooseOne') }]}>
      <Radio.Group
        data-testid={`choice-${name}`}
        options={[
          { value: true, label: t('yes') },
          { value: false, label: t('no') },
        ]}
      />
    </Form.Item>
  );
}

/**
 * The local files a package has, when editing: the main build's stays unless a new one is chosen;
 * the HarmonyOS build's is removed unless chosen again (apps.rs takes an empty `harmony` as none).
 */
function KeptFiles({ pkg }: { pkg: AppPackage }) {
  const { t } = useTexts();
  const { build, harmony } = pkg;
  return (
    <>
      {build.file && <Typography.Paragraph type="secondary">{t('currentFile', { name: build.file.fileName, size: fileSize(build.file.size) })}</Typography.Paragraph>}
      {harmony?.file && <Typography.Paragraph type="warning">{t('currentHarmonyFile', { name: harmony.file.fileName, size: fileSize(harmony.file.size) })}</Typography.Paragraph>}
    </>
  );
}

/** Uploads an app package, or edits one while it is under development (`editing`). */
export function AppPackageForm({ editing, open, onClose, onSaved }: { editing: AppPackage | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const options = {
    platform: useTextOptions('platform', PLATFORMS),
    packageType: useTextOptions('appType', APP_PACKAGE_TYPES),
    region: useTextOptions('region', REGIONS),
    fileSource: useTextOptions('fileSource', FILE_SOURCES),
    policy: useTextOptions('policy', POLICIES),
  };
  const required = [{ required: true, message: t('required') }];
  const text = (max: number) => [{ required: true, whitespace: true, message: t('required') }, { max }];
  const submit = (values: AppForm) => {
    const body = bodyOf(values);
    const sent = editing ? appPackages.update(editing.id, { ...body, version: editing.version }) : appPackages.create(body);
    return sent.then(() => {
      void message.success(t('saved'));
      onSaved();
    });
  };
  // A local file kept from before need not be chosen again, if the source stays local.
  const keptLocal = editing?.fileSource === 'local' && Boolean(editing.build.file);
  return (
    <ModalForm<AppForm>
      open={open}
      title={editing ? t('editAppPackage') : t('uploadAppPackage')}
      failure={editing ? 'modify' : 'add'}
      initialValues={editing ? formOf(editing) : NEW_PACKAGE}
      width={880}
      onClose={onClose}
      onSubmit={submit}
    >
      <Space wrap align="start">
        <Form.Item name="appName" label={t('appName')} rules={text(80)}>
          <Input style={{ width: 220 }} maxLength={80} data-testid="app-name" />
        </Form.Item>
        <Form.Item name="platform" label={t('platform')} rules={required}>
          <Select style={{ width: 150 }} options={options.platform} data-testid="app-platform" />
        </Form.Item>
        <Form.Item name="packageType" label={t('packageType')} rules={required}>
          <Select style={{ width: 150 }} options={options.packageType} data-testid="app-package-type" />
        </Form.Item>
        <Form.Item noStyle dependencies={['packageType']}>
          {({ getFieldValue }) =>
            getFieldValue('packageType') === 'custom' && (
              <Form.Item name="customType" label={t('customType')} rules={text(80)}>
                <Input style={{ width: 180 }} maxLength={80} data-testid="custom-type" />
              </Form.Item>
            )
          }
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="versionName" label={t('versionName')} rules={text(32)}>
          <Input style={{ width: 160 }} maxLength={32} data-testid="version-name" />
        </Form.Item>
        <Form.Item name="versionCode" label={t('versionCode')} rules={required}>
          <InputNumber min={0} max={MAX_CODE} precision={0} style={{ width: 160 }} data-testid="version-code" />
        </Form.Item>
        <Form.Item name="packer" label={t('packer')} rules={text(80)}>
          <Input style={{ width: 180 }} maxLength={80} data-testid="packer" />
        </Form.Item>
        <Form.Item name="region" label={t('region')} rules={required}>
          <Select style={{ width: 150 }} options={options.region} data-testid="app-region" />
        </Form.Item>
      </Space>
      <Form.Item name="internalDescription" label={t('internalDescription')} rules={text(800)}>
        <Input.TextArea rows={2} maxLength={800} showCount data-testid="internal-description" />
      </Form.Item>
      <LanguageTextsField name="releaseDescriptions" label={t('releaseDescriptions')} />
      <Form.Item name="versionFeature" label={t('versionFeature')} rules={[{ max: 800 }]}>
        <Input.TextArea rows={2} maxLength={800} showCount data-testid="version-feature" />
      </Form.Item>

      <Divider titlePlacement="start">{t('builds')}</Divider>
      <Form.Item name="fileSource" label={t('fileSource')} rules={required}>
        <Radio.Group optionType="button" options={options.fileSource} data-testid="file-source" />
      </Form.Item>
      <Form.Item noStyle dependencies={['fileSource']}>
        {({ getFieldValue }) => {
          const source = getFieldValue('fileSource') as FileSource;
          return (
            <>
              {editing && source === 'local' && <KeptFiles pkg={editing} />}
              <BuildFields name="build" source={source} label={source === 'local' ? t('appFile') : t('downloadAddress')} required={!(keptLocal && source === 'local')} />
              <BuildFields name="harmony" source={source} label={source === 'local' ? t('harmonyFile') : t('harmonyAddress')} required={false} />
            </>
          );
        }}
      </Form.Item>

      <Divider titlePlacement="start">{t('releaseRules')}</Divider>
      <Form.Item name="policy" label={t('policy')} rules={required}>
        <Radio.Group options={options.policy} data-testid="policy" />
      </Form.Item>
      <Form.Item noStyle dependencies={['policy']}>
        {({ getFieldValue }) => getFieldValue('policy') === 'whitelist' && <LinesField name="whitelist" label={t('whitelistAccounts')} max={MAX_LIST_ENTRIES} />}
      </Form.Item>
      <Form.Item
        name="minCompatibleCode"
        label={t('minCompatibleCode')}
        tooltip={t('minCompatibleHint')}
        dependencies={['versionCode']}
        rules={[
          ...required,
          ({ getFieldValue }) => ({
            validator: (_, min: number | null | undefined) => {
              const code = getFieldValue('versionCode') as number | null | undefined;
              return min == null || code == null || min <= code ? Promise.resolve() : Promise.reject(new Error(t('minAtMostVersion', { code })));
            },
          }),
        ]}
      >
        <InputNumber min={0} max={MAX_CODE} precision={0} style={{ width: 160 }} data-testid="min-compatible-code" />
      </Form.Item>
      <Space wrap size="large" align="start">
        <YesNoField name="silent" label={t('silent')} tooltip={t('appSilentHint')} />
        <YesNoField name="mustPass" label={t('mustPass')} tooltip={t('appMustPassHint')} />
        <YesNoField name="ignoreVerification" label={t('ignoreVerification')} tooltip={t('ignoreVerificationHint')} />
      </Space>
    </ModalForm>
  );
}

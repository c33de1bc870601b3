// What the app pages share: the namespace, the view guard, the secret field with its generator,
// product ids typed as tags, links, dates, the language tabs, and the project, app product and
// enterprise options (each loaded only when the user may read them).
import { formatTime, useNamespace, usePagePermission, usePermission } from '@console/sdk';
import { Button, Form, Input, Result, Select, Space, Tabs, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';

import { resources } from './i18n';
import { HTTP_LINK, randomSecret } from './rules';
import { appProducts, enterprises, projects } from './service';
import { type AppProduct, type Enterprise, LANGS, MAX_PRODUCT_IDS, type Project, SECRET_MAX, SECRET_MIN, type SecretHint } from './types';

/** This remote's strings (namespace `app`). */
export const useTexts = () => useNamespace('app', resources);

/** The menu paths of the plugin's pages (plugin.toml, menus 5901-5909). */
export const PAGES = {
  appProduct: '/app-manage/app-product',
  copies: '/app-manage/public',
  project: '/app-manage/project',
  qrCode: '/app-manage/app-qrcode',
  questionnaire: '/app-manage/app-questionnaire',
  store: '/app-manage/app-store',
  appUser: '/app-manage/app-user',
  betaUser: '/system/betaAppUser',
  storage: '/app-manage/aliyun',
  appLog: '/app-manage/app-log',
  bucketDomains: '/media/bucket',
} as const;

/**
 * The page's list only for users granted its view action: a route the user may not call would
 * answer 403, which ends the session.
 */
export function ViewGuard({ action, children }: { action: string; children: ReactNode }) {
  const { t } = useTexts();
  return usePermission()(action) ? <>{children}</> : <Result status="403" title={t('noViewRight')} data-testid="no-view-right" />;
}

/** A moment as every page shows it (the SDK's one format). */
export const when = formatTime;

/** A file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1048576) return `${(bytes / 1048576).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
export const day = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD') : '—');

/** An address as a link that opens in a new tab. */
export function Link({ href }: { href: string }) {
  return href ? (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 280 }}>
      {href}
    </Typography.Link>
  ) : (
    <>—</>
  );
}

/** The rules of a required or optional http(s) address. */
export function useLinkRules(required: boolean): Rule[] {
  const { t } = useTexts();
  return [{ required, message: t('required') }, { pattern: HTTP_LINK, message: t('httpLinkRule') }, { max: 1024 }];
}

/** The language codes as select options, each by its name in the user's language. */
export function useLanguageOptions() {
  const { t } = useTexts();
  return LANGS.map((lang) => ({ value: lang, label: t(`lang_${lang}`) }));
}

/** A language code by its name (`zhCn` → Chinese); an unknown code as it is. */
export function useLanguageName() {
  const { t } = useTexts();
  return (lang: string) => t(`lang_${lang}`, { defaultValue: lang });
}

/**
 * A sealed secret: typed, or generated (32 letters and digits from the browser's cryptographic
 * generator). Required when adding; on edit the stored one's hint shows and an empty field keeps it.
 */
export function SecretField({ name, label, hint }: { name: string; label: string; hint?: SecretHint }) {
  const { t } = useTexts();
  const form = Form.useFormInstance();
  const [shown, setShown] = useState(false);
  const editing = hint !== undefined;
  return (
    <Form.Item label={label} required={!editing} extra={editing ? t('secretKept', { hint: hint.hint || '—' }) : t('secretOnce')}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name={name}
          noStyle
          rules={[
            { required: !editing, message: t('required') },
            { min: SECRET_MIN, message: t('secretLength', { min: SECRET_MIN, max: SECRET_MAX }) },
            { max: SECRET_MAX, message: t('secretLength', { min: SECRET_MIN, max: SECRET_MAX }) },
            { pattern: /^\S*$/, message: t('noSpaces') },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            aria-label={label}
            data-testid={`${name}-input`}
            visibilityToggle={{ visible: shown, onVisibleChange: setShown }}
            placeholder={editing ? t('secretKeepPlaceholder') : undefined}
          />
        </Form.Item>
        <Button
          data-testid={`${name}-generate`}
          onClick={() => {
            form.setFieldValue(name, randomSecret());
            // Shown once generated: it can be copied now and never again.
            setShown(true);
            void form.validateFields([name]);
          }}
        >
          {t('generate')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** A secret's hint in a list or a detail: `••••abcd`. */
export function SecretHintText({ secret }: { secret: SecretHint | undefined }) {
  return <Typography.Text type="secondary">{secret?.hint ? secret.hint : '—'}</Typography.Text>;
}

/**
 * Product ids typed as tags: the product plugin's list is not called from these pages (its rights
 * are another plugin's); the server checks each id.
 */
export function ProductIdsField({ name = 'productIds', label, required = false, testId = 'product-ids' }: { name?: string; label?: string; required?: boolean; testId?: string }) {
  const { t } = useTexts();
  return (
    <Form.Item
      name={name}
      label={label ?? t('productIds')}
      extra={t('productIdsHint')}
      rules={[
        { required, type: 'array', min: required ? 1 : 0, message: t('required') },
        { type: 'array', max: MAX_PRODUCT_IDS, message: t('tooMany', { max: MAX_PRODUCT_IDS }) },
      ]}
    >
      <Select mode="tags" open={false} tokenSeparators={[',', ' ', '\n']} data-testid={testId} aria-label={label ?? t('productIds')} />
    </Form.Item>
  );
}

/** Ids as tags in a list cell. */
export function IdList({ ids }: { ids: readonly string[] }) {
  return ids.length ? (
    <Typography.Text ellipsis={{ tooltip: ids.join(', ') }} style={{ maxWidth: 200 }}>
      {ids.join(', ')}
    </Typography.Text>
  ) : (
    <>—</>
  );
}

/** Texts by language, one tab per console language, each optional. */
function LanguageTexts({ id, value, onChange }: { id?: string; value?: Record<string, string>; onChange?: (texts: Record<string, string>) => void }) {
  const { t } = useTexts();
  return (
    <Tabs
      id={id}
      size="small"
      items={LANGS.map((lang) => ({
        key: lang,
        label: value?.[lang]?.trim() ? `${t(`lang_${lang}`)} ✓` : t(`lang_${lang}`),
        forceRender: true,
        children: (
          <Input.TextArea
            rows={3}
            maxLength={800}
            showCount
            data-testid={`text-${lang}`}
            aria-label={t(`lang_${lang}`)}
            value={value?.[lang] ?? ''}
            onChange={(event) => onChange?.({ ...value, [lang]: event.target.value })}
          />
        ),
      }))}
    />
  );
}

export function LanguageTextsField({ name, label, extra, rules, dependencies }: { name: string; label: string; extra?: ReactNode; rules?: Rule[]; dependencies?: string[] }) {
  return (
    <Form.Item name={name} label={label} extra={extra} rules={rules} dependencies={dependencies}>
      <LanguageTexts />
    </Form.Item>
  );
}

/** Rows of a list loaded once for a select, when `enabled`; none on failure. */
function useOptions<T>(enabled: boolean, load: () => Promise<T[]>): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (list) => live && setRows(list),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [enabled, load]);
  return rows;
}

const loadProjects = () => projects.options().then((page) => page.list);
const loadAppProducts = () => appProducts.options().then((page) => page.list);
const loadEnterprises = () => enterprises.options().then((page) => page.list);

/** Whether the user may read the projects (their page's view action, wherever they are). */
export const useMayReadProjects = () => usePagePermission(PAGES.project)('app:project:view');
export const useMayReadAppProducts = () => usePagePermission(PAGES.appProduct)('app:product:view');

/** The projects, for users who may read them. */
export function useProjects(): Project[] {
  return useOptions(useMayReadProjects(), loadProjects);
}

export function useAppProducts(): AppProduct[] {
  return useOptions(useMayReadAppProducts(), loadAppProducts);
}

/** The enterprises (a core route every signed-in user may call). */
export function useEnterprises(): Enterprise[] {
  return useOptions(true, loadEnterprises);
}

/**
 * A project chooser: a select of the projects for users who may read them, else the project's
 * id typed (its code or name cannot be looked up).
 */
export function ProjectSelect({
  value,
  onChange,
  projects: list,
  testId,
  allowClear,
  style,
  id,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  projects: Project[];
  testId: string;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTexts();
  const mayRead = useMayReadProjects();
  if (!mayRead) {
    return (
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.trim() || undefined)}
        placeholder={t('projectIdTyped')}
        data-testid={testId}
        style={style}
        allowClear={allowClear}
      />
    );
  }
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('chooseProject')}
      data-testid={testId}
      style={style}
      options={list.map((p) => ({ value: p.id, label: `${p.name} (${p.projectCode})` }))}
    />
  );
}

/** An app product chooser, like {@link ProjectSelect}. */
export function AppProductSelect({
  value,
  onChange,
  products,
  testId,
  allowClear,
  style,
  id,
}: {
  value?: string;
  onChange?: (id: string | undefined) => void;
  products: AppProduct[];
  testId: string;
  allowClear?: boolean;
  style?: CSSProperties;
  id?: string;
}) {
  const { t } = useTexts();
  const mayRead = useMayReadAppProducts();
  if (!mayRead) {
    return (
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.trim() || undefined)}
        placeholder={t('appProductIdTyped')}
        data-testid={testId}
        style={style}
        allowClear={allowClear}
      />
    );
  }
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('chooseAppProduct')}
      data-testid={testId}
      style={style}
      options={products.map((p) => ({ value: p.id, label: `${p.appProductName} · ${p.appName}` }))}
    />
  );
}

// What the content pages share: the namespace, the view guard, dates, links, the agreement type
// labels, and the language, product and enterprise options (each read through a route the user
// may call: one the user may not would answer 403, which ends the session).
import { formatTime, useNamespace, usePermission } from '@console/sdk';
import { Result, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';

import { resources } from './i18n';
import { HTTP_LINK } from './rules';
import { enterprises, languages, products } from './service';
import { AGREEMENT_TYPES, type AgreementType, type Enterprise, type LanguageOption, MAX_LINK, type ProductOption } from './types';

/** This remote's strings (namespace `content`). */
export const useTexts = () => useNamespace('content', resources);

/** The menu paths of the plugin's pages (plugin.toml, menus 6101-6105). */
export const PAGES = {
  faqGroup: '/content/faqGroup',
  feedback: '/content/feedback',
  feedbackEmail: '/content/feedback-email',
  agreement: '/content/agreement',
  manual: '/content/manual',
  portal: '/content/portal',
} as const;

/**
 * The page's content only for users granted its view action: a route the user may not call would
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

/** An address as typed, without the spaces a paste brings (an address has none). */
export const noSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

/** The rules of a required or optional http(s) address. */
export function useLinkRules(required: boolean): Rule[] {
  const { t } = useTexts();
  return [{ required, whitespace: required, message: t('required') }, { pattern: HTTP_LINK, message: t('httpLinkRule') }, { max: MAX_LINK }];
}

/** An agreement type's label (`privacy` → "Privacy policy"). */
export function useTypeLabel() {
  const { t } = useTexts();
  return (type: string) => t(`type_${type}`, { defaultValue: type });
}

/** The agreement types as select options. */
export function useTypeOptions() {
  const label = useTypeLabel();
  return AGREEMENT_TYPES.map((type: AgreementType) => ({ value: type, label: label(type) }));
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

const loadEnterprises = () => enterprises.options().then((page) => page.list);

/** The platform's languages, through the route of the page's own view action. */
export function useLanguages(page: 'agreement' | 'manual' | 'portal'): LanguageOption[] {
  const load = { agreement: languages.options, manual: languages.forManuals, portal: languages.forPortal }[page];
  return useOptions(true, load);
}

/** The products a manual can be for (a route of the manual page's own view action). */
export function useProducts(): ProductOption[] {
  return useOptions(true, products.options);
}

/** The enterprises (a core route every signed-in user may call). */
export function useEnterprises(): Enterprise[] {
  return useOptions(true, loadEnterprises);
}

/** A language code by its name in the user's language (`de` → "German (de)"); an unknown code by the platform's name. */
export function useLanguageLabel(list: LanguageOption[]) {
  const { t } = useTexts();
  return (code: string) => {
    if (!code) return '—';
    const platformName = list.find((l) => l.code === code)?.name;
    const name = t(`lang_${code}`, { defaultValue: platformName && platformName !== code ? platformName : '' });
    return name ? `${name} (${code})` : code;
  };
}

interface PickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  testId: string;
  allowClear?: boolean;
  style?: CSSProperties;
}

/** A language chooser: the platform's languages. */
export function LanguageSelect({ list, id, value, onChange, testId, allowClear, style }: PickerProps & { list: LanguageOption[] }) {
  const { t } = useTexts();
  const label = useLanguageLabel(list);
  const options = list.map((l) => ({ value: l.code, label: label(l.code) }));
  // A stored code stays choosable when the platform no longer lists it.
  if (value && !list.some((l) => l.code === value)) options.push({ value, label: label(value) });
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('chooseLanguage')}
      data-testid={testId}
      style={style}
      options={options}
    />
  );
}

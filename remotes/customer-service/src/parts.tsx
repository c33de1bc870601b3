// What the customer-service pages share: the namespace, the view guard, dates, the role labels,
// and the question type, language and product options (read through routes of the page's own
// view action: a route the user may not call answers 403, which ends the session).
import { formatTime, usePermission, useNamespace } from '@console/sdk';
import { Result, Select, TreeSelect } from 'antd';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useState } from 'react';

import { resources } from './i18n';
import { faqs, questionTypes } from './service';
import { type FaqOptions, type LanguageChoice, type ProductOption, type Role, ROLES, type TypeNode } from './types';

/** This remote's strings (namespace `customer-service`). */
export const useTexts = () => useNamespace('customer-service', resources);

/** The menu paths of the plugin's pages (plugin.toml, menus 6001-6010). */
export const PAGES = {
  orderRecord: '/customerService/orderRecord',
  myOrderRecord: '/customerService/myOrderRecord',
  userOrder: '/customerService/userOrder',
  companyOrder: '/customerService/companyOrder',
  seatList: '/customerService/seatList',
  serviceCenter: '/customerService/serviceCenter',
  systemService: '/customerService/systemService',
  faq: '/customerService/faq',
  language: '/customerService/language',
  questionType: '/customerService/questionType',
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

/** The label of a role an FAQ is for ("" is everyone). */
export function useRoleName() {
  const { t } = useTexts();
  return (role: string) => t(`role_${role || 'all'}`, { defaultValue: role });
}

/** The roles as select options; `withEveryone` adds "Everyone" (the empty role). */
export function useRoleOptions(withEveryone: boolean) {
  const roleName = useRoleName();
  return ROLES.filter((role) => withEveryone || role !== '').map((role: Role) => ({ value: role, label: roleName(role) }));
}

/** Rows of a list loaded when `enabled` (again when `load` changes); none on failure. */
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

/** The question type tree for the question type page (its own view action); `refresh` loads it again. */
export function useTypeTree(refresh = 0): TypeNode[] {
  // A new function whenever `refresh` changes: the tree is loaded again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `refresh` is the signal to load again, not an input
  const load = useCallback(() => questionTypes.tree(), [refresh]);
  return useOptions(true, load);
}

/** What an FAQ is filed under, read with the FAQ page's own view action. */
export function useFaqOptions(): FaqOptions {
  const [options, setOptions] = useState<FaqOptions>({ questionTypes: [], languages: [] });
  useEffect(() => {
    let live = true;
    faqs.options().then(
      (found) => live && setOptions(found),
      () => live && setOptions({ questionTypes: [], languages: [] }),
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/** The products an FAQ can be for (a route of the FAQ page's own view action). */
export function useProducts(): ProductOption[] {
  return useOptions(true, faqs.products);
}

/** A service language's name by its code (`de` → "Deutsch (de)"); an unknown code as it is. */
export function languageLabel(list: LanguageChoice[], code: string): string {
  const found = list.find((l) => l.code === code);
  return found ? `${found.name} (${found.code})` : code || '—';
}

interface PickerProps {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  testId: string;
  allowClear?: boolean;
  style?: CSSProperties;
  placeholder?: string;
}

/** A question type chooser: the tree of categories and subcategories. */
export function TypeSelect({ tree, id, value, onChange, testId, allowClear, style, placeholder }: PickerProps & { tree: TypeNode[] }) {
  const { t } = useTexts();
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      allowClear={allowClear}
      showSearch={{ treeNodeFilterProp: 'name' }}
      treeDefaultExpandAll
      placeholder={placeholder ?? t('chooseQuestionType')}
      data-testid={testId}
      style={style}
      treeData={tree}
      fieldNames={{ label: 'name', value: 'id', children: 'children' }}
    />
  );
}

/** A language chooser (by code). */
export function LanguageSelect({ list, id, value, onChange, testId, allowClear, style, placeholder }: PickerProps & { list: LanguageChoice[] }) {
  const { t } = useTexts();
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('chooseLanguage')}
      // Outside a form item (no label of its own), its placeholder names it.
      aria-label={id ? undefined : (placeholder ?? t('chooseLanguage'))}
      data-testid={testId}
      style={style}
      options={list.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }))}
    />
  );
}

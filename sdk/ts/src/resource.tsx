import { Auth, usePermission } from './context';
import { type ListHandle, ListPage, ModalForm, RowActions } from './components';
import { api } from './request';
import type { Page } from './types';
import { App, Button, Card, DatePicker, Form } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A record as a plugin's resource answers it (`console_plugin_sdk::Resource`). */
export interface ResourceRow {
  id: string;
  version?: number;
}

export interface ResourcePageProps<T extends ResourceRow> {
  /** The card's title; none with `bare`. */
  title?: ReactNode;
  /** No card around the list: a tab of a page that has one. */
  bare?: boolean;
  /** The resource's API path (`/pet-service/breeds`): list and add there, edit and delete at `<path>/<id>`. */
  path: string;
  testId: string;
  columns: ColumnsType<T>;
  /** Query form fields; their values are the list's query (a {@link DateRangeField} as startTime, endTime). */
  search?: ReactNode;
  /** The add and edit form's fields; a function gets the record being edited (empty when adding). */
  form: ReactNode | ((editing: Partial<T>) => ReactNode);
  /** The name typed again to delete (required with a delete action). */
  name?: (row: T) => string;
  /** Whether a row may be deleted at all (a published version may not): no Delete where the
   * server would refuse it. Absent: every row. */
  deletable?: (row: T) => boolean;
  /** The button action of each act; an act without one, or that the user lacks, shows no button. */
  actions: { add?: string; edit?: string; delete?: string };
  addLabel: ReactNode;
  addTestId?: string;
  /** A new record's form values. */
  defaults?: Partial<T>;
  /** More row actions before edit and delete (release, promote); `reload` refreshes the list. */
  rowExtra?: (row: T, reload: () => void) => ReactNode;
  /** The list's query from the query form's values (default: {@link queryParams}). */
  query?: (values: Record<string, unknown>) => Record<string, string | number | boolean | undefined>;
  /** The body sent from the form's values (parse a text area into a list, say). */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The edit form's values from a row, where they differ from the row (nested records as flat fields). */
  toForm?: (row: T) => Record<string, unknown>;
  rowKey?: keyof T & string;
  formWidth?: number;
  /** What the list depends on besides `path`, `query` and the search form: it reloads when this changes. */
  params?: unknown;
}

/** A date range picker for a query form, sent as `startTime` and `endTime` (milliseconds). */
export function DateRangeField({ name = 'range', label }: { name?: string; label?: ReactNode }) {
  const { t } = useTranslation('sdk');
  return (
    <Form.Item name={name} label={label ?? t('dateRange')}>
      <DatePicker.RangePicker />
    </Form.Item>
  );
}

interface Day {
  startOf: (unit: 'day') => { valueOf: () => number };
  endOf: (unit: 'day') => { valueOf: () => number };
}

const isDay = (value: unknown): value is Day => typeof value === 'object' && value !== null && 'startOf' in value && 'endOf' in value;

/** A query form's values as query parameters: a date range from its first day's start to its last day's end. */
export function queryParams(values: Record<string, unknown>): Record<string, string | number | boolean | undefined> {
  const params: Record<string, string | number | boolean | undefined> = {};
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.length === 2 && isDay(value[0]) && isDay(value[1])) {
      params.startTime = value[0].startOf('day').valueOf();
      params.endTime = value[1].endOf('day').valueOf();
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params[key] = value;
    }
  }
  return params;
}

/**
 * A plugin resource's page from one definition: query form, table with pagination, add and edit
 * in a modal form (the server's field errors on their fields), delete by typing the name again,
 * each button shown only to users holding its action.
 */
export function ResourcePage<T extends ResourceRow>(props: ResourcePageProps<T>) {
  const { t } = useTranslation('sdk');
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<T> | null>(null);
  const reload = () => list.current?.reload();
  const done = () => {
    void message.success(t('saved'));
    reload();
  };
  const { actions, path } = props;
  const allowed = (action?: string) => action !== undefined && may(action);
  const query = props.query ?? queryParams;
  const send = (values: Partial<T>) => (props.transform ? props.transform(values as Record<string, unknown>) : values);
  const rowActions = props.rowExtra !== undefined || allowed(actions.edit) || allowed(actions.delete);
  const page = (
    <>
      <ListPage<T>
        handle={list}
        rowKey={props.rowKey ?? 'id'}
        testId={props.testId}
        load={(values, page, pageSize) => api.get<Page<T>>(path, { ...query(values), page, pageSize })}
        // The path and what `query` adds without a search (a parent record's id) are part of it.
        params={[path, query({}), props.params]}
        search={props.search}
        toolbar={
          actions.add && (
            <Auth action={actions.add}>
              <Button type="primary" onClick={() => setEditing({ ...props.defaults } as Partial<T>)} data-testid={props.addTestId}>
                {props.addLabel}
              </Button>
            </Auth>
          )
        }
        columns={
          rowActions
            ? [
                ...props.columns,
                {
                  title: t('actions'),
                  render: (_, row) => (
                    <RowActions
                      extra={props.rowExtra?.(row, reload)}
                      onEdit={allowed(actions.edit) ? () => setEditing(props.toForm ? ({ ...row, ...props.toForm(row) } as Partial<T>) : row) : undefined}
                      remove={
                        allowed(actions.delete) && props.name && (props.deletable?.(row) ?? true)
                          ? { name: props.name(row), confirm: (typed) => api.delete(`${path}/${row.id}`, { confirmName: typed }).then(done) }
                          : undefined
                      }
                    />
                  ),
                },
              ]
            : props.columns
        }
      />
      <ModalForm<Partial<T>>
        open={editing !== null}
        title={editing?.id ? t('edit') : props.addLabel}
        initialValues={editing ?? undefined}
        width={props.formWidth}
        failure={editing?.id ? 'modify' : 'add'}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          (editing?.id ? api.put(`${path}/${editing.id}`, { ...send(values), version: editing.version }, { quiet: true }) : api.post(path, send(values), { quiet: true })).then(done)
        }
      >
        {typeof props.form === 'function' ? props.form(editing ?? {}) : props.form}
      </ModalForm>
    </>
  );
  return props.bare ? (
    page
  ) : (
    <Card title={props.title} variant="borderless">
      {page}
    </Card>
  );
}

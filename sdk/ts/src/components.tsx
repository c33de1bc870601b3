import { App, Button, Drawer, Descriptions, Form, Input, Modal, Space, Table, type FormInstance } from 'antd';
import type { ColumnsType, TablePaginationConfig, TableProps } from 'antd/es/table';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { lineCount } from './fields';
import { RequestError } from './request';
import type { Page } from './types';

export interface ListHandle {
  reload: () => void;
}

export interface ListPageProps<T> {
  /** Query fields (antd Form.Item elements); their values are passed to `load`. */
  search?: ReactNode;
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  /**
   * Fetches one page; `query` holds the search form's values. Read when a page is fetched: a new
   * function on each render of the page reloads nothing (what it depends on goes in `params`).
   */
  load: (query: Record<string, unknown>, page: number, pageSize: number) => Promise<Page<T>>;
  /** Buttons above the table (add, batch actions). */
  toolbar?: ReactNode;
  handle?: Ref<ListHandle>;
  /** What `load` depends on besides the search form (a selected tab, a record's id): the list reloads from page 1 when it changes. */
  params?: unknown;
  /** Tree data: rows with `children` expand. */
  pagination?: boolean;
  testId?: string;
  /** Rows that open to show more (a request's detail). */
  expandable?: TableProps<T>['expandable'];
}

/** Query form + table + pagination + toolbar: the shape of every list page. */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation('sdk');
  const [form] = Form.useForm();
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const [loading, setLoading] = useState(false);
  // Pages pass `load` inline, a new function on every render: kept in a ref, so that a page that
  // re-renders (a dialog opens, a timer ticks) neither refetches nor jumps back to page 1. What
  // the list depends on besides its search form comes in `params`.
  const load = useRef(props.load);
  load.current = props.load;
  const pageSize = useRef(20);
  const paramsKey = JSON.stringify(props.params ?? null);

  // Only the latest request's answer is shown: a poll sent before a change and answered after
  // the reload that followed it would otherwise put the old rows back.
  const latest = useRef(0);
  const fetchPage = useCallback(
    async (current: number, size: number) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const answer = await load.current(form.getFieldsValue(), current, size);
        if (ticket !== latest.current) return;
        setRows(answer.list);
        setTotal(answer.total);
        setPage({ current, pageSize: size });
        pageSize.current = size;
      } catch {
        // The request layer has told the user.
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [form],
  );

  useEffect(() => {
    void fetchPage(1, pageSize.current);
  }, [fetchPage, paramsKey]);
  useImperativeHandle(props.handle, () => ({ reload: () => void fetchPage(page.current, page.pageSize) }), [fetchPage, page]);

  const onChange = (pagination: TablePaginationConfig) => void fetchPage(pagination.current ?? 1, pagination.pageSize ?? 20);

  return (
    <div className="console-list" data-testid={props.testId}>
      {props.search && (
        <Form form={form} name="search" layout="inline" className="console-list-search" onFinish={() => void fetchPage(1, page.pageSize)}>
          {props.search}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  void fetchPage(1, page.pageSize);
                }}
              >
                {t('reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {props.toolbar && <div className="console-list-toolbar">{props.toolbar}</div>}
      <Table<T>
        rowKey={props.rowKey}
        columns={props.columns}
        expandable={props.expandable}
        dataSource={rows}
        loading={loading}
        onChange={onChange}
        size="middle"
        pagination={props.pagination === false ? false : { ...page, total, showSizeChanger: true, showTotal: (n) => t('total', { count: n }) }}
      />
    </div>
  );
}

/** Puts a server's field error onto the form field it names; true when it did. */
export function showFieldError(form: FormInstance, error: unknown): boolean {
  if (error instanceof RequestError && error.field) {
    form.setFields([{ name: error.field, errors: [error.message] }]);
    return true;
  }
  return false;
}

/** What a failed action was, for its message (publish failed, delete failed, ...). */
export type Failure = 'publish' | 'update' | 'add' | 'modify' | 'delete' | 'operation' | 'disable';

/**
 * Says why an action failed, once: nothing when the request layer said it already, the server's
 * message for a refusal the caller kept quiet, and "<action> failed" when there is no
 * message worth showing: a server error (500, which the request layer never toasts) or an
 * exception in the page.
 */
export function useFailure() {
  const { message } = App.useApp();
  const { t } = useTranslation('sdk');
  return useCallback(
    (failure: Failure, error: unknown) => {
      if (error instanceof RequestError && error.shown) return;
      const said = error instanceof RequestError && error.code !== 500 ? error.message : t(`failed_${failure}`);
      // A server error: its request's id, which the operator finds in the log.
      const id = error instanceof RequestError && error.code >= 500 ? error.requestId : undefined;
      void message.error(id ? `${said} (${t('requestId', { id })})` : said);
    },
    [message, t],
  );
}

export interface ModalFormProps<V> {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** The action the form performs, for the message when it fails; `operation` by default. */
  failure?: Failure;
  /** The page's own form instance, to watch fields (`Form.useWatch`) or set one from another. */
  form?: FormInstance<V>;
}

/** A form in a modal: submits, shows the server's field errors on their fields, closes on success. */
export function ModalForm<V extends object>(props: ModalFormProps<V>) {
  const [ownForm] = Form.useForm<V>();
  const form = props.form ?? ownForm;
  const sayFailure = useFailure();
  const [busy, setBusy] = useState(false);
  // Filled when the form opens, not whenever the parent re-renders with a new object; before
  // the browser paints, so that nothing typed into the opened form is reset afterwards (a test
  // typing at once on a busy machine lost its text to a passive effect).
  const initialValues = useRef(props.initialValues);
  initialValues.current = props.initialValues;
  useLayoutEffect(() => {
    if (props.open) {
      form.resetFields();
      if (initialValues.current) form.setFieldsValue(initialValues.current as never);
    }
  }, [props.open, form]);
  const submit = async () => {
    // A field that fails its rule shows its message in the form; nothing is sent.
    const values = await form.validateFields().catch(() => undefined);
    if (values === undefined) return;
    setBusy(true);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (error) {
      // A refusal naming no field (the record changed meanwhile) is said, not swallowed.
      if (!showFieldError(form, error)) sayFailure(props.failure ?? 'operation', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={props.open} title={props.title} onOk={() => void submit()} onCancel={props.onClose} confirmLoading={busy} width={props.width ?? 560} destroyOnHidden>
      {/* Named: its field ids (modal_<field>) never clash with the page's search form. */}
      <Form form={form} name="modal" layout="vertical" preserve={false}>
        {props.children}
      </Form>
    </Modal>
  );
}

/** Details of a row in a side drawer. */
export function DetailDrawer({ open, title, items, onClose }: { open: boolean; title: ReactNode; items: { label: ReactNode; value: ReactNode }[]; onClose: () => void }) {
  return (
    <Drawer open={open} title={title} onClose={onClose} width={520}>
      <Descriptions column={1} bordered size="small" items={items.map((item, i) => ({ key: i, label: item.label, children: item.value }))} />
    </Drawer>
  );
}

/**
 * Delete with the name typed again: OK stays disabled until the input matches exactly;
 * the server checks it too.
 */
export function useDeleteByName() {
  const { modal } = App.useApp();
  const { t } = useTranslation('sdk');
  const sayFailure = useFailure();
  /** `act` names another irreversible act confirmed the same way (revoke): its title, button, hint (which asks for the name) and failure. */
  return (name: string, onConfirm: (typed: string) => Promise<unknown>, act?: { title: ReactNode; ok: ReactNode; hint: ReactNode; failure: Failure }) => {
    let typed = '';
    const instance = modal.confirm({
      title: act?.title ?? t('deleteTitle'),
      okText: act?.ok ?? t('delete'),
      okButtonProps: { danger: true, disabled: true },
      content: (
        <div>
          <p>{act?.hint ?? t('deleteHint', { name })}</p>
          <Input
            aria-label={t('deleteInput')}
            data-testid="delete-confirm-input"
            onChange={(event) => {
              typed = event.target.value;
              instance.update({ okButtonProps: { danger: true, disabled: typed !== name } });
            }}
          />
        </div>
      ),
      // A failure is said and closes the dialog (a rejection would leave it open, unhandled).
      onOk: () => onConfirm(typed).catch((error: unknown) => sayFailure(act?.failure ?? 'delete', error)),
    });
  };
}

export interface RowActionsProps {
  /** Opens the row's edit form; no edit link without it (e.g. no `:edit` action). */
  onEdit?: () => void;
  /** Delete by retyped name; no delete link without it. `label` names the act (unbind, revoke). */
  remove?: { name: string; confirm: (typed: string) => Promise<unknown>; label?: ReactNode };
  /** Actions of the page shown before edit and delete. */
  extra?: ReactNode;
}

/** A list row's actions: the page's own, then edit, then delete by retyped name. */
export function RowActions({ onEdit, remove, extra }: RowActionsProps) {
  const { t } = useTranslation('sdk');
  const deleteByName = useDeleteByName();
  return (
    <Space>
      {extra}
      {onEdit && <a onClick={onEdit}>{t('edit')}</a>}
      {remove && (
        <a className="danger" onClick={() => deleteByName(remove.name, remove.confirm)}>
          {remove.label ?? t('delete')}
        </a>
      )}
    </Space>
  );
}

/**
 * A confirmation before publish, revoke, disable and the like. When `onOk` fails the failure is
 * said (`failure` names the action; `operation` by default) and the dialog closes.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  const sayFailure = useFailure();
  return (title: ReactNode, content: ReactNode, onOk: () => Promise<unknown>, failure: Failure = 'operation') =>
    modal.confirm({
      title,
      content,
      onOk: () => onOk().catch((error: unknown) => sayFailure(failure, error)),
    });
}

/** Above this many entries one per line (SNs), the user confirms the risk first. */
export const RISK_ABOVE = 10;

/**
 * Sends a list of entries one per line (`lines`) with `send(riskConfirmed)`: above
 * {@link RISK_ABOVE} entries the user confirms the risk first, and the server, which asks for
 * the same confirmation, is told so. Cancelling rejects, so a form stays open. `hint` words the
 * risk for the list at hand.
 */
export function useRiskConfirm() {
  const { modal } = App.useApp();
  const { t } = useTranslation('sdk');
  return (lines: unknown, send: (riskConfirmed: boolean) => Promise<unknown>, hint?: string): Promise<unknown> => {
    const count = lineCount(lines);
    if (count <= RISK_ABOVE) return send(false);
    return new Promise<unknown>((resolve, reject) =>
      modal.confirm({
        title: t('riskTitle', { max: RISK_ABOVE }),
        content: hint ?? t('riskHint', { count }),
        okText: t('riskOk'),
        onOk: () => send(true).then(resolve, reject),
        onCancel: () => reject(new Error(t('riskTitle', { max: RISK_ABOVE }))),
      }),
    );
  };
}

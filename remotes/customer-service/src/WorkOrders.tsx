import { usePermission } from '@console/sdk';
import { DetailDrawer, type ListHandle, ListPage, ModalForm, SearchModeField, useExportTask } from '@console/sdk/ui';
import { App, Button, Card, Checkbox, Form, Input, Select, Space, Tag, Timeline, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

import { TypeSelect, useTexts, ViewGuard, when } from './parts';
import { type OrderList, ORDER_LISTS, param, workOrders } from './service';
import { AGENT_ACTIONS, type OrderAction, type OrderOptions, ORDER_STATUSES, type OrderStatus, type TypeNode, URGEABLE, type WorkOrder } from './types';

/** The colour of each status's tag. */
const STATUS_COLOUR: Record<OrderStatus, string> = {
  unassigned: 'default',
  assigned: 'blue',
  inProgress: 'processing',
  urgent: 'red',
  handled: 'green',
  closed: 'default',
};

export function StatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTexts();
  return (
    <Tag color={STATUS_COLOUR[status]} data-testid={testId}>
      {t(`status_${status}`)}
    </Tag>
  );
}

/** "25 min", "3 h", "2 d": how long until (or since) a due time. */
function useDuration() {
  const { t } = useTexts();
  return (ms: number) => {
    const minutes = Math.round(Math.abs(ms) / 60_000);
    if (minutes < 90) return t('minutes', { count: minutes });
    const hours = Math.round(minutes / 60);
    return hours < 48 ? t('hours', { count: hours }) : t('days', { count: Math.round(hours / 24) });
  };
}

/** The SLA: a breach, or the time left to the next target. */
export function SlaCell({ order }: { order: WorkOrder }) {
  const { t } = useTexts();
  const duration = useDuration();
  const left = order.firstResponseLeftMs ?? order.resolutionLeftMs;
  const target = order.firstResponseLeftMs !== null ? t('firstResponse') : t('resolution');
  if (order.breached) {
    const which = [order.breachedFirstResponse && t('firstResponse'), order.breachedResolution && t('resolution')].filter(Boolean).join(', ');
    return (
      <Tooltip title={which}>
        <Tag color="error" data-testid={`sla-${order.id}`}>
          {t('slaBreached')}
        </Tag>
      </Tooltip>
    );
  }
  if (left === null) return <span data-testid={`sla-${order.id}`}>—</span>;
  return (
    <Tag color={left < 0 ? 'error' : left < 15 * 60_000 ? 'warning' : 'default'} data-testid={`sla-${order.id}`}>
      {left < 0 ? t('overdueBy', { target, time: duration(left) }) : t('dueIn', { target, time: duration(left) })}
    </Tag>
  );
}

/** The page of each list: its title, its view action, and what it offers. */
const LISTS: Record<OrderList, { title: string; testId: string }> = {
  records: { title: 'orderRecords', testId: 'order-records' },
  mine: { title: 'myOrders', testId: 'my-orders' },
  user: { title: 'userOrders', testId: 'user-orders' },
  enterprise: { title: 'enterpriseOrders', testId: 'enterprise-orders' },
};

type Acting = { order: WorkOrder; action: OrderAction } | null;

/**
 * A list of work orders (/customerService): every order (orderRecord), my seat's (myOrderRecord),
 * the end users' (userOrder) and the enterprise's own (companyOrder), each under its own view
 * action. An order opens in a drawer with its history; its handler acts on it by the work-order
 * table, and each order shows the time left to its SLA targets.
 */
export function WorkOrdersPage({ list }: { list: OrderList }) {
  return (
    <ViewGuard action={ORDER_LISTS[list].view}>
      <Orders list={list} />
    </ViewGuard>
  );
}

function Orders({ list }: { list: OrderList }) {
  const { t } = useTexts();
  const { message, modal } = App.useApp();
  const may = usePermission();
  const handles = may('cs:order:handle');
  const rows = useRef<ListHandle>(null);
  const [shown, setShown] = useState<WorkOrder | null>(null);
  const [acting, setActing] = useState<Acting>(null);
  const [creating, setCreating] = useState(false);
  const [options, setOptions] = useState<OrderOptions>({ questionTypes: [], seats: [] });
  const [types, setTypes] = useState<TypeNode[]>([]);
  const query = useRef<Record<string, unknown>>({});

  useEffect(() => {
    // Seats and categories for those who act on orders; categories alone for those who submit.
    if (may('cs:order:mine')) workOrders.options().then(setOptions, () => undefined);
    else if (list === 'enterprise' && may('cs:order:create')) workOrders.types().then(setTypes, () => undefined);
  }, [may, list]);
  const tree = options.questionTypes.length > 0 ? options.questionTypes : types;

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) => {
      query.current = q;
      return workOrders.list(list, listParams(q, page, pageSize));
    },
    [list],
  );
  const reload = () => rows.current?.reload();
  const done = (order: WorkOrder, text: string) => {
    void message.success(text);
    setShown((open) => (open?.id === order.id ? order : open));
    reload();
  };

  const assign = (order: WorkOrder) =>
    workOrders.act(order.id, 'assign', { version: order.version }).then(
      (saved) => done(saved, t('assigned')),
      () => reload(),
    );
  const process = (order: WorkOrder) =>
    workOrders.act(order.id, 'process', { version: order.version }).then(
      (saved) => done(saved, t('processing')),
      () => reload(),
    );
  const urge = (order: WorkOrder) =>
    modal.confirm({
      title: t('urgeTitle', { number: order.number }),
      onOk: () =>
        workOrders.urge(order.id).then(
          (saved) => done(saved, t('urged')),
          () => undefined,
        ),
    });
  const exportTask = useExportTask();
  const exportRecords = () => void exportTask(workOrders.exportPath, listParams(query.current, 1, 500));

  /** The buttons a row offers: by the list, the user's rights and the order's status. */
  const rowActions = (order: WorkOrder) => {
    const allowed = AGENT_ACTIONS[order.status];
    const buttons: { key: string; label: string; run: () => void }[] = [];
    if (handles && allowed.includes('assign') && order.handlerId === 0) buttons.push({ key: 'assign', label: t('action_assign'), run: () => void assign(order) });
    if (handles && list === 'mine') {
      for (const action of allowed.filter((a) => a !== 'assign')) {
        const run = action === 'process' ? () => void process(order) : () => setActing({ order, action });
        buttons.push({ key: action, label: t(`action_${action}`), run });
      }
    } else if (handles && allowed.includes('transfer') && options.seats.length > 0) {
      // Dispatching is anyone's who handles orders: a supervisor moves another agent's order too.
      buttons.push({ key: 'transfer', label: t('action_transfer'), run: () => setActing({ order, action: 'transfer' }) });
    }
    if (list === 'enterprise' && may('cs:order:urge') && URGEABLE.includes(order.status)) {
      buttons.push({ key: 'urge', label: t('urge'), run: () => urge(order) });
    }
    return (
      <Space size={4} wrap>
        <Button type="link" size="small" onClick={() => setShown(order)} data-testid={`order-open-${order.number}`}>
          {t('details')}
        </Button>
        {buttons.map((b) => (
          <Button key={b.key} type="link" size="small" onClick={b.run} data-testid={`order-${b.key}-${order.number}`}>
            {b.label}
          </Button>
        ))}
      </Space>
    );
  };

  return (
    <Card title={t(LISTS[list].title)} variant="borderless">
      <ListPage<WorkOrder>
        params={list}
        handle={rows}
        rowKey="id"
        testId={LISTS[list].testId}
        load={load}
        search={
          <>
            <Form.Item name="number" label={t('orderNumber')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 140 }} options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))} />
            </Form.Item>
            <Form.Item name="type" label={t('orderType')}>
              <Select allowClear style={{ width: 120 }} options={['online', 'offline'].map((k) => ({ value: k, label: t(`type_${k}`) }))} />
            </Form.Item>
            {tree.length > 0 && (
              <Form.Item name="questionTypeId" label={t('questionCategory')}>
                <TypeSelect tree={tree} testId="order-type-filter" allowClear style={{ width: 180 }} />
              </Form.Item>
            )}
            <Form.Item name="breached" valuePropName="checked">
              <Checkbox data-testid="order-breached-filter">{t('onlyBreached')}</Checkbox>
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            {list === 'enterprise' && may('cs:order:create') && (
              <Button type="primary" onClick={() => setCreating(true)} data-testid="order-create">
                {t('submitOrder')}
              </Button>
            )}
            {list === 'records' && may('cs:order:export') && (
              <Button onClick={() => void exportRecords()} data-testid="order-export">
                {t('exportExcel')}
              </Button>
            )}
          </Space>
        }
        columns={[
          { key: 'number', title: t('orderNumber'), render: (_, o) => <Typography.Text copyable={{ text: o.number }}>{o.number}</Typography.Text> },
          {
            key: 'status',
            title: t('status'),
            render: (_, o) => (
              <Space size={2}>
                <StatusTag status={o.status} testId={`order-status-${o.number}`} />
                {o.urged && o.status !== 'urgent' && <Tag color="volcano">{t('urgedFlag')}</Tag>}
              </Space>
            ),
          },
          { key: 'type', title: t('orderType'), render: (_, o) => t(`type_${o.type}`) },
          { key: 'category', title: t('questionCategory'), render: (_, o) => o.questionTypeName || '—' },
          {
            key: 'description',
            title: t('description'),
            render: (_, o) => (
              <Typography.Text ellipsis={{ tooltip: o.description }} style={{ maxWidth: 220 }}>
                {o.description}
              </Typography.Text>
            ),
          },
          { key: 'product', title: t('product'), render: (_, o) => [o.productName, o.deviceSn].filter(Boolean).join(' · ') || '—' },
          { key: 'user', title: t('userNickname'), render: (_, o) => o.nickname || '—' },
          { key: 'submittedAt', title: t('submittedAt'), render: (_, o) => when(o.submittedAt) },
          { key: 'handler', title: t('handler'), render: (_, o) => (o.handlerName ? `${o.handlerName} (${o.handlerSeatNumber})` : t('nobody')) },
          { key: 'channel', title: t('channel'), render: (_, o) => t(`channel_${o.channel}`) },
          { key: 'sla', title: t('sla'), render: (_, o) => <SlaCell order={o} /> },
          { key: 'rating', title: t('rating'), render: (_, o) => (o.rating ? t(`score_${o.rating.score}`) : '—') },
          { key: 'actions', title: t('actions'), render: (_, o) => rowActions(o) },
        ]}
      />
      <OrderDrawer order={shown} onClose={() => setShown(null)} />
      <ActionForm acting={acting} seats={options.seats} onClose={() => setActing(null)} onDone={(order, text) => done(order, text)} />
      <CreateForm open={creating} tree={tree} onClose={() => setCreating(false)} onDone={(order) => done(order, t('orderSubmitted'))} />
    </Card>
  );
}

function listParams(q: Record<string, unknown>, page: number, pageSize: number) {
  return {
    number: param(q.number),
    mode: param(q.mode),
    status: param(q.status),
    type: param(q.type),
    questionTypeId: param(q.questionTypeId),
    breached: q.breached ? 'true' : undefined,
    page,
    pageSize,
  };
}

/** An order's every field and its history. */
function OrderDrawer({ order, onClose }: { order: WorkOrder | null; onClose: () => void }) {
  const { t } = useTexts();
  if (!order) return <DetailDrawer open={false} title="" items={[]} onClose={onClose} />;
  const yes = (flag: boolean) => (flag ? t('yes') : t('no'));
  return (
    <DetailDrawer
      open
      title={t('orderTitle', { number: order.number })}
      onClose={onClose}
      items={[
        { label: t('status'), value: <StatusTag status={order.status} /> },
        { label: t('orderType'), value: t(`type_${order.type}`) },
        { label: t('description'), value: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{order.description}</Typography.Text> },
        { label: t('product'), value: order.productName || '—' },
        { label: t('deviceSn'), value: order.deviceSn || '—' },
        { label: t('questionCategory'), value: order.questionTypeName || '—' },
        { label: t('userNickname'), value: order.nickname || '—' },
        { label: t('submittedAt'), value: when(order.submittedAt) },
        { label: t('submitter'), value: order.submitter || '—' },
        { label: t('handler'), value: order.handlerName || t('nobody') },
        { label: t('engineer'), value: order.engineer || '—' },
        { label: t('channel'), value: t(`channel_${order.channel}`) },
        { label: t('sla'), value: <SlaCell order={order} /> },
        { label: t('summaryTitle'), value: order.summaryTitle || '—' },
        { label: t('summaryContent'), value: <span data-testid="order-summary">{order.summaryContent || '—'}</span> },
        {
          label: t('rating'),
          value: order.rating
            ? `${t(`score_${order.rating.score}`)} · ${order.rating.solved ? t('problemSolved') : t('problemNotSolved')}${order.rating.comment ? ` · ${order.rating.comment}` : ''}`
            : '—',
        },
        { label: t('urgedFlag'), value: yes(order.urged) },
        { label: t('resolvedFlag'), value: yes(order.resolved) },
        {
          label: t('history'),
          value: (
            <Timeline
              items={order.history.map((step, i) => ({
                key: i,
                children: `${when(step.at)} · ${step.by} · ${t(`step_${step.action}`, { defaultValue: step.action })}${step.note ? ` · ${step.note}` : ''}`,
              }))}
            />
          ),
        },
      ]}
    />
  );
}

/** The form an action needs: a seat, an engineer, or a summary (required). */
function ActionForm({ acting, seats, onClose, onDone }: { acting: Acting; seats: OrderOptions['seats']; onClose: () => void; onDone: (order: WorkOrder, text: string) => void }) {
  const { t } = useTexts();
  const action = acting?.action;
  const order = acting?.order;
  const summaryNeeded = action === 'summarise' || (action === 'close' && !order?.summaryContent);
  return (
    <ModalForm<Record<string, string>>
      open={acting !== null}
      title={acting ? `${t(`action_${acting.action}`)} · ${acting.order.number}` : ''}
      initialValues={{ summaryTitle: order?.summaryTitle ?? '', summaryContent: order?.summaryContent ?? '' }}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!acting) return;
        const saved = await workOrders.act(acting.order.id, acting.action, { ...values, version: acting.order.version });
        onDone(saved, t(`done_${acting.action}`));
      }}
    >
      {action === 'transfer' && (
        <>
          <Form.Item name="seatId" label={t('toSeat')} rules={[{ required: true, message: t('required') }]}>
            <Select data-testid="order-transfer-seat" options={seats.map((s) => ({ value: s.id, label: `${s.number} · ${s.agentName}` }))} />
          </Form.Item>
          <Form.Item name="note" label={t('note')}>
            <Input maxLength={500} />
          </Form.Item>
        </>
      )}
      {action === 'engineer' && (
        <>
          <Form.Item name="engineer" label={t('engineer')} rules={[{ required: true, whitespace: true, message: t('engineerRequired') }]}>
            <Input maxLength={64} data-testid="order-engineer" />
          </Form.Item>
          <Form.Item name="note" label={t('note')}>
            <Input maxLength={500} />
          </Form.Item>
        </>
      )}
      {(action === 'summarise' || action === 'close') && (
        <>
          {action === 'close' && <Typography.Paragraph type="secondary">{t('closeHint')}</Typography.Paragraph>}
          <Form.Item name="summaryTitle" label={t('summaryTitle')}>
            <Input maxLength={64} data-testid="order-summary-title" />
          </Form.Item>
          <Form.Item name="summaryContent" label={t('summaryContent')} rules={summaryNeeded ? [{ required: true, whitespace: true, message: t('summaryRequired') }] : []}>
            <Input.TextArea rows={4} maxLength={5000} data-testid="order-summary-content" />
          </Form.Item>
        </>
      )}
    </ModalForm>
  );
}

/** An enterprise's staff submit an order. */
function CreateForm({ open, tree, onClose, onDone }: { open: boolean; tree: TypeNode[]; onClose: () => void; onDone: (order: WorkOrder) => void }) {
  const { t } = useTexts();
  return (
    <ModalForm<Record<string, string>> open={open} title={t('submitOrder')} initialValues={{ type: 'offline' }} onClose={onClose} onSubmit={async (values) => onDone(await workOrders.create(values))}>
      <Form.Item name="description" label={t('description')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
        <Input.TextArea rows={4} maxLength={2000} data-testid="order-description" />
      </Form.Item>
      <Form.Item name="type" label={t('orderType')}>
        <Select options={['online', 'offline'].map((k) => ({ value: k, label: t(`type_${k}`) }))} />
      </Form.Item>
      <Form.Item name="questionTypeId" label={t('questionCategory')} rules={[{ required: true, message: t('required') }]}>
        <TypeSelect tree={tree} testId="order-question-type" />
      </Form.Item>
      <Form.Item name="deviceSn" label={t('deviceSn')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="username" label={t('endUser')} extra={t('endUserHint')}>
        <Input maxLength={64} />
      </Form.Item>
    </ModalForm>
  );
}

export const OrderRecords = () => <WorkOrdersPage list="records" />;
export const MyOrders = () => <WorkOrdersPage list="mine" />;
export const UserOrders = () => <WorkOrdersPage list="user" />;
export const EnterpriseOrders = () => <WorkOrdersPage list="enterprise" />;

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import { page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { WorkOrder } from './types';
import { EnterpriseOrders, MyOrders, OrderRecords, UserOrders } from './WorkOrders';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const MINUTE = 60_000;
function order(number: string, changes: Partial<WorkOrder> = {}): WorkOrder {
  return {
    id: `id-${number}`,
    version: 2,
    createdAt: 0,
    updatedAt: 0,
    number,
    status: 'unassigned',
    type: 'offline',
    origin: 'user',
    channel: 'app',
    description: 'The robot stops',
    productId: 'p1',
    productName: 'RV20',
    deviceSn: 'SN001',
    questionTypeId: 't1',
    questionTypeName: 'Cleaning',
    username: 'dan@example.com',
    nickname: 'dan@example.com',
    submittedAt: 1_700_000_000_000,
    submitter: 'dan@example.com',
    handlerSeatNumber: '',
    handlerId: 0,
    handlerName: '',
    engineer: '',
    summaryTitle: '',
    summaryContent: '',
    rating: null,
    urged: false,
    resolved: false,
    chatId: '',
    firstResponseAt: 0,
    resolvedAt: 0,
    dueFirstResponse: 0,
    dueResolution: 0,
    breached: false,
    breachedFirstResponse: false,
    breachedResolution: false,
    history: [],
    firstResponseLeftMs: 25 * MINUTE,
    resolutionLeftMs: 47 * 60 * MINUTE,
    ...changes,
  };
}
const OPTIONS = { data: { questionTypes: [{ id: 't1', name: 'Cleaning', children: [] }], seats: [{ id: 's2', number: 'B01', agentName: 'Bob' }] } };
const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

describe('the work-order pages', { timeout: 30_000 }, () => {
  it('offer the handler only what the table allows in each status, and need a summary to summarise', async () => {
    const handled = order('WO1', { status: 'handled', handlerId: 7, handlerName: 'Ann', summaryContent: '' });
    const sent = serve((call) => {
      if (call.path === '/customer-service/work-order-options') return OPTIONS;
      if (call.method === 'GET') return page([handled]);
      return { data: { ...handled, summaryContent: 'Replaced the brush.' } };
    });
    renderPage(MyOrders, PAGES.myOrderRecord, ['cs:order:mine', 'cs:order:handle']);
    expect(await screen.findByTestId('order-summarise-WO1')).toBeTruthy();
    expect(screen.getByTestId('order-close-WO1')).toBeTruthy();
    expect(screen.getByTestId('order-process-WO1')).toBeTruthy();
    // A handled order is neither transferred nor sent to an engineer (order_flow.rs).
    expect(screen.queryByTestId('order-transfer-WO1')).toBeNull();
    expect(screen.queryByTestId('order-engineer-WO1')).toBeNull();
    fireEvent.click(screen.getByTestId('order-summarise-WO1'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('A work-order summary is required.')).toBeTruthy();
    expect(posts(sent)).toEqual([]);
    typeInto('order-summary-content', 'Replaced the brush.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({ path: '/customer-service/work-orders/id-WO1/summarise', body: { summaryContent: 'Replaced the brush.', version: 2 } });
    expect(await screen.findByText('Summary saved and sent to the user')).toBeTruthy();
  });

  it('show the time left to the SLA target, and a missed one', async () => {
    serve(() => page([order('WO2'), order('WO3', { breached: true, breachedFirstResponse: true })]));
    renderPage(OrderRecords, PAGES.orderRecord, ['cs:order:view']);
    expect((await screen.findByTestId('sla-id-WO2')).textContent).toBe('first response due in 25 min');
    expect(screen.getByTestId('sla-id-WO3').textContent).toBe('Target missed');
  });

  it('let an agent assign an unassigned user order to himself, and ask for nothing he may not read', async () => {
    const sent = serve((call) =>
      call.method === 'GET' ? page([order('WO4'), order('WO5', { status: 'assigned', handlerId: 9, handlerName: 'Bob' })]) : { data: order('WO4', { status: 'assigned' }) },
    );
    renderPage(UserOrders, PAGES.userOrder, ['cs:order:user', 'cs:order:handle']);
    fireEvent.click(await screen.findByTestId('order-assign-WO4'));
    expect(screen.queryByTestId('order-assign-WO5')).toBeNull();
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({ path: '/customer-service/work-orders/id-WO4/assign', body: { version: 2 } });
    // Without the my-work-orders right, its options route (which would answer 403) is never called.
    expect(sent.some((c) => c.path === '/customer-service/work-order-options')).toBe(false);
  });

  it('let an enterprise urge its open orders and submit new ones', async () => {
    const sent = serve((call) => {
      if (call.path === '/customer-service/work-order-types') return { data: [{ id: 't1', name: 'Cleaning', children: [] }] };
      if (call.method === 'GET') return page([order('WO6', { origin: 'enterprise', channel: 'console' }), order('WO7', { origin: 'enterprise', status: 'closed' })]);
      return { data: order('WO8', { status: 'urgent', urged: true }) };
    });
    renderPage(EnterpriseOrders, PAGES.companyOrder, ['cs:order:enterprise', 'cs:order:create', 'cs:order:urge']);
    fireEvent.click(await screen.findByTestId('order-urge-WO6'));
    expect(screen.queryByTestId('order-urge-WO7')).toBeNull();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent).map((c) => c.path)).toEqual(['/customer-service/work-orders/id-WO6/urge']));
    fireEvent.click(screen.getByTestId('order-create'));
    await screen.findByTestId('order-description');
    const dialogs = screen.getAllByRole('dialog');
    fireEvent.click(within(dialogs.at(-1) as HTMLElement).getByRole('button', { name: 'OK' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(posts(sent)).toHaveLength(1);
  });
});

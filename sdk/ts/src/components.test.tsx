import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createRef, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { type ListHandle, ListPage } from './components';
import { addSdkStrings } from './sdk-i18n';
import type { Page } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});

interface Row {
  id: string;
  status: string;
}

describe('a list shows the answer of its latest request', () => {
  it('ignores an older request answered after a newer one', async () => {
    const pending: ((page: Page<Row>) => void)[] = [];
    const load = () => new Promise<Page<Row>>((resolve) => pending.push(resolve));
    const handle = createRef<ListHandle>();
    render(<ListPage<Row> handle={handle} rowKey="id" load={load} columns={[{ title: 'Status', dataIndex: 'status' }]} />);
    await waitFor(() => expect(pending).toHaveLength(1));
    const page = (status: string) => ({ list: [{ id: '1', status }], total: 1, page: 1, pageSize: 20 });
    act(() => handle.current?.reload());
    expect(pending).toHaveLength(2);
    // The reload after the change answers first, then the older poll.
    await act(async () => pending[1](page('paused')));
    await act(async () => pending[0](page('running')));
    expect(screen.getByText('paused')).toBeTruthy();
    expect(screen.queryByText('running')).toBeNull();
  });
});

describe('a list reloads when what it depends on changes, not when its page re-renders', () => {
  const rows = (page: number) => ({ list: [{ id: String(page), status: `page ${page}` }], total: 60, page, pageSize: 20 });

  function Page({ load, params }: { load: (q: Record<string, unknown>, page: number, size: number) => Promise<Page<Row>>; params: string }) {
    const [ticks, setTicks] = useState(0);
    return (
      <>
        <button onClick={() => setTicks(ticks + 1)}>tick {ticks}</button>
        <ListPage<Row> rowKey="id" load={(q, page, size) => load(q, page, size)} params={params} columns={[{ title: 'Status', dataIndex: 'status' }]} />
      </>
    );
  }

  it('keeps its page when the page around it re-renders, and starts again from page 1 when its params change', async () => {
    const load = vi.fn((_: Record<string, unknown>, page: number) => Promise.resolve(rows(page)));
    const view = render(<Page load={load} params="a" />);
    await screen.findByText('page 1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('page 2');
    const calls = load.mock.calls.length;
    // A dialog opening, a timer ticking: the page re-renders with a new `load`.
    fireEvent.click(screen.getByText('tick 0'));
    fireEvent.click(screen.getByText('tick 1'));
    await screen.findByText('tick 2');
    expect(load.mock.calls.length).toBe(calls);
    expect(screen.getByText('page 2')).toBeTruthy();
    // Another selection (a tab, a record): page 1 of the new list.
    view.rerender(<Page load={load} params="b" />);
    await screen.findByText('page 1');
    expect(load.mock.calls.at(-1)?.[1]).toBe(1);
  });
});

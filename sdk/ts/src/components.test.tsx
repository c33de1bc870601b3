import { act, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { createRef } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';

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

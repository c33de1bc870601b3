import { TASKS_CHANGED, type Task } from '@console/sdk';
import { serve } from '@console/sdk/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../locales/en';
import { TaskCenter } from './TaskCenter';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => vi.unstubAllGlobals());

const task = (status: Task['status'], more: Partial<Task> = {}): Task => ({
  id: 4,
  pluginId: 'globalization',
  route: '/i18n-service/modules/export',
  title: 'The module texts as an Excel workbook',
  status,
  createdAt: Date.now(),
  expiresAt: Date.now() + 7 * 86_400_000,
  ...more,
});

describe('the task list in the header', () => {
  it('shows a running export, tells when its file is ready and downloads it through its link', async () => {
    let now: Task = task('running');
    const sent = serve((call) => {
      if (call.path === '/tasks') return { data: [now] };
      if (call.path === '/tasks/4/link') return { data: { url: '/api/files/download?token=abc' } };
      return { data: null };
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(
      <App>
        <TaskCenter />
      </App>,
    );
    // The running count on the button.
    await waitFor(() => expect(screen.getByTestId('task-center').closest('.ant-badge')?.textContent).toContain('1'));
    now = task('done', { fileName: 'module-texts.xlsx', size: 5120 });
    window.dispatchEvent(new CustomEvent(TASKS_CHANGED));
    expect(await screen.findByText(en.tasks.ready.replace('{{name}}', 'module-texts.xlsx'))).toBeTruthy();
    fireEvent.click(screen.getByTestId('task-notice-download-4'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/files/download?token=abc');
    expect(link.download).toBe('module-texts.xlsx');
    expect(sent.some((call) => call.path === '/tasks/4/link')).toBe(true);
    clicked.mockRestore();
  });

  it('tells of an export this console started even when it is done before the list looks', async () => {
    serve((call) => ({ data: call.path === '/tasks' ? [task('done', { fileName: 'code-texts.xlsx' })] : null }));
    render(
      <App>
        <TaskCenter />
      </App>,
    );
    window.dispatchEvent(new CustomEvent(TASKS_CHANGED, { detail: task('running') }));
    expect(await screen.findByText(en.tasks.ready.replace('{{name}}', 'code-texts.xlsx'))).toBeTruthy();
  });

  it('cancels a running task from the list', async () => {
    let now: Task = task('running');
    const sent = serve((call) => {
      if (call.path === '/tasks/4/cancel') now = task('cancelled');
      return { data: call.path === '/tasks' ? [now] : now };
    });
    render(
      <App>
        <TaskCenter />
      </App>,
    );
    await waitFor(() => expect(sent.some((call) => call.path === '/tasks')).toBe(true));
    fireEvent.click(screen.getByTestId('task-center'));
    fireEvent.click(await screen.findByTestId('task-cancel-4'));
    await waitFor(() => expect(sent.some((call) => call.path === '/tasks/4/cancel' && call.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('task-status-4').textContent).toContain(en.tasks.cancelled));
  });
});

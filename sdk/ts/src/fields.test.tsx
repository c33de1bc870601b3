import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { ModalForm, useRiskConfirm } from './components';
import { LinesField, lineCount } from './fields';
import { addSdkStrings } from './sdk-i18n';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});

function LinesForm({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <Form onFinish={onFinish}>
      <LinesField name="sns" label="SNs" max={3} />
      <button type="submit">send</button>
    </Form>
  );
}

describe('one-per-line fields (at most 20)', () => {
  it('counts distinct entries and refuses more than the maximum before sending', async () => {
    const onFinish = vi.fn();
    render(<LinesForm onFinish={onFinish} />);
    const box = screen.getByLabelText('SNs');
    fireEvent.change(box, { target: { value: 'A\nB\n\nC\nD' } });
    fireEvent.click(screen.getByText('send'));
    await screen.findByText('4 / 3');
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: 'A\nB\nA\n C ' } });
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ sns: 'A\nB\nA\n C ' }));
    expect(screen.getByText('One per line, at most 3')).toBeTruthy();
  });
});

function Parent() {
  const [ticks, setTicks] = useState(0);
  return (
    <App>
      <button onClick={() => setTicks(ticks + 1)}>tick {ticks}</button>
      {/* A new initialValues object on every render, as pages often pass. */}
      <ModalForm<{ name: string }> open title="form" initialValues={{ name: 'start' }} onSubmit={() => Promise.resolve()} onClose={() => undefined}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
      </ModalForm>
    </App>
  );
}

describe('a modal form', () => {
  it('keeps what the user typed when the page re-renders', async () => {
    render(<Parent />);
    const input = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('start'));
    fireEvent.change(input, { target: { value: 'typed' } });
    fireEvent.click(screen.getByText('tick 0'));
    await screen.findByText('tick 1');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('typed');
  });
});

describe('the risk confirmation of a long list (above 10)', () => {
  function Sender({ lines, send }: { lines: string; send: (riskConfirmed: boolean) => Promise<unknown> }) {
    const riskConfirm = useRiskConfirm();
    const [outcome, setOutcome] = useState('');
    return (
      <button
        type="button"
        onClick={() =>
          riskConfirm(lines, send).then(
            () => setOutcome('sent'),
            () => setOutcome('kept'),
          )
        }
      >
        send {outcome}
      </button>
    );
  }
  const list = (n: number) => Array.from({ length: n }, (_, i) => `SN-${i}`).join('\n');

  it('counts entries as the server does: trimmed, blank lines dropped, repeats once', () => {
    expect(lineCount(' A-1 \n\nA-2\nA-1\n')).toBe(2);
    expect(lineCount(undefined)).toBe(0);
  });

  it('sends ten at once, and eleven only after the user confirms, telling the server so', async () => {
    const send = vi.fn(async (_confirmed: boolean) => undefined);
    const { unmount } = render(
      <App>
        <Sender lines={list(10)} send={send} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /send/ }));
    await waitFor(() => expect(send).toHaveBeenCalledWith(false));
    unmount();

    send.mockClear();
    render(
      <App>
        <Sender lines={list(11)} send={send} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /send/ }));
    expect(await screen.findAllByText('The number has exceeded 10')).not.toHaveLength(0);
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith(true));
    await screen.findByRole('button', { name: 'send sent' });
  });

  it('sends nothing when the user cancels, and the caller keeps its form', async () => {
    const send = vi.fn(async (_confirmed: boolean) => undefined);
    render(
      <App>
        <Sender lines={list(12)} send={send} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /send/ }));
    await screen.findByText('You are sending 12 entries at once. Check them before you continue.');
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    await screen.findByRole('button', { name: 'send kept' });
    expect(send).not.toHaveBeenCalled();
  });
});

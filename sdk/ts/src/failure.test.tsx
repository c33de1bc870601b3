import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { type Failure, ModalForm, useConfirm } from './components';
import { RequestError } from './request';
import { addSdkStrings } from './sdk-i18n';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});

function Publisher({ fail, failure }: { fail: () => Promise<unknown>; failure?: Failure }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => confirm('Publish it?', null, fail, failure)}>
      publish
    </button>
  );
}

async function confirmWith(fail: () => Promise<unknown>, failure?: Failure) {
  const view = render(
    <App>
      <Publisher fail={fail} failure={failure} />
    </App>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'publish' }));
  fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
  return view;
}

describe('a failed action says what failed', () => {
  it('says "Publish failed" for a server error, which the request layer never toasts', async () => {
    await confirmWith(() => Promise.reject(new RequestError(500, 'java.lang.NullPointerException')), 'publish');
    expect(await screen.findByText('Publish failed')).toBeTruthy();
    expect(screen.queryByText('java.lang.NullPointerException')).toBeNull();
  });

  it("gives a server error's request id, for the user to quote to the operator", async () => {
    await confirmWith(() => Promise.reject(new RequestError(500, 'boom', undefined, '6f1c2b9a')), 'publish');
    expect(await screen.findByText('Publish failed (request ID 6f1c2b9a)')).toBeTruthy();
  });

  it('says "Operation failed" when the page names no action, and for an exception in the page', async () => {
    await confirmWith(() => Promise.reject(new TypeError('x is undefined')));
    expect(await screen.findByText('Operation failed')).toBeTruthy();
  });

  it('shows the server’s own reason for a refusal the caller kept quiet', async () => {
    await confirmWith(() => Promise.reject(new RequestError(400, 'The version must be greater than 3.2.0')), 'publish');
    expect(await screen.findByText('The version must be greater than 3.2.0')).toBeTruthy();
    expect(screen.queryByText('Publish failed')).toBeNull();
  });

  it('says nothing more when the request layer already said it', async () => {
    const shown = new RequestError(400, 'Already toasted');
    shown.shown = true;
    await confirmWith(() => Promise.reject(shown), 'publish');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'OK' })).toBeNull());
    expect(screen.queryByText('Publish failed')).toBeNull();
    expect(screen.queryByText('Already toasted')).toBeNull();
  });

  it('says "Add failed" when a form’s add fails on the server, and keeps the form open', async () => {
    function Adder() {
      const [open, setOpen] = useState(true);
      return (
        <ModalForm<{ name: string }> open={open} title="New breed" failure="add" onClose={() => setOpen(false)} onSubmit={() => Promise.reject(new RequestError(500, 'System exception'))}>
          <Form.Item name="name" label="Name">
            <Input />
          </Form.Item>
        </ModalForm>
      );
    }
    render(
      <App>
        <Adder />
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Add failed')).toBeTruthy();
    expect(screen.getByText('New breed')).toBeTruthy();
  });
});

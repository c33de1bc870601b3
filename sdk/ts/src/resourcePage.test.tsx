import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ResourcePage } from './resource';
import { addSdkStrings } from './sdk-i18n';
import { page, renderPage, serve } from './testing';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

interface Version {
  id: string;
  name: string;
  status: 'configuring' | 'published';
}

function Versions() {
  return (
    <ResourcePage<Version>
      path="/x/versions"
      testId="versions"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      form={null}
      name={(row) => row.name}
      actions={{ delete: 'x:delete' }}
      addLabel="Add"
      deletable={(row) => row.status === 'configuring'}
    />
  );
}

describe('a resource page', () => {
  it('offers Delete only on the rows the server would let go (a published version stays)', async () => {
    serve(() =>
      page<Version>([
        { id: '1', name: 'Draft', status: 'configuring' },
        { id: '2', name: 'Released', status: 'published' },
      ]),
    );
    renderPage(Versions, '/x', ['x:delete']);
    const draft = (await screen.findByText('Draft')).closest('tr') as HTMLElement;
    const released = screen.getByText('Released').closest('tr') as HTMLElement;
    expect(draft.textContent).toContain('Delete');
    expect(released.textContent).not.toContain('Delete');
  });
});

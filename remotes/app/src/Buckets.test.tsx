import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Buckets from './Buckets';
import { page, PAGES, renderPage, serve, typeInto } from './testing';
import type { Bucket } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ROW: Bucket = {
  id: 'b1',
  version: 2,
  createdAt: 0,
  updatedAt: 0,
  objectName: 'media-eu',
  cloudService: 'aws-s3',
  region: 'eu-central-1',
  endpoint: 'https://s3.eu-central-1.amazonaws.com',
  objectDomain: '',
  cdnDomain: '',
  ramAccount: '',
  keyId: 'AKIAEXAMPLE',
  key: { hint: '••••wxyz' },
  accessRight: 'private',
  applicationType: '',
  serviceType: '',
  enterpriseId: 7,
  enterpriseName: 'Acme',
  configId: 'SAbCdEfGhIj',
};
const URL_SIGNED = 'https://s3.eu-central-1.amazonaws.com/media-eu/images/logo.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc';

describe('the object storage page', { timeout: 30_000 }, () => {
  it('asks for an object’s access URL with its key and validity, and shows the signed URL to open or copy', async () => {
    const sent = serve((call) => (call.method === 'POST' ? { data: { url: URL_SIGNED, signed: true, expiresAt: Date.UTC(2030, 0, 1) } } : page([ROW])));
    // Viewing is enough: the access URL is the view action's.
    renderPage(Buckets, PAGES.storage, ['app:storage:view']);
    expect(await screen.findByText('••••wxyz')).toBeTruthy();
    expect(screen.getByText('Amazon S3')).toBeTruthy();
    expect(screen.queryByTestId('add-bucket')).toBeNull();

    fireEvent.click(screen.getByTestId('access-url-media-eu'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('access-url-expires') as HTMLInputElement).value).toBe('3600');
    typeInto('access-url-key', 'images/logo.png');
    typeInto('access-url-expires', '600');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get URL' }));

    const result = await screen.findByTestId('access-url-result');
    const posts = sent.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/app-service/buckets/b1/access-url', body: { objectKey: 'images/logo.png', expiresSecs: 600 } });
    const link = within(result).getByText(URL_SIGNED).closest('a');
    expect(link?.getAttribute('href')).toBe(URL_SIGNED);
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(within(result).getByRole('button', { name: /copy/i })).toBeTruthy();
    expect(within(result).getByText(/^Signed URL, valid until 20/)).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import QrCodes from './QrCodes';
import { page, PAGES, renderPage, serve } from './testing';
import type { AppQrCode } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="10" height="10"/><script>window.hacked = true</script></svg>';
const ROW: AppQrCode = { id: 'q1', version: 1, createdAt: 0, updatedAt: 0, label: 'android', purpose: 'download', content: 'https://dl.example.com/app.apk', svg: SVG };

describe('the app QR code page', { timeout: 30_000 }, () => {
  it('draws the server’s SVG as an image, never as markup, and downloads the PNG', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    URL.revokeObjectURL = vi.fn();
    const sent = serve((call) => (call.path === '/app-service/qr-codes' ? page([ROW]) : { data: { fileName: 'android.png', contentType: 'image/png', content: btoa('png') } }));
    const { container } = renderPage(QrCodes, PAGES.qrCode, ['app:qr:view', 'app:qr:edit', 'app:qr:delete']);
    const image = (await screen.findByTestId('qr-android')) as HTMLImageElement;
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`);
    expect(container.querySelector('script, rect')).toBeNull();
    expect(screen.getByTestId('add-qr')).toBeTruthy();
    fireEvent.click(screen.getByTestId('png-android'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(sent.some((c) => c.path === '/app-service/qr-codes/q1/png')).toBe(true);
    clicked.mockRestore();
  });

  it('offers no generate button without the right', async () => {
    serve(() => page([ROW]));
    renderPage(QrCodes, PAGES.qrCode, ['app:qr:view']);
    await screen.findByTestId('qr-android');
    expect(screen.queryByTestId('add-qr')).toBeNull();
  });
});

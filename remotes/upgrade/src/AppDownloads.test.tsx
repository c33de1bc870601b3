import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import AppDownloads from './AppDownloads';
import type { AppDownload } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const download = (appName: string, platform: AppDownload['platform'], harmonyUrl: string | null): AppDownload => ({
  id: `${appName}-${platform}`,
  appName,
  platform,
  versionName: '2.0.0',
  versionCode: 200,
  region: 'asia',
  size: 3 * 1048576,
  md5: 'c'.repeat(32),
  url: `https://dl.example.com/${appName}-${platform}`,
  harmonyUrl,
  releasedAt: 1_700_000_000_000,
  description: 'Faster pairing',
});

describe('the app download centre', () => {
  it('shows a card per app and platform with its QR codes, size and MD5', async () => {
    const downloads = [download('Home', 'android', 'https://dl.example.com/home.hap'), download('Home', 'ios', null)];
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: downloads }))));
    render(
      <App>
        <AppDownloads />
      </App>,
    );
    const android = await screen.findByTestId('download-Home-android');
    expect(within(android).getByTestId('download-Home-android-qr').querySelector('svg')).not.toBeNull();
    expect(within(android).getByTestId('download-Home-android-harmony-qr')).toBeTruthy();
    expect(within(android).getByText('3.0 MB')).toBeTruthy();
    expect(within(android).getByText('c'.repeat(32))).toBeTruthy();
    expect(within(android).getByText('Faster pairing')).toBeTruthy();
    const ios = screen.getByTestId('download-Home-ios');
    expect(within(ios).queryByTestId('download-Home-ios-harmony-qr')).toBeNull();
    expect(
      within(ios)
        .getByRole('link', { name: /Download/ })
        .getAttribute('href'),
    ).toBe('https://dl.example.com/Home-ios');
  });
});

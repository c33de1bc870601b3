import { theme } from 'antd';

/**
 * antd's default blue under white text is 4.1:1 and its tertiary text (#8c8c8c) 3.4:1, short of
 * WCAG AA's 4.5:1 (the axe check of every page in e2e/every-page.e2e.mjs): a darker primary (antd's
 * blue-7) and darker secondary texts and placeholders.
 */
export const CONSOLE_THEME = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd's red (#ff4d4f) is 3.3:1 on white, as text and under white text.
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
};

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import de from '../locales/de';
import en from '../locales/en';
import es from '../locales/es';
import fr from '../locales/fr';
import pt from '../locales/pt';
import ru from '../locales/ru';
import zhCn from '../locales/zhCn';
import { ConsoleTheme } from './theme';

const LOCALES = { zhCn, en, de, es, fr, pt, ru };

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: Object.fromEntries(Object.entries(LOCALES).map(([lang, translation]) => [lang, { translation }])),
  });
});

describe("the console's forms", () => {
  // A form of any page (the shell's or a remote's) under the console's theme: a value its
  // pattern refuses is told in the user's language, never with the pattern itself.
  for (const [lang, strings] of Object.entries(LOCALES)) {
    it(`refuse a value of the wrong format in words, in ${lang}`, async () => {
      await act(() => i18next.changeLanguage(lang));
      render(
        <ConsoleTheme>
          <Form onFinish={() => undefined}>
            <Form.Item name="code" label="Code" rules={[{ pattern: /^[A-Za-z0-9_-]+$/ }]}>
              <Input />
            </Form.Item>
            <Button htmlType="submit">OK</Button>
          </Form>
        </ConsoleTheme>,
      );
      fireEvent.change(screen.getByRole('textbox'), { target: { value: 'two words' } });
      fireEvent.click(screen.getByText('OK'));
      const told = await waitFor(() => {
        const error = document.querySelector('.ant-form-item-explain-error');
        expect(error).not.toBeNull();
        return error as Element;
      });
      expect(told.textContent).toBe(strings.form.patternMismatch.replace('${label}', 'Code'));
      expect(told.textContent).not.toContain('/^');
      cleanup();
    });
  }
});

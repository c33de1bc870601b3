// Product ids are typed, not chosen: the product plugin’s list is another plugin’s right.
import { fireEvent, render, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, expect, it } from 'vitest';

import { ProductIdsField } from './parts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
});

it('takes product ids typed as tags, by Enter or separated by commas', async () => {
  let values: unknown;
  const { container } = render(
    <Form onValuesChange={(_, all) => (values = all)}>
      <ProductIdsField />
    </Form>,
  );
  const input = container.querySelector('input') as HTMLInputElement;
  fireEvent.change(input, { target: { value: 'p1' } });
  fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
  await waitFor(() => expect(values).toEqual({ productIds: ['p1'] }));
  fireEvent.change(input, { target: { value: 'p2,p3,' } });
  await waitFor(() => expect(values).toEqual({ productIds: ['p1', 'p2', 'p3'] }));
});

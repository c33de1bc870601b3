import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../locales/en';
import { TenantSelect } from './TenantSelect';

const tenants = [
  { id: 3, tenantName: 'Acme', kind: 'ordinary' },
  { id: 4, tenantName: 'Globex', kind: 'ordinary' },
];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});

function choose(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(screen.getAllByText(label).at(-1) as HTMLElement);
}

describe('the tenant selector', () => {
  it('switches to another tenant at once', () => {
    const onChange = vi.fn();
    const confirmAll = vi.fn();
    render(<TenantSelect userTenantId={0} value="3" tenants={tenants} onChange={onChange} confirmAll={confirmAll} />);
    choose('Globex');
    expect(onChange).toHaveBeenCalledWith('4');
    expect(confirmAll).not.toHaveBeenCalled();
  });

  it('asks before all tenants; confirm keeps it and emits the change', async () => {
    const onChange = vi.fn();
    const confirmAll = vi.fn(async () => true);
    render(<TenantSelect userTenantId={0} value="3" tenants={tenants} onChange={onChange} confirmAll={confirmAll} />);
    choose('All enterprises');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('0'));
    expect(confirmAll).toHaveBeenCalledTimes(1);
  });

  it('cancel restores the previous tenant', async () => {
    const onChange = vi.fn();
    const confirmAll = vi.fn(async () => false);
    const { container } = render(<TenantSelect userTenantId={0} value="3" tenants={tenants} onChange={onChange} confirmAll={confirmAll} />);
    choose('All enterprises');
    await waitFor(() => expect(confirmAll).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('.ant-select-selection-item, .ant-select-content')?.textContent).toContain('Acme'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is disabled for users who are not platform users', () => {
    const { container } = render(<TenantSelect userTenantId={3} value="3" tenants={[tenants[0]]} onChange={vi.fn()} confirmAll={vi.fn()} />);
    expect(container.querySelector('.ant-select-disabled')).not.toBeNull();
  });
});

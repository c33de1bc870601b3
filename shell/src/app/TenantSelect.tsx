import type { ApiSchemas } from '@console/sdk';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type TenantOption = ApiSchemas['TenantOption'];

export interface TenantSelectProps {
  /** The signed-in user's own tenant: only platform users (0) may switch. */
  userTenantId: number;
  /** The tenant acted for, '0' for all. */
  value: string;
  tenants: TenantOption[];
  onChange: (tenant: string) => void;
  /** Asks before switching to all tenants; resolves true to go on. */
  confirmAll: () => Promise<boolean>;
}

/**
 * The header's tenant selector: choosing all tenants (0) asks for confirmation, and cancel restores
 * the previous tenant; another tenant applies at once; disabled for users who are not platform
 * users.
 */
export function TenantSelect({ userTenantId, value, tenants, onChange, confirmAll }: TenantSelectProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  const choose = async (next: string) => {
    const previous = shown;
    setShown(next);
    if (next === '0' && previous !== '0') {
      if (await confirmAll()) onChange('0');
      else setShown(previous);
      return;
    }
    onChange(next);
  };
  const options = [...(userTenantId === 0 ? [{ value: '0', label: t('layout.allTenants') }] : []), ...tenants.map((tenant) => ({ value: String(tenant.id), label: tenant.tenantName }))];
  return (
    <Select
      data-testid="tenant-select"
      aria-label={t('layout.tenant')}
      style={{ width: 160 }}
      value={shown}
      options={options}
      disabled={userTenantId !== 0}
      onChange={(next: string) => void choose(next)}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

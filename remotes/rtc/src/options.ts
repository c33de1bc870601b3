import { api } from '@console/sdk';
import { useEffect, useState } from 'react';

export interface ClientOption {
  id: string;
  clientName: string;
  appId: string;
  enabled: boolean;
}

/** The clients to pick from, through the page's own options route (its view right). */
export function useClientOptions(page: 'whitelist' | 'relations' | 'analytics') {
  const [options, setOptions] = useState<ClientOption[]>([]);
  useEffect(() => {
    api.get<ClientOption[]>(`/rtc-service/${page}/client-options`).then(setOptions, () => setOptions([]));
  }, [page]);
  return options.map((c) => ({ value: c.id, label: `${c.clientName} (${c.appId})` }));
}

import { api, type Page } from '@console/sdk';
import { useEffect, useState } from 'react';

interface ServerName {
  id: string;
  serverName: string;
}

/** The mail servers as choices, and a server's name by its id: read from the servers themselves
 * on the server page, and from the names the task routes give on the task page (whose users
 * may not read the servers). */
export function useServerNames(source: 'servers' | 'task-servers') {
  const [servers, setServers] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    const names =
      source === 'servers'
        ? api.get<Page<ServerName>>('/message-service/mail/servers', { pageSize: 1000 }).then((p) => p.list)
        : api.get<{ id: string; name: string }[]>('/message-service/mail/task-servers').then((list) => list.map((x) => ({ id: x.id, serverName: x.name })));
    names.then(
      (list) => setServers(list.map((x) => ({ value: x.id, label: x.serverName }))),
      () => undefined,
    );
  }, [source]);
  const serverName = (id: string) => servers.find((s) => s.value === id)?.label ?? id;
  return { servers, serverName };
}

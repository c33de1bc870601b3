import { configureRequest, session } from '@console/sdk';
import { App } from 'antd';
import { useEffect } from 'react';
import { toLogin } from './App';
import { httpsHref } from './entry';

/** Connects the request layer to antd's toasts and the router. */
export function SessionWiring() {
  const { message } = App.useApp();
  useEffect(() => {
    configureRequest({
      notify: (text, seconds) => void message.error(text, seconds),
      onSessionEnd: () => {
        // Checked again here: local storage may hold a portal stored before entry checked it.
        const portal = httpsHref(session.portal());
        session.setPortal(null);
        if (portal) window.location.assign(portal);
        else toLogin();
      },
    });
  }, [message]);
  return null;
}

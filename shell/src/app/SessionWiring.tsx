import { configureRequest, session } from '@console/sdk';
import { App } from 'antd';
import { useEffect } from 'react';
import { toLogin } from './App';

/** Connects the request layer to antd's toasts and the router. */
export function SessionWiring() {
  const { message } = App.useApp();
  useEffect(() => {
    configureRequest({
      notify: (text, seconds) => void message.error(text, seconds),
      onSessionEnd: () => {
        const portal = session.portal();
        if (portal) {
          session.setPortal(null);
          window.location.assign(portal);
        } else {
          toLogin();
        }
      },
    });
  }, [message]);
  return null;
}

// The end user's chat page, served by the host at /remotes/customer-service/chat/ for apps'
// web views. The app opens it with `#key=<its key>&token=<the user's session>&lang=<language>`;
// the fragment never reaches a server, and the page keeps it for the tab only and takes it out
// of the address bar.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

import { ChatApp, type Start } from './ChatApp';
import { langOf, TEXTS } from './texts';
import './chat.css';

const KEPT = 'customer-centre';

function started(): Start {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const kept = JSON.parse(sessionStorage.getItem(KEPT) ?? '{}') as Partial<Start>;
  const start: Start = {
    key: fragment.get('key') ?? kept.key ?? '',
    token: fragment.get('token') ?? kept.token ?? '',
    lang: langOf(fragment.get('lang') ?? kept.lang ?? navigator.language),
  };
  sessionStorage.setItem(KEPT, JSON.stringify(start));
  if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
  return start;
}

function Page() {
  const [start, setStart] = useState(started);
  const texts = TEXTS[langOf(start.lang)];
  document.documentElement.lang = start.lang === 'zhCn' ? 'zh-CN' : start.lang;
  document.title = texts.title;
  return (
    <ChatApp
      start={start}
      texts={texts}
      onSignedIn={(token) => {
        const next = { ...start, token };
        sessionStorage.setItem(KEPT, JSON.stringify(next));
        setStart(next);
      }}
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);

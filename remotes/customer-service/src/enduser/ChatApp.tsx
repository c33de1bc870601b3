import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { FILE_ACCEPT, keyAction, MAX_FILE_MIB, MAX_MESSAGE, sendable } from '../composer';
import type { Chat, ChatMessage, WorkOrder } from '../types';
import { chatApi, type Client, openSocket, Refused, signIn, type SocketFrame, upload } from './client';
import { fill, type Texts } from './texts';

/** Where the page got its key and session: the app opens it with `#key=…&token=…&lang=…`. */
export interface Start {
  key: string;
  token: string;
  lang: string;
}

type T = (key: keyof Texts, vars?: Record<string, string | number>) => string;

/** How often a waiting app says it is still there (the platform lets a silent one go after two minutes). */
const STILL_HERE_MS = 20_000;

/**
 * The customer centre for an app's web view: the bot first, a person on request, the queue with how
 * many wait ahead, messages live over the chat's socket, images and videos, and the rating of the
 * work order the chat closed into.
 */
export function ChatApp({ start, texts, onSignedIn }: { start: Start; texts: Texts; onSignedIn: (token: string) => void }) {
  const t: T = useCallback((key, vars) => fill(texts[key], vars), [texts]);
  // One object for the session, so that the conversation starts once.
  const client = useMemo(() => ({ key: start.key, token: start.token, lang: start.lang }), [start.key, start.token, start.lang]);
  if (!start.key)
    return (
      <p className="cc-note" data-testid="enduser-no-key">
        {t('openFromApp')}
      </p>
    );
  if (!start.token) return <SignIn start={start} t={t} onSignedIn={onSignedIn} />;
  // A session the platform no longer knows signs in again.
  return <Conversation client={client} t={t} onSignedOut={() => onSignedIn('')} />;
}

function SignIn({ start, t, onSignedIn }: { start: Start; t: T; onSignedIn: (token: string) => void }) {
  const [error, setError] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn(start, String(form.get('username') ?? ''), String(form.get('password') ?? '')).then(onSignedIn, (e: Error) => setError(t('signInFailed', { reason: e.message })));
  };
  return (
    <form className="cc-signin" onSubmit={submit} data-testid="enduser-sign-in">
      <h1>{t('title')}</h1>
      <label>
        {t('account')}
        <input name="username" autoComplete="username" required data-testid="enduser-username" />
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" required data-testid="enduser-password" />
      </label>
      {error && <p className="cc-error">{error}</p>}
      <button type="submit" data-testid="enduser-sign-in-submit">
        {t('signIn')}
      </button>
    </form>
  );
}

function Conversation({ client, t, onSignedOut }: { client: Client; t: T; onSignedOut: () => void }) {
  const [chat, setChat] = useState<Chat | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // What the user is told: a problem, or (`done`) a thing done, shown as such.
  const [notice, setNotice] = useState<{ text: string; done: boolean }>({ text: '', done: false });
  const [online, setOnline] = useState(false);
  const [toRate, setToRate] = useState<WorkOrder[]>([]);
  const chatRef = useRef<Chat | null>(null);
  chatRef.current = chat;

  const say = (text: string, done = false) => {
    const said = { text, done };
    setNotice(said);
    window.setTimeout(() => setNotice((now) => (now === said ? { text: '', done: false } : now)), 4000);
  };
  const add = useCallback((list: ChatMessage[]) => {
    setMessages((known) => {
      const fresh = list.filter((m) => !known.some((k) => k.id === m.id));
      return fresh.length === 0 ? known : [...known, ...fresh].sort((a, b) => a.sentAt - b.sentAt);
    });
  }, []);
  const loadOrders = useCallback(
    () =>
      chatApi.orders(client).then(
        (list) => setToRate(list.filter((o) => !o.rating && (o.status === 'handled' || o.status === 'closed'))),
        () => say(t('ordersUnavailable')),
      ),
    // `say` and `t` only show a notice; the orders depend on the client alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client],
  );

  // The chat: the open one, or a new one the bot greets; then its socket, opened again after a drop.
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let retry: number | undefined;
    let wait = 1000;
    const listen = (id: string) => {
      socket = openSocket(
        client,
        id,
        (frame: SocketFrame) => {
          if ('code' in frame) {
            setOnline(frame.code === 200);
            if (frame.code === 200) {
              wait = 1000;
              setChat((frame.data as { chat: Chat }).chat);
              // What was written before the socket listened.
              void chatApi.messages(client, id, 0).then(add, () => undefined);
            } else {
              // Refused: no retrying. A session the platform no longer knows signs in again.
              stopped = true;
              if (frame.code === 400 && (frame.data as { field?: string } | null)?.field === 'userToken') onSignedOut();
              else say(frame.msg);
            }
            return;
          }
          const live = frame.message;
          if (live.type === 'message') {
            add([live.message]);
            if (live.message.event === 'workOrder') void loadOrders();
          } else if (live.type === 'state') {
            setChat(live.chat);
          } else if (live.type === 'queue') {
            // One ahead of me left: one fewer ahead; one put back ahead of me: one more.
            setChat((now) => {
              if (!now || now.state !== 'queued') return now;
              const change = live.left !== undefined && live.left < now.ticket ? -1 : live.joined !== undefined && live.joined < now.ticket ? 1 : 0;
              return { ...now, ahead: Math.max(0, (now.ahead ?? 0) + change), waiting: live.waiting };
            });
          }
        },
        () => {
          setOnline(false);
          if (stopped || chatRef.current?.state === 'disconnected') return;
          // Reconnect, each time a little later; the socket's answer brings what was missed.
          retry = window.setTimeout(() => listen(id), wait);
          wait = Math.min(wait * 2, 30_000);
        },
      );
    };
    chatApi.start(client).then(
      (started) => {
        setChat(started);
        void chatApi.messages(client, started.id, 0).then(add, () => say(t('networkAbnormal')));
        void loadOrders();
        listen(started.id);
      },
      (e: Error) => (e instanceof Refused && e.field === 'userToken' ? onSignedOut() : say(e instanceof Refused ? e.message : t('networkAbnormal'))),
    );
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socket?.close();
    };
    // Started once per session; `onSignedOut` and `t` do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, add, loadOrders]);

  // While he waits, the app asks where he is now and then: the platform keeps the place only of a
  // user whose app still asks (a socket asks once, when it opens), and a hand-over whose frame a
  // mobile network lost still shows.
  const queuedId = chat?.state === 'queued' ? chat.id : '';
  useEffect(() => {
    if (!queuedId) return;
    const timer = window.setInterval(() => {
      chatApi.state(client, queuedId).then(
        (now) => setChat((known) => (known?.id === now.id && known.state === 'queued' ? now : known)),
        () => undefined,
      );
    }, STILL_HERE_MS);
    return () => window.clearInterval(timer);
  }, [client, queuedId]);

  if (!chat) return <p className="cc-note">{notice.text || t('connecting')}</p>;
  const ended = chat.state === 'disconnected';
  const stateLabel = t(`state_${chat.state}` as keyof Texts, { agent: chat.agentName });
  return (
    <div className="cc-page" data-testid="enduser-chat">
      <header className="cc-header">
        <div>
          <strong>{t('title')}</strong>
          <div className="cc-state" data-testid="enduser-state">
            {stateLabel}
          </div>
        </div>
        {chat.state === 'bot' && (
          <button onClick={() => chatApi.human(client, chat.id).then(setChat, (e: Error) => say(e.message))} data-testid="enduser-human">
            {t('talkToPerson')}
          </button>
        )}
        {!ended && chat.state !== 'bot' && (
          <button className="cc-quiet" onClick={() => chatApi.leave(client, chat.id).then(setChat, (e: Error) => say(e.message))} data-testid="enduser-leave">
            {t('endChat')}
          </button>
        )}
      </header>
      {chat.state === 'queued' && (
        <div className="cc-busy" data-testid="enduser-busy">
          {t('busy', { position: (chat.ahead ?? 0) + 1 })}
        </div>
      )}
      {!online && !ended && <div className="cc-banner">{t('reconnecting')}</div>}
      <Messages messages={messages} t={t} onHuman={chat.state === 'bot' ? () => chatApi.human(client, chat.id).then(setChat, (e: Error) => say(e.message)) : undefined} />
      {toRate.length > 0 && <Rating orders={toRate} client={client} t={t} onRated={() => void loadOrders()} say={say} />}
      {notice.text && (
        <div className={notice.done ? 'cc-notice cc-done' : 'cc-notice'} role={notice.done ? 'status' : 'alert'} data-testid="enduser-notice">
          {notice.text}
        </div>
      )}
      {ended ? (
        <button className="cc-wide" onClick={() => window.location.reload()} data-testid="enduser-new-chat">
          {t('newChat')}
        </button>
      ) : (
        <Composer client={client} chatId={chat.id} t={t} onSent={(m) => add([m])} say={say} />
      )}
    </div>
  );
}

function Messages({ messages, t, onHuman }: { messages: ChatMessage[]; t: T; onHuman?: () => void }) {
  const bottom = useRef<HTMLDivElement>(null);
  // A block: scrollIntoView answers a promise in newer browsers, and an effect may return only its cleanup.
  useEffect(() => {
    void bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <main className="cc-messages" data-testid="enduser-messages">
      {messages.map((m) => {
        if (m.from === 'system') {
          const d = (m.detail ?? {}) as Record<string, string>;
          return (
            <p key={m.id} className="cc-event" data-testid={`enduser-event-${m.event}`}>
              {t(`event_${m.event}` as keyof Texts, { agent: d.agent ?? '', number: d.number ?? '', summary: d.summaryContent ?? '' })}
            </p>
          );
        }
        const mine = m.from === 'user';
        const who = mine ? t('you') : m.from === 'bot' ? t('assistant') : m.author || t('agent');
        return (
          <div key={m.id} className={`cc-bubble ${mine ? 'cc-mine' : `cc-${m.from}`}`} data-testid={`enduser-message-${m.from}`}>
            <div className="cc-who">{who}</div>
            {m.text && <div className="cc-text">{m.text}</div>}
            {m.answers.map((a) => (
              <details key={a.faqId} className="cc-answer" open>
                <summary>{a.question}</summary>
                <div className="cc-text">{a.answer}</div>
              </details>
            ))}
            {m.attachment && m.url && (m.attachment.kind === 'image' ? <img src={m.url} alt={m.attachment.fileName} data-testid="enduser-image" /> : <video src={m.url} controls />)}
            {m.offerHuman && onHuman && m.answers.length > 0 && (
              <button className="cc-link" onClick={onHuman}>
                {t('didThisHelp')} {t('talkToPerson')}
              </button>
            )}
          </div>
        );
      })}
      <div ref={bottom} />
    </main>
  );
}

function Composer({ client, chatId, t, onSent, say }: { client: Client; chatId: string; t: T; onSent: (m: ChatMessage) => void; say: (text: string) => void }) {
  const [text, setText] = useState('');
  const [sharing, setSharing] = useState(false);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const send = () => {
    const body = sendable(text);
    // An empty message is not sent.
    if (body === null) return say(t('emptyMessage'));
    chatApi.send(client, chatId, body).then(
      (sent) => {
        setText('');
        onSent(sent);
      },
      (e: Error) => say(e instanceof Refused ? e.message : t('networkAbnormal')),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (keyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing, keyCode: event.keyCode }) === 'send') {
      event.preventDefault();
      send();
    }
  };
  const sendFile = () => {
    const chosen = file.current?.files?.[0];
    // Choosing no file gives a message; only images and videos, at most 200 MB.
    if (!chosen) return say(t('chooseFile'));
    if (!/^(image|video)\//.test(chosen.type)) return say(t('onlyImageOrVideo'));
    if (chosen.size > MAX_FILE_MIB * 1024 * 1024) return say(t('fileTooLarge'));
    setBusy(true);
    upload(client, chosen)
      .then((id) => chatApi.send(client, chatId, '', id))
      .then(
        (sent) => {
          onSent(sent);
          setSharing(false);
        },
        (e: Error) => say(e instanceof Refused ? `${t('uploadFailed')} ${e.message}` : t('uploadFailed')),
      )
      .finally(() => setBusy(false));
  };
  return (
    <footer className="cc-composer">
      {sharing && (
        <div className="cc-share" data-testid="enduser-share-panel">
          <input ref={file} type="file" accept={FILE_ACCEPT} data-testid="enduser-file" />
          <button onClick={sendFile} disabled={busy} data-testid="enduser-send-file">
            {busy ? t('uploading') : t('sendFile')}
          </button>
          <button className="cc-quiet" onClick={() => setSharing(false)}>
            {t('cancel')}
          </button>
        </div>
      )}
      <div className="cc-row">
        <button className="cc-quiet" onClick={() => setSharing((s) => !s)} data-testid="enduser-share">
          {t('shareFile')}
        </button>
        <textarea value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} maxLength={MAX_MESSAGE} rows={2} placeholder={t('placeholder')} data-testid="enduser-input" />
        <button onClick={send} data-testid="enduser-send">
          {t('send')}
        </button>
      </div>
    </footer>
  );
}

/** A rating needs the work order and whether the problem is solved. */
function Rating({ orders, client, t, onRated, say }: { orders: WorkOrder[]; client: Client; t: T; onRated: () => void; say: (text: string, done?: boolean) => void }) {
  const [orderId, setOrderId] = useState(orders.length === 1 ? orders[0].id : '');
  const [score, setScore] = useState('');
  const [solved, setSolved] = useState<boolean | null>(null);
  const [comment, setComment] = useState('');
  const submit = () => {
    if (!orderId) return say(t('pickOrder'));
    if (!score) return say(t('pickScore'));
    if (solved === null) return say(t('pickSolved'));
    chatApi.rate(client, { workOrderId: orderId, score, solved, comment }).then(
      () => {
        say(t('rated'), true);
        onRated();
      },
      (e: Error) => {
        // The order is gone or is not the user's any more: its information is abnormal, and the
        // list is read again without it. Other refusals say their own reason.
        const gone = e instanceof Refused && (e.code === 404 || (e.code === 400 && e.field === 'workOrderId'));
        say(gone ? t('orderAbnormal') : e.message);
        if (gone) onRated();
      },
    );
  };
  return (
    <section className="cc-rating" data-testid="enduser-rating">
      <strong>{t('rateTitle')}</strong>
      <label>
        {t('rateOrder')}
        <select value={orderId} onChange={(e) => setOrderId(e.target.value)} data-testid="enduser-rate-order">
          <option value="">{t('chooseOrder')}</option>
          {orders.map((o) => (
            <option key={o.id} value={o.id}>
              {o.number} · {o.summaryTitle || o.summaryContent.slice(0, 40)}
            </option>
          ))}
        </select>
      </label>
      <div className="cc-choices">
        {(['satisfied', 'average', 'unsatisfied'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name="score" checked={score === s} onChange={() => setScore(s)} data-testid={`enduser-score-${s}`} />
            {t(`score_${s}`)}
          </label>
        ))}
      </div>
      <div className="cc-choices">
        {t('solvedQuestion')}
        <label>
          <input type="radio" name="solved" checked={solved === true} onChange={() => setSolved(true)} data-testid="enduser-solved-yes" />
          {t('yes')}
        </label>
        <label>
          <input type="radio" name="solved" checked={solved === false} onChange={() => setSolved(false)} data-testid="enduser-solved-no" />
          {t('no')}
        </label>
      </div>
      <input value={comment} onChange={(e) => setComment(e.target.value)} maxLength={500} placeholder={t('comment')} />
      <button onClick={submit} data-testid="enduser-rate">
        {t('submitRating')}
      </button>
    </section>
  );
}

import { type LiveEvent, useLiveEvents } from '@console/sdk';
import { ModalForm, UploadField } from '@console/sdk/ui';
import { App, Badge, Button, Card, Col, Empty, Flex, Form, Input, Result, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { FILE_ACCEPT, keyAction, MAX_FILE_MIB, MAX_MESSAGE, sendable } from './composer';
import { TypeSelect, useTexts, ViewGuard, when } from './parts';
import { MOUNT, workspace } from './service';
import type { Chat, ChatMessage, Presence, SeatChoice, SeatState, TypeNode } from './types';

/** How often the page says it is open (the server counts an agent online for 60 s). */
const HEARTBEAT_MS = 20_000;
/** Without the live socket, how often the page asks instead. */
const POLL_MS = 3_000;

interface ChatNotice {
  type: 'message' | 'state' | 'assigned' | 'transferred' | 'requeued';
  chatId: string;
  message?: ChatMessage;
  chat?: Chat;
}

/**
 * The agent's workspace (/customerService/serviceCenter, "my customer service"): his seat with
 * its busy switch, his chats and the queue, live; a chat's messages with a box where Enter sends
 * and Shift+Enter breaks the line; sharing an image or a video; transferring a chat, filing a
 * work order from it, and ending it with a summary that closes into a work order for the user.
 */
export default function Workspace() {
  return (
    <ViewGuard action="cs:chat:serve">
      <Desk />
    </ViewGuard>
  );
}

function Desk() {
  const { t } = useTexts();
  const { message, notification } = App.useApp();
  const [presence, setPresence] = useState<Presence | null>(null);
  // Whether the user has a seat: asked first, so that a user without one is told how to get
  // one instead of the desk's calls failing (null: not known yet).
  const [seated, setSeated] = useState<boolean | null>(null);
  const [noSeat, setNoSeat] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [messages, setMessages] = useState<Record<string, ChatMessage[]>>({});
  const [waiting, setWaiting] = useState(0);
  const [unread, setUnread] = useState<Record<string, number>>({});
  const [tree, setTree] = useState<TypeNode[]>([]);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const refresh = useCallback(
    () =>
      workspace.presence().then(
        (now) => {
          setPresence(now);
          setWaiting(now.waiting);
          setNoSeat(null);
        },
        // A failed heartbeat once the desk is shown is only a missed beat; at first, it says why.
        (error: Error) =>
          setPresence((shown) => {
            if (!shown) setNoSeat(error.message);
            return shown;
          }),
      ),
    [],
  );
  useEffect(() => {
    workspace.seat().then(
      (mine) => setSeated(mine.seat !== null),
      (error: Error) => setNoSeat(error.message),
    );
  }, []);
  useEffect(() => {
    if (!seated) return;
    void refresh();
    const beat = setInterval(() => void refresh(), HEARTBEAT_MS);
    // The categories through the desk's own route: the work-order pages' right may not be his.
    workspace.questionTypes().then(setTree, () => undefined);
    return () => {
      clearInterval(beat);
      void workspace.away().catch(() => undefined);
    };
  }, [refresh, seated]);

  const add = useCallback((chatId: string, list: ChatMessage[]) => {
    setMessages((all) => {
      const known = all[chatId] ?? [];
      const fresh = list.filter((m) => !known.some((k) => k.id === m.id));
      if (fresh.length === 0) return all;
      return { ...all, [chatId]: [...known, ...fresh].sort((a, b) => a.sentAt - b.sentAt) };
    });
  }, []);
  // Read through a ref: `load` stays the same function as messages arrive.
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const load = useCallback(
    (chatId: string) => {
      const known = messagesRef.current[chatId] ?? [];
      // From just before the last one: a message sent in the same millisecond is not missed.
      const after = known.length > 0 ? known[known.length - 1].sentAt - 1 : 0;
      return workspace.messages(chatId, after).then(
        (list) => add(chatId, list),
        () => undefined,
      );
    },
    [add],
  );

  const live = useLiveEvents(`${MOUNT}.`, (event: LiveEvent) => {
    if (event.topic === `${MOUNT}.queue`) {
      setWaiting((event.payload as { waiting: number }).waiting);
      return;
    }
    if (event.topic === `${MOUNT}.order`) {
      const order = event.payload as { type: string; number: string };
      notification.info({ message: t(`orderNotice_${order.type}`, { number: order.number, defaultValue: order.number }), placement: 'bottomRight' });
      return;
    }
    if (event.topic !== `${MOUNT}.chat`) return;
    const notice = event.payload as ChatNotice;
    if (notice.type === 'message' && notice.message) {
      add(notice.chatId, [notice.message]);
      if (notice.chatId !== selectedRef.current && notice.message.from === 'user') {
        setUnread((u) => ({ ...u, [notice.chatId]: (u[notice.chatId] ?? 0) + 1 }));
      }
      return;
    }
    if (notice.type === 'assigned') {
      notification.info({ message: t('newChat', { user: notice.chat?.username ?? '' }), placement: 'bottomRight' });
      if (!selectedRef.current) setSelected(notice.chatId);
    }
    if (seated) void refresh();
  });

  // Without the socket, the page asks every few seconds instead; when it is back, it reads what
  // it may have missed.
  useEffect(() => {
    if (!seated) return;
    if (live === 'open') {
      void refresh();
      if (selectedRef.current) void load(selectedRef.current);
      return;
    }
    const poll = setInterval(() => {
      void refresh();
      if (selectedRef.current) void load(selectedRef.current);
    }, POLL_MS);
    return () => clearInterval(poll);
  }, [live, refresh, load, seated]);

  useEffect(() => {
    if (!selected) return;
    setUnread((u) => ({ ...u, [selected]: 0 }));
    void load(selected);
    // Loaded when another chat is chosen, not whenever a message arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  if (seated === false) return <Result status="info" title={t('noSeatTitle')} subTitle={t('noSeatHint')} data-testid="workspace-no-seat" />;
  if (noSeat) return <Result status="warning" title={noSeat} data-testid="workspace-no-seat" />;
  if (seated === null) return <Card loading variant="borderless" />;
  const chats = presence?.chats ?? [];
  const chat = chats.find((c) => c.id === selected) ?? null;

  return (
    <Row gutter={16} data-testid="workspace">
      <Col xs={24} lg={7}>
        <Flex vertical gap={16}>
          <SeatCard presence={presence} live={live === 'open'} onChanged={refresh} />
          <Card title={t('myChats')} size="small" data-testid="workspace-chats">
            {chats.length === 0 ? (
              <Empty description={t('noChats')} />
            ) : (
              <Flex vertical gap={4}>
                {chats.map((c) => (
                  <Flex
                    key={c.id}
                    justify="space-between"
                    align="center"
                    onClick={() => setSelected(c.id)}
                    style={{ cursor: 'pointer', borderRadius: 6, padding: '6px 8px', background: c.id === selected ? 'rgba(22,119,255,0.08)' : undefined }}
                    data-testid={`workspace-chat-${c.username}`}
                  >
                    <div>
                      <Typography.Text strong>{c.username}</Typography.Text>
                      <div>
                        <Typography.Text type="secondary">{`${t(`chat_${c.state}`)} · ${when(c.connectedAt || c.startedAt)}`}</Typography.Text>
                      </div>
                    </div>
                    <Badge count={unread[c.id] ?? 0} />
                  </Flex>
                ))}
              </Flex>
            )}
          </Card>
          <QueueCard waiting={waiting} />
        </Flex>
      </Col>
      <Col xs={24} lg={17}>
        {chat ? (
          <ChatPane chat={chat} messages={messages[chat.id] ?? []} tree={tree} onChanged={refresh} onSent={(m) => add(chat.id, [m])} notify={(text) => void message.success(text)} />
        ) : (
          <Card>
            <Empty description={t('pickAChat')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}

function SeatCard({ presence, live, onChanged }: { presence: Presence | null; live: boolean; onChanged: () => void }) {
  const { t } = useTexts();
  if (!presence) return <Card loading size="small" />;
  const { seat, state } = presence;
  return (
    <Card title={t('mySeat', { number: seat.number })} size="small" data-testid="workspace-seat" extra={<Badge status={live ? 'success' : 'default'} text={live ? t('live') : t('notLive')} />}>
      <Flex vertical gap={8}>
        <Space>
          <Badge status={state.status === 'free' ? 'success' : 'error'} text={t(`seat_${state.status}`)} data-testid="workspace-seat-status" />
          <Typography.Text type="secondary">{t('connectedCount', { count: state.active, max: seat.maxUsers })}</Typography.Text>
        </Space>
        {!state.onDuty && <Tag color="warning">{t('offDuty')}</Tag>}
        <Space>
          <Switch checked={seat.manualBusy} onChange={(busy) => void workspace.busy(busy).then(onChanged, () => undefined)} data-testid="workspace-busy" />
          <span>{t('manualBusy')}</span>
        </Space>
      </Flex>
    </Card>
  );
}

function QueueCard({ waiting }: { waiting: number }) {
  const { t } = useTexts();
  const [list, setList] = useState<{ id: string; username: string; queuedAt: number }[]>([]);
  useEffect(() => {
    workspace.queue().then(setList, () => setList([]));
  }, [waiting]);
  return (
    <Card title={t('queue')} size="small" extra={<Tag data-testid="workspace-waiting">{t('waitingCount', { count: waiting })}</Tag>}>
      {list.length === 0 ? (
        <Typography.Text type="secondary">{t('nobodyWaits')}</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="workspace-queue">
          {list.map((w) => (
            <li key={w.id}>{`${w.username} · ${when(w.queuedAt)}`}</li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** What a system message says, in the reader's language. */
export function useEventText() {
  const { t } = useTexts();
  return (m: ChatMessage) => {
    const d = (m.detail ?? {}) as Record<string, string>;
    return t(`event_${m.event}`, { agent: d.agent ?? '', seat: d.seat ?? '', from: d.from ?? '', number: d.number ?? '', by: t(`by_${d.by ?? 'system'}`), defaultValue: m.event });
  };
}

export function MessageBubble({ m, mine }: { m: ChatMessage; mine: boolean }) {
  const { t } = useTexts();
  const eventText = useEventText();
  if (m.from === 'system') {
    return (
      <div style={{ textAlign: 'center', margin: '8px 0' }} data-testid="chat-event">
        <Typography.Text type="secondary">
          {eventText(m)}
          {m.event === 'workOrder' && m.detail && ` · ${String((m.detail as Record<string, string>).summaryContent ?? '')}`}
        </Typography.Text>
      </div>
    );
  }
  const colour = mine ? '#0958d9' : m.from === 'bot' ? '#f0f0f0' : '#e6f4ff';
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', margin: '6px 0' }} data-testid={`chat-message-${m.from}`}>
      <div style={{ maxWidth: '75%', background: colour, color: mine ? '#fff' : undefined, borderRadius: 8, padding: '6px 10px' }}>
        <div style={{ fontSize: 12, opacity: 0.75 }}>
          {m.from === 'bot' ? t('bot') : m.author} · {when(m.sentAt)}
        </div>
        {m.text && <div style={{ whiteSpace: 'pre-wrap' }}>{m.text}</div>}
        {m.answers.map((a) => (
          <div key={a.faqId} style={{ marginTop: 4 }}>
            <strong>{a.question}</strong>
            <div style={{ whiteSpace: 'pre-wrap' }}>{a.answer}</div>
          </div>
        ))}
        {m.attachment &&
          m.url &&
          (m.attachment.kind === 'image' ? (
            <img src={m.url} alt={m.attachment.fileName} style={{ maxWidth: 240, display: 'block', marginTop: 4 }} data-testid="chat-image" />
          ) : (
            <video src={m.url} controls style={{ maxWidth: 320, display: 'block', marginTop: 4 }} />
          ))}
      </div>
    </div>
  );
}

type Dialog = 'share' | 'transfer' | 'order' | 'end' | null;

function ChatPane({
  chat,
  messages,
  tree,
  onChanged,
  onSent,
  notify,
}: {
  chat: Chat;
  messages: ChatMessage[];
  tree: TypeNode[];
  onChanged: () => void;
  onSent: (m: ChatMessage) => void;
  notify: (text: string) => void;
}) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [seats, setSeats] = useState<(SeatChoice & { state: SeatState })[]>([]);
  const bottom = useRef<HTMLDivElement>(null);
  const active = chat.active;
  // A block: scrollIntoView answers a promise in newer browsers, and an effect may return only its cleanup.
  useEffect(() => {
    void bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const send = () => {
    const body = sendable(text);
    // An empty message is not sent.
    if (body === null) {
      void message.warning(t('emptyMessage'));
      return;
    }
    workspace.send(chat.id, { text: body }).then(
      (sent) => {
        setText('');
        onSent(sent);
      },
      (error: Error) => void message.error(error.message),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const what = keyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing, keyCode: event.keyCode });
    if (what === 'send') {
      event.preventDefault();
      send();
    }
  };
  const firstWords = useMemo(() => messages.find((m) => m.from === 'user' && m.text)?.text ?? '', [messages]);

  return (
    <Card
      title={
        <Space>
          <span data-testid="chat-title">{chat.username}</span>
          <Tag data-testid="chat-state">{t(`chat_${chat.state}`)}</Tag>
          {chat.workOrderNumber && <Tag color="blue">{chat.workOrderNumber}</Tag>}
        </Space>
      }
      extra={
        active && (
          <Space>
            <Button
              onClick={() => {
                workspace.seats().then(setSeats, () => undefined);
                setDialog('transfer');
              }}
              data-testid="chat-transfer"
            >
              {t('transfer')}
            </Button>
            {!chat.workOrderId && (
              <Button onClick={() => setDialog('order')} data-testid="chat-file-order">
                {t('fileOrder')}
              </Button>
            )}
            <Button danger onClick={() => setDialog('end')} data-testid="chat-end">
              {t('endChat')}
            </Button>
          </Space>
        )
      }
    >
      <div style={{ height: 440, overflowY: 'auto', padding: '0 4px' }} data-testid="chat-messages">
        {messages.map((m) => (
          <MessageBubble key={m.id} m={m} mine={m.from === 'agent'} />
        ))}
        <div ref={bottom} />
      </div>
      {active ? (
        <Flex gap={8} align="end" style={{ marginTop: 12 }}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={MAX_MESSAGE}
            placeholder={t('composeHint')}
            data-testid="chat-input"
          />
          <Button onClick={() => setDialog('share')} data-testid="chat-share">
            {t('shareFile')}
          </Button>
          <Button type="primary" onClick={send} data-testid="chat-send">
            {t('send')}
          </Button>
        </Flex>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="chat-ended">
          {t('chatEndedHint')}
        </Typography.Paragraph>
      )}
      <ModalForm<{ uploadId: string }>
        open={dialog === 'share'}
        title={t('shareFile')}
        onClose={() => setDialog(null)}
        onSubmit={async ({ uploadId }) => onSent(await workspace.send(chat.id, { uploadId }))}
      >
        <UploadField name="uploadId" label={t('imageOrVideo')} mount={MOUNT} purpose="chat-file" accept={FILE_ACCEPT} maxMib={MAX_FILE_MIB} />
      </ModalForm>
      <ModalForm<{ seatId: string }>
        open={dialog === 'transfer'}
        title={t('transfer')}
        onClose={() => setDialog(null)}
        onSubmit={async ({ seatId }) => {
          await workspace.transfer(chat.id, seatId);
          notify(t('transferred'));
          onChanged();
        }}
      >
        <Form.Item name="seatId" label={t('toSeat')} rules={[{ required: true, message: t('required') }]}>
          <Select
            data-testid="chat-transfer-seat"
            options={seats
              .filter((s) => s.id !== chat.seatId)
              .map((s) => ({ value: s.id, disabled: s.state.status !== 'free', label: `${s.number} · ${s.agentName} · ${t(`seat_${s.state.status}`)}` }))}
          />
        </Form.Item>
      </ModalForm>
      <ModalForm<Record<string, string>>
        open={dialog === 'order'}
        title={t('fileOrder')}
        initialValues={{ description: firstWords }}
        onClose={() => setDialog(null)}
        onSubmit={async (values) => {
          const order = await workspace.fileOrder(chat.id, values);
          notify(t('orderFiled', { number: order.number }));
          onChanged();
        }}
      >
        <Form.Item name="description" label={t('description')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        {tree.length > 0 && (
          <Form.Item name="questionTypeId" label={t('questionCategory')}>
            <TypeSelect tree={tree} testId="chat-order-type" allowClear />
          </Form.Item>
        )}
        <Form.Item name="deviceSn" label={t('deviceSn')}>
          <Input maxLength={64} />
        </Form.Item>
      </ModalForm>
      <EndForm
        open={dialog === 'end'}
        chat={chat}
        tree={tree}
        onClose={() => setDialog(null)}
        onDone={() => {
          notify(t('chatEnded'));
          onChanged();
        }}
      />
    </Card>
  );
}

/** Ending a chat; by default closed into a work order, whose summary (required) goes to the user. */
function EndForm({ open, chat, tree, onClose, onDone }: { open: boolean; chat: Chat; tree: TypeNode[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTexts();
  return (
    <ModalForm<Record<string, unknown>>
      open={open}
      title={t('endChat')}
      initialValues={{ workOrder: true }}
      onClose={onClose}
      onSubmit={async (values) => {
        await workspace.end(chat.id, values);
        onDone();
      }}
    >
      <Form.Item name="workOrder" valuePropName="checked" label={t('closeIntoOrder')} extra={t('closeIntoOrderHint')}>
        <Switch data-testid="chat-end-order" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.workOrder !== b.workOrder}>
        {({ getFieldValue }) =>
          getFieldValue('workOrder') && (
            <>
              <Form.Item name="summaryTitle" label={t('summaryTitle')}>
                <Input maxLength={64} data-testid="chat-end-title" />
              </Form.Item>
              <Form.Item name="summaryContent" label={t('summaryContent')} rules={[{ required: true, whitespace: true, message: t('summaryRequired') }]}>
                <Input.TextArea rows={4} maxLength={5000} data-testid="chat-end-summary" />
              </Form.Item>
              {!chat.workOrderId && tree.length > 0 && (
                <Form.Item name="questionTypeId" label={t('questionCategory')}>
                  <TypeSelect tree={tree} testId="chat-end-type" allowClear />
                </Form.Item>
              )}
            </>
          )
        }
      </Form.Item>
    </ModalForm>
  );
}

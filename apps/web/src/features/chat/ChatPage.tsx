import {
  ANONYMISED_TEXT,
  CHAT_LOBBY,
  CHAT_MAX_CHARS,
  type ChatMessage,
  type ChatRoomInfo,
  type ChatStanding,
} from '@sea/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useChatHistory, useChatRooms, usePostChat } from '../../api/chat.ts';
import { DateTime, useDateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { copySlip, useChat } from '../../state/chat.ts';
import { useRealtime } from '../../state/realtime.ts';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import './chat.css';
import '../../i18n/areas/chat.ts';

/**
 * The chat room (spec §1): a lobby and a room per lottery game. The history is read over HTTP, new messages arrive
 * over the member's socket (the page asks it to join the room; after a reconnect the history is read again). Texts
 * are rendered as text, never as HTML. Visitors are asked to log in; trial, muted and banned members read only.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  return (
    <section className="chat" aria-labelledby="chat-title">
      <h1 id="chat-title">{t('chat.title')}</h1>
      {token ? (
        <ChatRoom />
      ) : (
        <div className="chat__prompt">
          <p>{t('chat.loginPrompt')}</p>
          <button type="button" className="btn btn--primary" onClick={() => useUi.getState().open('login')}>
            {t('chat.login')}
          </button>
        </div>
      )}
    </section>
  );
}

function ChatRoom() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const room = params.get('room') ?? CHAT_LOBBY;
  const rooms = useChatRooms();
  const down = useRealtime((s) => s.status === 'down');
  useEffect(() => {
    useChat.getState().setRoom(room);
    return () => useChat.getState().setRoom(null);
  }, [room]);
  const pushed = useChat((s) => s.standing);
  const standing = pushed ?? rooms.data?.standing ?? null;
  const names = useMemo(() => new Map((rooms.data?.rooms ?? []).map((r) => [r.code, r])), [rooms.data]);
  const roomName = (r: ChatRoomInfo) => (r.code === CHAT_LOBBY ? t('chat.lobby') : r.name);
  return (
    <>
      <p className="chat__intro">{t('chat.intro')}</p>
      <label className="chat__room">
        <span>{t('chat.room')}</span>
        <select value={room} onChange={(e) => setParams({ room: e.target.value }, { replace: true })}>
          {(rooms.data?.rooms ?? [{ code: CHAT_LOBBY, name: '' }]).map((r) => (
            <option key={r.code} value={r.code}>
              {roomName(r)}
            </option>
          ))}
        </select>
      </label>
      {down && (
        <p className="chat__conn" role="status">
          {t('chat.reconnecting')}
        </p>
      )}
      <MessageLog room={room} gameName={(code) => names.get(code)?.name ?? code} />
      <Composer room={room} standing={standing} />
    </>
  );
}

/** History and pushed messages by id (deleted ones out), oldest first; the member's own marked. */
function useMessages(room: string): { list: ChatMessage[]; query: ReturnType<typeof useChatHistory> } {
  const query = useChatHistory(room);
  const live = useChat((s) => s.live);
  const deleted = useChat((s) => s.deleted);
  const list = useMemo(() => {
    const byId = new Map<string, ChatMessage>();
    for (const m of [...(query.data?.messages ?? []), ...live]) {
      if (m.room !== room || deleted.has(m.id)) continue;
      const seen = byId.get(m.id);
      byId.set(m.id, seen ? { ...m, mine: seen.mine || m.mine } : m);
    }
    return [...byId.values()].sort((a, b) => Number(a.id) - Number(b.id));
  }, [query.data, live, deleted, room]);
  return { list, query };
}

function MessageLog({ room, gameName }: { room: string; gameName: (code: string) => string }) {
  const { t } = useTranslation();
  const { list, query } = useMessages(room);
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seenCount = useRef(0);
  const [unseen, setUnseen] = useState(0);
  const toBottom = () => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };
  useLayoutEffect(() => {
    const added = list.length - seenCount.current;
    seenCount.current = list.length;
    if (added <= 0) return;
    const last = list[list.length - 1];
    if (atBottom.current || last?.mine) toBottom();
    else setUnseen((n) => n + added);
  }, [list]);
  return (
    <div className="chat__body">
      <QueryState query={query}>
        {() =>
          list.length === 0 ? (
            <p className="chat__empty">{t('chat.empty')}</p>
          ) : (
            <div
              ref={ref}
              className="chat__log"
              role="log"
              aria-label={t('chat.messages')}
              tabIndex={0}
              onScroll={(e) => {
                const el = e.currentTarget;
                atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
                if (atBottom.current) setUnseen(0);
              }}
            >
              <ol className="chat__list">
                {list.map((m) => (
                  <MessageItem key={m.id} m={m} gameName={gameName} />
                ))}
              </ol>
            </div>
          )
        }
      </QueryState>
      {unseen > 0 && (
        <button type="button" className="chat__new btn btn--primary" onClick={toBottom}>
          {t('chat.newMessages', { count: unseen })} ↓
        </button>
      )}
    </div>
  );
}

function MessageItem({ m, gameName }: { m: ChatMessage; gameName: (code: string) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <li className={m.mine ? 'chat__msg chat__msg--mine' : 'chat__msg'}>
      <p className="chat__meta">
        <span className="chat__name">
          {m.mine ? t('chat.you') : m.name === ANONYMISED_TEXT ? t('chat.anonymised') : m.name}
        </span>
        <DateTime value={m.createdAt} className="chat__time" />
      </p>
      {/* A closed account's messages after the retention period: the server keeps a fixed marker, shown translated. */}
      {m.text === ANONYMISED_TEXT ? (
        <p className="chat__text chat__text--removed">{t('chat.removed')}</p>
      ) : (
        m.text && <p className="chat__text">{m.text}</p>
      )}
      {m.slip && (
        <div className="chat__slip" role="group" aria-label={t('chat.slipCard', { game: gameName(m.slip.gameCode) })}>
          <p className="chat__slip-title">{t('chat.slipCard', { game: gameName(m.slip.gameCode) })}</p>
          <ul>
            {m.slip.bets.map((b, i) => (
              <li key={i}>{b.code}</li>
            ))}
          </ul>
          <p className="chat__slip-count">{t('chat.slipBets', { count: m.slip.bets.length })}</p>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              copySlip(m.slip!);
              void navigate(`/lottery/${encodeURIComponent(m.slip!.gameCode)}`);
            }}
          >
            {t('chat.copySlip')}
          </button>
        </div>
      )}
    </li>
  );
}

function Composer({ room, standing }: { room: string; standing: ChatStanding | null }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const post = usePostChat(room);
  const mutedOver = standing?.reason === 'muted' && standing.mutedUntil && Date.parse(standing.mutedUntil) < Date.now();
  const blocked = standing && !standing.canPost && !mutedOver ? standing : null;
  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() || post.isPending || blocked) return;
    setError(null);
    try {
      const m = await post.mutateAsync({ text });
      useChat.getState().received(m);
      setText('');
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void send(e);
  };
  if (blocked)
    return (
      <p className="chat__standing" role="status">
        {blocked.reason === 'trial' && t('chat.trial')}
        {blocked.reason === 'banned' && t('chat.banned')}
        {blocked.reason === 'muted' && t('chat.muted', { until: format(blocked.mutedUntil ?? new Date()) })}
      </p>
    );
  return (
    <form className="chat__composer" aria-label={t('chat.send')} onSubmit={(e) => void send(e)}>
      <label className="chat__field">
        <span className="sr-only">{t('chat.message')}</span>
        <textarea
          value={text}
          maxLength={CHAT_MAX_CHARS}
          rows={2}
          placeholder={t('chat.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          aria-describedby="chat-count"
        />
      </label>
      <span id="chat-count" className="chat__count">
        {t('chat.count', { count: text.length, max: CHAT_MAX_CHARS })}
      </span>
      <button type="submit" className="btn btn--primary" disabled={!text.trim() || post.isPending}>
        {post.isPending ? t('chat.sending') : t('chat.send')}
      </button>
      {error && (
        <p className="field__error chat__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

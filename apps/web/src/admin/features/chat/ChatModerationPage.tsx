import { CHAT_LOBBY, type AdminChatMessage, type AdminChatSanctionRequest } from '@sea/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useBlockedWords,
  useChatRoomView,
  useChatRooms,
  useChatSanction,
  useChatSanctions,
  useDeleteChatMessage,
  useSaveBlockedWords,
} from '../../api/chat.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { errorText } from '../../components/error-text.ts';
import { Can, useCan } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { PersonalText } from '../../components/Removed.tsx';

/**
 * Chat moderation (issue 24): a room's live view with the senders' accounts, deleting a message, muting or banning a
 * member (applied and told at once on every server process), the members muted or banned now, the blocked words.
 */
export function ChatModerationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const room = params.get('room') ?? CHAT_LOBBY;
  const rooms = useChatRooms();
  const [account, setAccount] = useState('');
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('chatMod.title')}</h1>
        <div className="bo-field">
          <label htmlFor="chat-room">{t('chatMod.room')}</label>
          <select id="chat-room" value={room} onChange={(e) => setParams({ room: e.target.value }, { replace: true })}>
            {(rooms.data?.rooms ?? [{ code: CHAT_LOBBY, name: '' }]).map((r) => (
              <option key={r.code} value={r.code}>
                {r.code === CHAT_LOBBY ? t('chatMod.lobby') : r.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <LiveView room={room} onMute={setAccount} />
      <Can permission="chat.moderate">
        <SanctionForm account={account} setAccount={setAccount} />
      </Can>
      <Sanctions />
      <BlockedWords />
    </div>
  );
}

function LiveView({ room, onMute }: { room: string; onMute: (account: string) => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const view = useChatRoomView(room);
  const del = useDeleteChatMessage();
  const [deleting, setDeleting] = useState<AdminChatMessage | null>(null);
  const rows = [...(view.data?.messages ?? [])].reverse(); // newest first
  const cols = can('chat.moderate') ? 5 : 4;
  return (
    <section className="bo-table" aria-label={t('chatMod.live')}>
      <h2 className="bo-section-title">{t('chatMod.live')}</h2>
      {view.isError && <ErrorAlert error={view.error} onRetry={() => void view.refetch()} />}
      <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={t('chatMod.live')}>
        <table>
          <thead>
            <tr>
              <th>{t('chatMod.time')}</th>
              <th>{t('chatMod.account')}</th>
              <th>{t('chatMod.shownAs')}</th>
              <th>{t('chatMod.message')}</th>
              {can('chat.moderate') && <th>{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {view.isPending && (
              <tr>
                <td colSpan={cols} className="bo-table__empty">
                  {t('common.loading')}
                </td>
              </tr>
            )}
            {view.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={cols} className="bo-table__empty">
                  {t('chatMod.empty')}
                </td>
              </tr>
            )}
            {rows.map((m) => (
              <tr key={m.id}>
                <td className="bo-nowrap">{formatDateTime(m.createdAt)}</td>
                <td>{m.account}</td>
                <td>
                  <PersonalText value={m.name} />
                </td>
                <td>
                  <span className={m.deleted ? 'bo-muted' : undefined}>
                    <PersonalText value={m.text} />
                  </span>
                  {m.slip && (
                    <div className="bo-muted">
                      {t('chatMod.slip', { count: m.slip.bets.length, game: m.slip.gameCode })}
                    </div>
                  )}
                  {m.deleted && <Badge tone="neutral">{t('chatMod.deletedBy', { name: m.deletedBy ?? '' })}</Badge>}
                </td>
                {can('chat.moderate') && (
                  <td className="bo-nowrap">
                    {!m.deleted && (
                      <button type="button" className="bo-btn bo-btn--ghost" onClick={() => setDeleting(m)}>
                        {t('chatMod.delete')}
                      </button>
                    )}
                    <button type="button" className="bo-btn bo-btn--ghost" onClick={() => onMute(m.account)}>
                      {t('chatMod.mute')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('chatMod.deleteTitle')}
        text={t('chatMod.deleteText', { account: deleting?.account ?? '' })}
        confirmLabel={t('chatMod.delete')}
        danger
        mutation={del}
        args={deleting?.id ?? ''}
      />
    </section>
  );
}

function SanctionForm({ account, setAccount }: { account: string; setAccount: (a: string) => void }) {
  const { t } = useTranslation();
  const sanction = useChatSanction();
  const [kind, setKind] = useState<AdminChatSanctionRequest['kind']>('mute');
  const [minutes, setMinutes] = useState('10');
  const [reason, setReason] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setDone(null);
    try {
      const r = await sanction.mutateAsync({
        account: account.trim(),
        kind,
        ...(kind === 'mute' && { minutes: Number(minutes) }),
        ...(reason.trim() && { reason: reason.trim() }),
      });
      setDone(t('chatMod.applied', { account: r.account }));
    } catch (err) {
      setAlert(errorText(err));
    }
  };
  return (
    <form className="bo-form bo-card" aria-labelledby="chat-sanction" onSubmit={(e) => void submit(e)}>
      <h2 id="chat-sanction" className="bo-section-title">
        {t('chatMod.sanctionTitle')}
      </h2>
      <div className="bo-form__row">
        <div className="bo-field">
          <label htmlFor="chat-account">{t('chatMod.account')}</label>
          <input id="chat-account" required value={account} onChange={(e) => setAccount(e.target.value)} />
        </div>
        <div className="bo-field">
          <label htmlFor="chat-kind">{t('chatMod.action')}</label>
          <select id="chat-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {(['mute', 'ban', 'release'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`chatMod.actions.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'mute' && (
          <div className="bo-field">
            <label htmlFor="chat-minutes">{t('chatMod.minutes')}</label>
            <input
              id="chat-minutes"
              type="number"
              min={1}
              max={43200}
              required
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </div>
        )}
        <div className="bo-field">
          <label htmlFor="chat-reason">{t('chatMod.reason')}</label>
          <input id="chat-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      <FormAlert message={alert} />
      {done && (
        <p className="bo-alert bo-alert--success" role="status">
          {done}
        </p>
      )}
      <div className="bo-form__actions bo-form__actions--start">
        <button type="submit" className="bo-btn bo-btn--primary" disabled={sanction.isPending}>
          {t('chatMod.apply')}
        </button>
      </div>
    </form>
  );
}

function Sanctions() {
  const { t } = useTranslation();
  const list = useChatSanctions();
  return (
    <section className="bo-card" aria-labelledby="chat-sanctions">
      <h2 id="chat-sanctions" className="bo-section-title">
        {t('chatMod.sanctions')}
      </h2>
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <p className="bo-muted">{t('common.loading')}</p>}
      {list.isSuccess && list.data.items.length === 0 && <p className="bo-muted">{t('chatMod.noSanctions')}</p>}
      <ul>
        {list.data?.items.map((s) => (
          <li key={s.account}>
            <strong>{s.account}</strong>:{' '}
            {s.banned ? t('chatMod.banned') : t('chatMod.mutedUntil', { until: formatDateTime(s.mutedUntil ?? '') })}{' '}
            <span className="bo-muted">
              {t('chatMod.by', { name: s.updatedBy ?? '' })}
              {s.reason && ` · ${s.reason}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BlockedWords() {
  const { t } = useTranslation();
  const words = useBlockedWords();
  const save = useSaveBlockedWords();
  const can = useCan();
  const [draft, setDraft] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const text = draft ?? (words.data?.words ?? []).join('\n');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    setSaved(false);
    try {
      await save.mutateAsync(
        text
          .split('\n')
          .map((w) => w.trim())
          .filter(Boolean),
      );
      setDraft(null);
      setSaved(true);
    } catch (err) {
      setAlert(errorText(err));
    }
  };
  return (
    <form className="bo-form bo-card" aria-labelledby="chat-words" onSubmit={(e) => void submit(e)}>
      <h2 id="chat-words" className="bo-section-title">
        {t('chatMod.words')}
      </h2>
      {words.isError && <ErrorAlert error={words.error} onRetry={() => void words.refetch()} />}
      <div className="bo-field">
        <label htmlFor="chat-words-text">{t('chatMod.words')}</label>
        <textarea
          id="chat-words-text"
          rows={6}
          value={text}
          readOnly={!can('chat.moderate')}
          aria-describedby="chat-words-help"
          onChange={(e) => setDraft(e.target.value)}
        />
        <p id="chat-words-help" className="bo-hint">
          {t('chatMod.wordsHelp')}
        </p>
      </div>
      <FormAlert message={alert} />
      {saved && (
        <p className="bo-alert bo-alert--success" role="status">
          {t('chatMod.saved')}
        </p>
      )}
      <Can permission="chat.moderate">
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('chatMod.save')}
          </button>
        </div>
      </Can>
    </form>
  );
}

import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useMarkMessageRead, useMessage, useMessages } from '../../api/messages.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import './messages.css';
import '../../i18n/areas/promos.ts';

const PAGE = '/member/messageV2';
const PAGE_SIZE = 10;

/**
 * Member centre › messages (messageV2): the operator's messages to this member and to every member, newest
 * first, "New" on the unread ones; `?id=` opens one (its HTML sanitised) and marks it read, which lowers the
 * unread badge of the menu entry.
 */
export function MessagesPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && /^\d{1,18}$/.test(id) ? <MessageView id={id} /> : <MessageList />;
}

function MessageList() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useMessages({ pageNo, pageSize: PAGE_SIZE });
  return (
    <section className="messages" aria-labelledby="page-title">
      <h1 id="page-title">{t('centre.member.messageV2')}</h1>
      <p className="messages__note">{t('promos.messages.intro')}</p>
      <QueryState
        query={query}
        isEmpty={(d) => d.total === 0}
        empty={<span className="empty-panel">{t('promos.messages.empty')}</span>}
      >
        {(d) => (
          <>
            <p className="messages__note" role="status">
              {t('promos.messages.count', { count: d.total })}
              {d.unreadCount > 0 && ` · ${t('promos.messages.unreadCount', { count: d.unreadCount })}`}
            </p>
            <ul className="messages__list" aria-label={t('promos.messages.list')}>
              {d.list.map((m) => (
                <li key={m.id}>
                  <Link
                    to={`${PAGE}?id=${m.id}`}
                    className={clsx('messages__item', m.unread && 'messages__item--unread')}
                  >
                    <span className="messages__title">
                      <span>{m.title}</span>
                      {m.unread && <StatusBadge tone="waiting">{t('promos.messages.unread')}</StatusBadge>}
                    </span>
                    <span className="messages__meta">
                      <DateTime value={new Date(m.sentAt).toISOString()} />
                      {m.broadcast && ` · ${t('promos.messages.broadcast')}`}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {d.total > PAGE_SIZE && (
              <Pager
                page={pageNo}
                pages={Math.ceil(d.total / PAGE_SIZE)}
                onPage={setPageNo}
                label={t('promos.messages.list')}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function MessageView({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useMessage(id);
  const { mutate } = useMarkMessageRead();
  const unread = query.data?.unread;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);
  return (
    <section className="messages" aria-labelledby="page-title">
      <Link className="btn btn--ghost messages__back" to={PAGE}>
        ‹ {t('promos.messages.back')}
      </Link>
      <QueryState query={query} errorTitle={t('centre.member.messageV2')}>
        {(m) => (
          <article className="messages__detail">
            <h1 id="page-title">{m.title}</h1>
            <p className="messages__meta">
              <DateTime value={new Date(m.sentAt).toISOString()} />
              {m.broadcast && ` · ${t('promos.messages.broadcast')}`}
            </p>
            <SafeHtml html={m.content} className="messages__content" />
          </article>
        )}
      </QueryState>
    </section>
  );
}

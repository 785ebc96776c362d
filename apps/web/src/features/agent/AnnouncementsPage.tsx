import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAnnouncement, useAnnouncements, useMarkAnnouncementRead } from '../../api/agents.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { AGENT_PAGE_SIZE, AgentPage, ReportList } from './parts.tsx';
import '../../i18n/areas/agent.ts';

const PAGE = '/agent/agentAnnouncement';

/**
 * Agent centre › announcements (agentAnnouncement): the operator's announcements for agents, newest first, a
 * "New" marker on the unread ones; `?id=` opens one (its HTML sanitised) and marks it read.
 */
export function AnnouncementsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id && /^\d{1,18}$/.test(id) ? <AnnouncementDetail id={id} /> : <AnnouncementList />;
}

function AnnouncementList() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useAnnouncements({ pageNo, pageSize: AGENT_PAGE_SIZE });
  return (
    <ReportList
      title={t('centre.agent.agentAnnouncement')}
      query={query}
      isEmpty={(d) => d.list.length === 0}
      empty={t('agent.announcements.empty')}
      onPage={setPageNo}
    >
      {(d) => (
        <>
          <p className="agent-note" role="status">
            {t('agent.announcements.count', { count: d.total })}
            {d.unreadCount > 0 && ` · ${t('agent.announcements.unreadCount', { count: d.unreadCount })}`}
          </p>
          <ul className="agent-list" aria-label={t('centre.agent.agentAnnouncement')}>
            {d.list.map((a) => (
              <li key={a.id}>
                <Link to={`${PAGE}?id=${a.id}`} className={a.unread ? 'agent-unread' : undefined}>
                  <span className="agent-list__title">
                    <span>{a.title}</span>
                    {a.unread && <StatusBadge tone="waiting">{t('agent.announcements.unread')}</StatusBadge>}
                  </span>
                  <span className="agent-ref">
                    <DateTime value={new Date(a.startDateStr).toISOString()} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </ReportList>
  );
}

function AnnouncementDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useAnnouncement(id);
  const read = useMarkAnnouncementRead();
  const unread = query.data?.unread;
  const { mutate } = read;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);
  const back = (
    <Link className="btn btn--ghost" to={PAGE}>
      {t('agent.announcements.back')}
    </Link>
  );
  return (
    <AgentPage title={query.data?.title ?? t('centre.agent.agentAnnouncement')} actions={back}>
      <QueryState query={query}>
        {(a) => (
          <article className="agent-announcement" aria-labelledby="page-title">
            <p className="agent-ref">
              <DateTime value={new Date(a.startDateStr).toISOString()} />
            </p>
            <SafeHtml html={a.content} />
          </article>
        )}
      </QueryState>
    </AgentPage>
  );
}

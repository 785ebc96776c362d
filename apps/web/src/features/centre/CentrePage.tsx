import { clsx } from 'clsx';
import { type ComponentType, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAnnouncements, useContractTypesHeld } from '../../api/agents.ts';
import { useMemberInfo } from '../../api/auth.ts';
import { useUnreadMessages } from '../../api/messages.ts';
import { useRewardSummary } from '../../api/rewards.ts';
import { useWhitelabel } from '../../api/system.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { Splash } from '../../components/Splash.tsx';
import { useSystemStatus } from '../../state/system.ts';
import '../../i18n/areas/centre.ts';
import { CENTRE_PAGES, type CentreArea, FLAGGED_PAGES, SETTLEMENT_PAGES } from './centre-pages.ts';

/**
 * Member centre (/member/:page) and agent centre (/agent/:page, /agentHome): a menu of the spec's pages
 * beside the current one. Without a page, the first page shows; an unknown page is a 404. `pages` are the built
 * pages by name, from the app's page registry (features never import each other); every listed page is built (a
 * name without a page is a 404, never a placeholder). Badges: the unread agent announcements and member messages, the claimable rewards and missions.
 * On phones the menu folds into a button naming the current page that opens a grid of every entry.
 * The agent menu lists a settlement record page only to an agent that has or had a contract of its type (the
 * page itself, opened by URL, says why it is empty).
 */
export function CentrePage({
  area,
  pages: built = {},
}: {
  area: CentreArea;
  pages?: Partial<Record<string, ComponentType>>;
}) {
  const { t } = useTranslation();
  const { page } = useParams();
  const pages = CENTRE_PAGES[area];
  const current = page ?? pages[0];
  const me = useMemberInfo().data;
  const isAgent = area === 'agent' && Boolean(me?.isAgent);
  const held = useContractTypesHeld(isAgent).data?.types;
  // The unread count of the agent announcements, beside their menu entry.
  const unreadAnnouncements = useAnnouncements({ pageNo: 1, pageSize: 1 }, isAgent).data?.unreadCount ?? 0;
  // The unread member messages, beside the messages entry.
  const unreadMessages = useUnreadMessages(area === 'member').data?.unreadCount ?? 0;
  // Claimable mission rewards and all claimable rewards (the pushed `rewards` event refreshes them).
  const rewards = useRewardSummary(area === 'member').data;
  const badges: Partial<Record<string, number>> = {
    agentAnnouncement: unreadAnnouncements,
    messageV2: unreadMessages,
    rewardCenter: rewards?.rewards ?? 0,
    missionLeaderboard: rewards?.missions ?? 0,
  };
  const flags = useWhitelabel().data;
  const flagOff = (p: string) => Boolean(FLAGGED_PAGES[p]) && flags?.[FLAGGED_PAGES[p]!] !== true;
  const menu = pages.filter((p) => {
    const type = area === 'agent' ? SETTLEMENT_PAGES[p] : undefined;
    return !flagOff(p) && (!type || held?.includes(type) || p === current);
  });
  // Landing on the centre itself (no page chosen yet) shows every entry at once.
  const [menuOpen, setMenuOpen] = useState(page === undefined);
  const Page = built[current];
  if (!pages.includes(current) || !Page || (flags && flagOff(current))) return <NotFoundPage />;
  // The server refuses agent data to non-agents; the site says what the agent centre is and how to become one.
  if (area === 'agent' && me && !me.isAgent) return <ForAgentsOnly />;
  return (
    <div className="centre">
      <nav className={clsx('centre__menu', menuOpen && 'centre__menu--open')} aria-labelledby="centre-title">
        <h2 id="centre-title" className="centre__title">
          {t(`centre.${area}.title`)}
        </h2>
        <button
          type="button"
          className="centre__toggle"
          aria-expanded={menuOpen}
          aria-controls="centre-pages"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="centre__toggle-current">{t(`centre.${area}.${current}`)}</span>
          <span className="centre__toggle-all">
            {t('centre.allPages')} <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
          </span>
        </button>
        <ul id="centre-pages">
          {menu.map((p) => (
            <li key={p}>
              <Link
                to={`/${area}/${p}`}
                aria-current={p === current ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {t(`centre.${area}.${p}`)}
                <Badge count={badges[p] ?? 0} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="centre__content">
        <Suspense fallback={<Splash />}>
          <Page />
        </Suspense>
      </div>
    </div>
  );
}

/** The unread count beside a menu entry (nothing when there is none). */
function Badge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="centre__badge">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only"> ({t('centre.unread', { count })})</span>
    </span>
  );
}

/** A logged-in member who is not an agent opened an agent page: what it is for, and the ways to become an agent. */
function ForAgentsOnly() {
  const { t } = useTranslation();
  const { customerServiceUrl } = useSystemStatus();
  return (
    <section className="page-message" aria-labelledby="page-title">
      <h1 id="page-title">{t('centre.agent.title')}</h1>
      <p role="status">{t('centre.agentOnly.text')}</p>
      <p>{t('centre.agentOnly.how')}</p>
      <div className="form__actions">
        {customerServiceUrl && (
          <a className="btn btn--primary" href={customerServiceUrl}>
            {t('centre.agentOnly.join')}
          </a>
        )}
        <Link className="btn btn--ghost" to="/member">
          {t('centre.agentOnly.back')}
        </Link>
      </div>
    </section>
  );
}

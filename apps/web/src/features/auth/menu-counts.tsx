import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../api/messages.ts';
import { useRewardSummary } from '../../api/rewards.ts';

export interface MenuCounts {
  messages: number;
  rewards: number;
}

/**
 * The header menu's counts, from the server: unread member messages and claimable rewards. The pushed `messages`
 * event sets the first, the `rewards` event re-reads the second (api/realtime.ts); the queries are the member
 * centre's own, so both places always agree. Trial accounts have neither.
 */
export function useMenuCounts(enabled: boolean): MenuCounts {
  const messages = useUnreadMessages(enabled).data?.unreadCount ?? 0;
  const rewards = useRewardSummary(enabled).data?.rewards ?? 0;
  return { messages: enabled ? messages : 0, rewards: enabled ? rewards : 0 };
}

/** A count beside a menu entry: the number shown, its meaning read out; nothing at zero. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only"> ({label})</span>
    </span>
  );
}

/** The dot on the menu button and the account name: how many things wait in all (decorative; entries say which). */
export function CountDot({ counts }: { counts: MenuCounts }) {
  const { t } = useTranslation();
  const total = counts.messages + counts.rewards;
  if (total <= 0) return null;
  return (
    <span className="count-dot" title={t('auth.waiting', { count: total })} aria-hidden="true">
      {total > 99 ? '99+' : total}
    </span>
  );
}

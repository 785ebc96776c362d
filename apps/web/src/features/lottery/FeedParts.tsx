import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { FeedGameHead, LotteryBoard } from '../../api/lottery.ts';

/** A draw's prize board: VN special … G7/G8 (the special prize highlighted), Thai and 4D prizes, in order. */
export function BoardView({ board, compact }: { board: LotteryBoard; compact?: boolean }) {
  const { t } = useTranslation();
  const rows = compact ? board.slice(0, 1) : board;
  return (
    <table className={clsx('lot-board', compact && 'lot-board--compact')} data-testid="prize-board">
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.prize} className={clsx(i === 0 && 'lot-board__top')}>
            <th scope="row">{t(`lottery.feed.prizes.${r.prize}`)}</th>
            <td>
              {r.numbers.map((n, j) => (
                <span key={j} className="lot-board__num">
                  {n}
                </span>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "Every day" / "Mon, Sat" / "Days 1, 16 of the month" and the local draw time. */
export function useScheduleText() {
  const { t } = useTranslation();
  return (g: Pick<FeedGameHead, 'weekdays' | 'monthDays' | 'drawTime' | 'timezone'>) => {
    const names = t('lottery.feed.weekdays', { returnObjects: true }) as unknown as string[];
    const days =
      g.weekdays && g.weekdays.length === 7
        ? t('lottery.feed.daily')
        : g.weekdays
          ? g.weekdays.map((d) => names[d] ?? String(d)).join(', ')
          : t('lottery.feed.monthDays', { days: (g.monthDays ?? []).join(', ') });
    return `${days} · ${t('lottery.feed.drawsAt', { time: g.drawTime, zone: g.timezone })}`;
  };
}

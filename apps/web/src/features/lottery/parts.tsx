import { clsx } from 'clsx';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryKind } from '../../api/lottery.ts';
import { formatCountdown, type IssuePhase } from './clock.ts';

const PIPS: Record<number, number[]> = {
  1: [5],
  2: [1, 9],
  3: [1, 5, 9],
  4: [1, 3, 7, 9],
  5: [1, 3, 5, 7, 9],
  6: [1, 3, 4, 6, 7, 9],
};

/** One die face (1–6) as pips on a 3×3 grid. */
export function Die({ face, small }: { face: number; small?: boolean }) {
  return (
    <span className={clsx('lot-die', small && 'lot-die--small')} role="img" aria-label={String(face)}>
      {Array.from({ length: 9 }, (_, i) => (
        <span key={i} className={clsx('lot-die__pip', PIPS[face]?.includes(i + 1) && 'lot-die__pip--on')} />
      ))}
    </span>
  );
}

/** A draw result: balls for 5 digits, dice for k3; `reveal` plays the short reveal animation. */
export function ResultView({
  kind,
  result,
  small,
  reveal,
}: {
  kind: LotteryKind;
  result: readonly number[];
  small?: boolean;
  reveal?: boolean;
}) {
  return (
    <span className={clsx('lot-result', reveal && 'lot-result--reveal')} aria-label={result.join(' ')}>
      {result.map((d, i) =>
        kind === 'k3' ? (
          <span key={i} className="lot-result__item" style={{ animationDelay: `${i * 120}ms` }}>
            <Die face={d} small={small} />
          </span>
        ) : (
          <span
            key={i}
            className={clsx('lot-ball', small && 'lot-ball--small', 'lot-result__item')}
            style={{ animationDelay: `${i * 120}ms` }}
            aria-hidden="true"
          >
            {d}
          </span>
        ),
      )}
    </span>
  );
}

const NEXT_KEYS: Record<string, 1 | -1 | 'first' | 'last'> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

/**
 * A tab list's or radio group's keys (the ARIA patterns): arrows (wrapping), Home and End move to the next item and
 * select it. Only the selected item is in the Tab order: give it tabIndex 0 and the others −1 (`rovingTab`).
 */
export function onArrowKeys(e: KeyboardEvent<HTMLElement>): void {
  const move = NEXT_KEYS[e.key];
  if (move === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"], [role="radio"]'));
  const at = items.indexOf(e.target as HTMLElement);
  if (at < 0) return;
  const next = move === 'first' ? 0 : move === 'last' ? items.length - 1 : (at + move + items.length) % items.length;
  e.preventDefault();
  items[next]!.focus();
  items[next]!.click();
}

export const rovingTab = (selected: boolean) => (selected ? 0 : -1);

/** The issue's countdown: fixed-width digits, so the page does not move as it ticks; "2d 04:09:55" past a day. */
export function Countdown({ phase }: { phase: IssuePhase }) {
  const { t } = useTranslation();
  return (
    <span className={clsx('lot-countdown', `lot-countdown--${phase.phase}`)} role="timer" aria-live="off">
      <span className="lot-countdown__label">
        {phase.phase === 'open'
          ? t('lottery.closesIn')
          : phase.phase === 'closed'
            ? t('lottery.drawsIn')
            : t('lottery.drawing')}
      </span>
      <span className="lot-countdown__time">
        {phase.phase === 'drawing'
          ? '--:--'
          : phase.seconds >= 86_400
            ? t('lottery.daysAnd', {
                count: Math.floor(phase.seconds / 86_400),
                time: formatCountdown(phase.seconds % 86_400).padStart(8, '0'),
              })
            : formatCountdown(phase.seconds)}
      </span>
    </span>
  );
}

/** "every 3 minutes" / "every 45 seconds". */
export function useIntervalText() {
  const { t } = useTranslation();
  return (seconds: number) =>
    t('lottery.every', {
      interval:
        seconds % 60 === 0 ? t('lottery.minutes', { count: seconds / 60 }) : t('lottery.seconds', { count: seconds }),
    });
}

export { betTypeName } from '../../lib/lottery-bet-name.ts';

import type { BaccaratMyBet, BaccaratSpot, BaccaratTableSummary } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../money.ts';

const SPOTS: BaccaratSpot[] = ['playerPair', 'tie', 'bankerPair', 'player', 'banker'];

/** The bet spots: what each pays, the table's total on it and the member's own stake; a click bets the chip. */
export function BetSpots(props: {
  table: BaccaratTableSummary;
  myBets: BaccaratMyBet[];
  exponent: number;
  open: boolean;
  busy: boolean;
  onBet: (spot: BaccaratSpot) => void;
}) {
  const { t } = useTranslation('baccarat');
  const money = { exponent: props.exponent };
  const winner = props.table.round?.result;
  const wins = (spot: BaccaratSpot) =>
    !!winner &&
    ((spot === 'player' && winner.winner === 'player') ||
      (spot === 'banker' && winner.winner === 'banker') ||
      (spot === 'tie' && winner.winner === 'tie') ||
      (spot === 'playerPair' && winner.playerPair) ||
      (spot === 'bankerPair' && winner.bankerPair));
  return (
    <div className="bac-spots">
      {SPOTS.map((spot) => {
        const mine = props.myBets
          .filter((b) => b.spot === spot && b.status !== 'refused' && b.status !== 'refunded')
          .reduce((s, b) => s + BigInt(b.amount), 0n);
        const total = BigInt(props.table.round?.totals[spot] ?? '0');
        const pays =
          spot === 'banker' && props.table.variant === 'no-commission' ? t('pays.bankerNc') : t(`pays.${spot}`);
        return (
          <button
            key={spot}
            type="button"
            className={`bac-spot bac-spot--${spot}${wins(spot) ? ' bac-spot--win' : ''}`}
            disabled={!props.open || props.busy}
            onClick={() => props.onBet(spot)}
            aria-label={`${t(`spot.${spot}`)} ${pays}${mine ? `, ${t('mine', { amount: formatMinor(money, mine) })}` : ''}`}
          >
            <span className="bac-spot__name">{t(`spot.${spot}`)}</span>
            <span className="bac-spot__pays">{pays}</span>
            <span className="bac-spot__total">{t('total', { amount: formatMinor(money, total) })}</span>
            {mine > 0n && <span className="bac-spot__mine">{t('mine', { amount: formatMinor(money, mine) })}</span>}
          </button>
        );
      })}
    </div>
  );
}

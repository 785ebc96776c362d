import { formatMoney } from '@sea/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { useWinners } from '../../api/winners.ts';
import { GameIcon } from '../../components/games/GameIcon.tsx';
import { QueryState, useDeferredQuery } from '../../components/QueryState.tsx';

/**
 * The latest winners (spec: limit 20, cached in session; names masked by the server, amounts as real settled
 * wins). The home loads it near view (its own chunk), inside the board's section.
 */
export default function WinnersBoard() {
  const { t } = useTranslation();
  const winners = useDeferredQuery(useWinners());
  return (
    <QueryState query={winners} isEmpty={(d) => d.winners.length === 0} empty={t('games.noWinners')}>
      {(board) => (
        <ol className="winners__list">
          {board.winners.map((w, i) => (
            <li key={`${w.at}-${i}`} className="winners__item">
              <GameIcon src={w.iconUrl} className="winners__icon" />
              <span className="winners__who">
                <span className="winners__name">{w.customerName}</span>
                <span className="winners__game">{w.gameName}</span>
              </span>
              <span className="winners__amount">
                {formatMoney(w.winAmount, board.exponent)} <small>{board.currency}</small>
              </span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

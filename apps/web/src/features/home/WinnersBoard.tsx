import { formatMoney } from '@sea/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { useWinners } from '../../api/games.ts';
import { GameIcon } from '../../components/games/GameIcon.tsx';
import { QueryState, useDeferredQuery } from '../../components/QueryState.tsx';

/** Latest winners (spec: limit 20; names masked by the server, amounts as real settled wins). */
export function WinnersBoard() {
  const { t } = useTranslation();
  const winners = useDeferredQuery(useWinners());
  return (
    <section aria-labelledby="home-winners" className="home__section winners">
      <h2 id="home-winners">{t('games.winners')}</h2>
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
    </section>
  );
}

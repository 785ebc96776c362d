import { formatMoney } from '@sea/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { useWinners } from '../../api/winners.ts';
import { GameIcon } from '../../components/games/GameIcon.tsx';
import { useDeferredQuery } from '../../components/QueryState.tsx';

/**
 * The latest winners (spec: limit 20, cached in session; names masked by the server, amounts as real settled
 * wins). The home loads it near view (its own chunk); the whole block, heading included, shows only once real
 * rounds have won something: no empty panel on a fresh site, nothing while it loads or when the call fails.
 */
export default function WinnersBoard() {
  const { t } = useTranslation();
  const board = useDeferredQuery(useWinners()).data;
  if (!board || board.winners.length === 0) return null;
  return (
    <section aria-labelledby="home-winners" className="home__section winners">
      <h2 id="home-winners">{t('games.winners')}</h2>
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
    </section>
  );
}

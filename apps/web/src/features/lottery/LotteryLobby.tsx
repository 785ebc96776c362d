import type { GameItem } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameList } from '../../api/games.ts';
import { type LotteryLobbyGame, useLotteryLobby } from '../../api/lottery.ts';
import { GameCard, GameCards } from '../../components/games/GameCard.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { OWN_LOTTERY_VENDOR } from '../../lib/game-routes.ts';
import { clockOffset, issuePhase, useServerNow } from './clock.ts';
import { Countdown, ResultView, useIntervalText } from './parts.tsx';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

/** Vendors' lottery games shown in the lobby (one page: a vendor rarely has more). */
const VENDOR_GAMES = 24;

/**
 * /lottery, the lottery centre (top navigation "Lottery"): our fast draws (each with its current issue, a live
 * countdown and the last result), the Vietnamese and the SEA (Thai, 4D) menus, then the vendors' lotteries, whose
 * cards start their games.
 */
export default function LotteryLobby() {
  const { t } = useTranslation();
  const query = useLotteryLobby();
  const offset = query.data ? clockOffset(query.data.serverTime, query.dataUpdatedAt) : 0;
  return (
    <section className="lottery" aria-labelledby="page-title">
      <h1 id="page-title">{t('lottery.lobbyTitle')}</h1>
      <p className="lottery__intro">{t('lottery.lobbyIntro')}</p>
      <section className="lottery__part" aria-labelledby="lot-fast">
        <h2 id="lot-fast">{t('lottery.fastTitle')}</h2>
        <QueryState query={query} isEmpty={(d) => d.games.length === 0} empty={t('lottery.empty')}>
          {(lobby) => (
            <ul className="lot-lobby" data-testid="lottery-lobby">
              {lobby.games.map((g) => (
                <LobbyCard key={g.gameCode} game={g} offset={offset} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section className="lottery__part" aria-labelledby="lot-menus">
        <h2 id="lot-menus">{t('lottery.drawsTitle')}</h2>
        <ul className="lot-menus">
          {(['vn', 'sea'] as const).map((m) => (
            <li key={m} className={`lot-menu lot-menu--${m}`}>
              <Link to={m === 'vn' ? '/vnLottery' : '/seaLottery'} className="lot-menu__link">
                <span className="lot-menu__title">{t(`lottery.feed.${m}Title`)}</span>
                <span className="lot-menu__text">{t(`lottery.feed.${m}Intro`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <VendorLotteries />
    </section>
  );
}

/** The other vendors' lottery games (categories LOTT and ELOTT, our own SEA games excepted): each card starts its game. */
function VendorLotteries() {
  const { t } = useTranslation();
  const lott = useGameList({ gameType: 'LOTT', pageNo: 1, pageSize: VENDOR_GAMES });
  const elott = useGameList({ gameType: 'ELOTT', pageNo: 1, pageSize: VENDOR_GAMES });
  const games: GameItem[] = [...(lott.data?.content ?? []), ...(elott.data?.content ?? [])].filter(
    (g) => g.vassalage !== OWN_LOTTERY_VENDOR,
  );
  if (games.length === 0) return null;
  return (
    <section className="lottery__part" aria-labelledby="lot-vendors">
      <h2 id="lot-vendors">{t('lottery.vendorsTitle')}</h2>
      <GameCards>
        <ul className="game-grid" data-testid="vendor-lotteries">
          {games.map((g) => (
            <li key={g.nodeId}>
              <GameCard game={g} />
            </li>
          ))}
        </ul>
      </GameCards>
    </section>
  );
}

function LobbyCard({ game, offset }: { game: LotteryLobbyGame; offset: number }) {
  const { t } = useTranslation();
  const now = useServerNow(offset);
  const every = useIntervalText();
  const titleId = `lot-${game.gameCode}`;
  return (
    <li className="lot-card" aria-labelledby={titleId}>
      <div className="lot-card__head">
        <h2 id={titleId} className="lot-card__name">
          <Link to={`/lottery/${encodeURIComponent(game.gameCode)}`}>{game.name}</Link>
        </h2>
        <span className="lot-card__kind">{t(`lottery.kinds.${game.kind}`)}</span>
      </div>
      <p className="lot-card__every">{every(game.intervalSeconds)}</p>
      <div className="lot-card__issue">
        {game.current ? (
          <>
            <span className="lot-card__id">{t('lottery.issue', { id: game.current.issueId })}</span>
            <Countdown phase={issuePhase(game.current, now)} />
          </>
        ) : (
          <span className="field__hint">{t('lottery.noIssue')}</span>
        )}
      </div>
      <div className="lot-card__last">
        <span className="lot-card__label">
          {game.last ? t('lottery.issue', { id: game.last.issueId }) : t('lottery.lastResult')}
        </span>
        {game.last ? (
          <ResultView kind={game.kind} result={game.last.result} small />
        ) : (
          <span className="field__hint">{t('lottery.noResult')}</span>
        )}
      </div>
      <Link className="btn btn--primary lot-card__play" to={`/lottery/${encodeURIComponent(game.gameCode)}`}>
        {t('lottery.play')}
      </Link>
    </li>
  );
}

import type { GameItem } from '@sea/contracts';
import { clsx } from 'clsx';
import { createContext, type ReactNode, useContext, useMemo, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFavouriteIds, useToggleFavourite } from '../../api/games.ts';
import { useWhitelabel } from '../../api/system.ts';
import { startGame } from '../../state/game-launch.ts';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { lotteryPathOf } from '../../lib/game-routes.ts';
import { GameIcon } from './GameIcon.tsx';
import './games-ui.css';

/** Spec §9: the favourite toggle runs at most once per second. */
export const FAVOURITE_THROTTLE_MS = 1000;

/**
 * A game card (spec §2): start now, free trial (only when the game offers one and FREEPLAY3 is on), favourite
 * heart, name; the icon falls back to the default image; a game in maintenance shows a badge and cannot start.
 */
export function GameCard({ game }: { game: GameItem }) {
  // Inside a GameCards list the shared state comes from it; a card on its own reads it itself.
  return useContext(Shared) ? (
    <Card game={game} />
  ) : (
    <GameCards>
      <Card game={game} />
    </GameCards>
  );
}

/** What every card of a list shares: the free-trial flag (FREEPLAY3) and the member's favourite game ids. */
interface SharedState {
  freeTrialOn: boolean;
  favouriteIds: readonly string[];
}
const Shared = createContext<SharedState | null>(null);

/**
 * The cards of a list (a home row, a game centre's grid) read the whitelabel flags and the favourites through one
 * pair of queries, not two per card; the value changes only when the flag or the ids do, so the whitelabel call's
 * answer re-renders no card while the home starts.
 */
export function GameCards({ children }: { children: ReactNode }) {
  const freeTrialOn = useWhitelabel().data?.FREEPLAY3 === true;
  const ids = useFavouriteIds();
  const key = ids.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' content, not the array's identity
  const favouriteIds = useMemo(() => ids, [key]);
  const value = useMemo(() => ({ freeTrialOn, favouriteIds }), [freeTrialOn, favouriteIds]);
  return <Shared.Provider value={value}>{children}</Shared.Provider>;
}

// The card's parts take its `t`: one i18n subscription per card, not three (a home row renders dozens of cards).
function Card({ game }: { game: GameItem }) {
  const { t } = useTranslation();
  const shared = useContext(Shared)!;
  const freeTrial = game.supportPlay === 0 && shared.freeTrialOn;
  const titleId = `game-${game.nodeId}-name`;
  return (
    <article className={clsx('game-card', game.maintenance && 'game-card--maintenance')} aria-labelledby={titleId}>
      <div className="game-card__art">
        <GameIcon src={game.iconUrl} className="game-card__icon" name={game.displayName} />
        {game.maintenance && <span className="game-card__badge">{t('games.maintenance')}</span>}
        {!game.maintenance && game.hot && (
          <span className="game-card__badge game-card__badge--hot">{t('games.hot')}</span>
        )}
        <FavouriteHeart game={game} t={t} />
      </div>
      <h3 id={titleId} className="game-card__name">
        {game.displayName}
      </h3>
      <p className="game-card__vendor">{game.vendorName}</p>
      <div className="game-card__actions">
        {lotteryPathOf(game) ? (
          <LotteryStart game={game} titleId={titleId} t={t} />
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            disabled={game.maintenance}
            aria-describedby={titleId}
            onClick={() => startGame({ nodeId: game.nodeId, name: game.displayName, vendorCode: game.vassalage })}
          >
            {t('games.start')}
          </button>
        )}
        {freeTrial && !lotteryPathOf(game) && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={game.maintenance}
            aria-describedby={titleId}
            onClick={() =>
              startGame({ nodeId: game.nodeId, name: game.displayName, vendorCode: game.vassalage, freePlay: true })
            }
          >
            {t('games.freeTrial')}
          </button>
        )}
      </div>
    </article>
  );
}

/** Our fast lottery games open their own page (/lottery/<gameCode>, login required) instead of the game popup. */
function LotteryStart({ game, titleId, t }: { game: GameItem; titleId: string; t: TFunction }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn--primary"
      disabled={game.maintenance}
      aria-describedby={titleId}
      onClick={() => {
        if (!useSession.getState().isLogin) useUi.getState().open('login');
        else void navigate(lotteryPathOf(game)!);
      }}
    >
      {t('games.start')}
    </button>
  );
}

/** The favourite heart: login needed; clicks within a second of the last one are ignored (spec §4, §9). */
function FavouriteHeart({ game, t }: { game: GameItem; t: TFunction }) {
  const isLogin = useSession((s) => s.isLogin);
  const ids = useContext(Shared)!.favouriteIds;
  const favourite = useToggleFavourite();
  const last = useRef(-Infinity);
  const on = favourite.pending ?? ids.includes(game.nodeId);
  return (
    <button
      type="button"
      className={clsx('game-card__heart', on && 'game-card__heart--on')}
      aria-pressed={on}
      aria-label={t('games.favourite', { name: game.displayName })}
      onClick={() => {
        if (!isLogin) {
          useUi.getState().open('login');
          return;
        }
        const now = Date.now();
        if (now - last.current < FAVOURITE_THROTTLE_MS) return;
        last.current = now;
        favourite.toggle(game, !on);
      }}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
    </button>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FeedKind, type FeedLobby as Lobby, useFeedLobby } from '../../api/lottery.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { clockOffset, issuePhase, useServerNow } from './clock.ts';
import { BoardView, useScheduleText } from './FeedParts.tsx';
import { Countdown } from './parts.tsx';
import './lottery.css';
import '../../i18n/areas/lottery.ts';

type Game = Lobby['games'][number];

/** The path of a feed game's page (under the page of its menu). */
export const feedGamePath = (g: { kind: FeedKind; gameCode: string }) =>
  `/${g.kind === 'vn' ? 'vnLottery' : 'seaLottery'}/${encodeURIComponent(g.gameCode)}`;

/**
 * /vnLottery (VN games by region and station) and /seaLottery (Thai, 4D): each game with its draw days, the next
 * draw's countdown and the last result.
 */
export default function FeedLobby({ menu }: { menu: 'vnLottery' | 'seaLottery' }) {
  const { t } = useTranslation();
  const query = useFeedLobby(menu === 'vnLottery' ? 'vn' : undefined);
  const offset = query.data ? clockOffset(query.data.serverTime, query.dataUpdatedAt) : 0;
  const title = menu === 'vnLottery' ? 'vn' : 'sea';
  return (
    <section className="lottery" aria-labelledby="page-title">
      <h1 id="page-title">{t(`lottery.feed.${title}Title`)}</h1>
      <p className="lottery__intro">{t(`lottery.feed.${title}Intro`)}</p>
      <QueryState query={query} isEmpty={(d) => d.games.length === 0} empty={t('lottery.empty')}>
        {(lobby) => {
          const games = menu === 'vnLottery' ? lobby.games : lobby.games.filter((g) => g.kind !== 'vn');
          const groups =
            menu === 'vnLottery'
              ? (['MB', 'MN', 'MT'] as const).map((r) => ({
                  key: r,
                  title: t(`lottery.feed.regions.${r}`),
                  games: games.filter((g) => g.region === r),
                }))
              : (['thai', '4d'] as const).map((k) => ({
                  key: k,
                  title: t(`lottery.feed.kinds.${k}`),
                  games: games.filter((g) => g.kind === k),
                }));
          return (
            <div data-testid="feed-lobby">
              {groups
                .filter((gr) => gr.games.length > 0)
                .map((gr) => (
                  <section key={gr.key} className="lot-region" aria-labelledby={`region-${gr.key}`}>
                    <h2 id={`region-${gr.key}`} className="lot-region__title">
                      {gr.title}
                    </h2>
                    <ul className="lot-lobby">
                      {gr.games.map((g) => (
                        <FeedCard key={g.gameCode} game={g} offset={offset} />
                      ))}
                    </ul>
                  </section>
                ))}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}

function FeedCard({ game, offset }: { game: Game; offset: number }) {
  const { t } = useTranslation();
  const now = useServerNow(offset);
  const schedule = useScheduleText();
  const titleId = `lot-${game.gameCode}`;
  const path = feedGamePath(game);
  return (
    <li className="lot-card" aria-labelledby={titleId}>
      <div className="lot-card__head">
        <h3 id={titleId} className="lot-card__name">
          <Link to={path}>{game.name}</Link>
        </h3>
        <span className="lot-card__kind">{game.station}</span>
      </div>
      <p className="lot-card__every">{schedule(game)}</p>
      {game.source === 'simulated' && <p className="lot-card__demo">{t('lottery.feed.simulated')}</p>}
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
          <BoardView board={game.last.board} compact />
        ) : (
          <span className="field__hint">{t('lottery.noResult')}</span>
        )}
      </div>
      <Link className="btn btn--primary lot-card__play" to={path}>
        {t('lottery.play')}
      </Link>
    </li>
  );
}

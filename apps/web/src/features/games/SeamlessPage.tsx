import { GAME_PAGE_SIZE } from '@sea/contracts/game-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useFavouriteGames, useRecentGames } from '../../api/games.ts';
import { errorText } from '../../components/error-text.ts';
import { GameCard, GameCards } from '../../components/games/GameCard.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { useSession } from '../../state/session.ts';
import { useUi } from '../../state/ui.ts';
import { useLaunch } from './use-launch.ts';
import './games.css';

/**
 * /seamless, the game page: with ?nodeId= (and &freePlay=1) the game fills the page (links from the app and
 * other sites); without, the member's own games — favourites and recently played.
 */
export default function SeamlessPage() {
  const [params] = useSearchParams();
  const nodeId = params.get('nodeId');
  const isLogin = useSession((s) => s.isLogin);
  if (!isLogin) return <LoginNeeded />;
  if (nodeId && /^\d{1,18}$/.test(nodeId))
    return <FullPageGame nodeId={nodeId} freePlay={params.get('freePlay') === '1'} />;
  return <MyGames />;
}

function LoginNeeded() {
  const { t } = useTranslation();
  return (
    <section className="game-centre" aria-labelledby="page-title">
      <h1 id="page-title">{t('pages.seamless')}</h1>
      <p>{t('games.loginToPlay')}</p>
      <button type="button" className="btn btn--primary" onClick={() => useUi.getState().open('login')}>
        {t('header.login')}
      </button>
    </section>
  );
}

function FullPageGame({ nodeId, freePlay }: { nodeId: string; freePlay: boolean }) {
  const { t } = useTranslation();
  const [seq] = useState(() => Date.now());
  const launch = useLaunch({ nodeId, freePlay, seq });
  const needsLogin = launch.error instanceof ApiError && launch.error.code === 'unauthorized';
  useEffect(() => {
    if (needsLogin) useUi.getState().open('login');
  }, [needsLogin]);
  const title = launch.data ? `${launch.data.displayName} · ${launch.data.vendorName}` : t('pages.seamless');
  return (
    <section className="seamless" aria-labelledby="page-title">
      <div className="seamless__head">
        <h1 id="page-title">{title}</h1>
        <Link className="btn btn--ghost" to="/seamless">
          {t('games.myGames')}
        </Link>
      </div>
      {launch.data ? (
        <iframe
          className="seamless__frame"
          src={launch.data.url}
          title={launch.data.displayName}
          allow="autoplay; fullscreen"
          allowFullScreen
        />
      ) : launch.isError ? (
        <p role="alert" className="query-state query-state--error">
          {errorText(t, launch.error)}
        </p>
      ) : (
        <p role="status" className="query-state">
          <span className="spinner" aria-hidden="true" /> {t('games.launching')}
        </p>
      )}
    </section>
  );
}

function MyGames() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const favourites = useFavouriteGames(pageNo, GAME_PAGE_SIZE);
  const recent = useRecentGames();
  return (
    <section className="game-centre" aria-labelledby="page-title">
      <h1 id="page-title">{t('games.myGames')}</h1>
      <section aria-labelledby="fav-title" className="game-centre__part">
        <h2 id="fav-title">{t('games.favourites')}</h2>
        <QueryState query={favourites} isEmpty={(d) => d.content.length === 0} empty={t('games.noFavourites')}>
          {(data) => (
            <>
              <GameCards>
                <ul className="game-grid">
                  {data.content.map((g) => (
                    <li key={g.nodeId}>
                      <GameCard game={g} />
                    </li>
                  ))}
                </ul>
              </GameCards>
              {data.totalPages > 1 && (
                <Pager page={data.pageNum} pages={data.totalPages} onPage={setPageNo} label={t('games.pagination')} />
              )}
            </>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="recent-title" className="game-centre__part">
        <h2 id="recent-title">{t('games.recent')}</h2>
        <QueryState query={recent} isEmpty={(d) => d.length === 0} empty={t('games.noRecent')}>
          {(games) => (
            <GameCards>
              <ul className="game-grid">
                {games.map((g) => (
                  <li key={g.nodeId}>
                    <GameCard game={g} />
                  </li>
                ))}
              </ul>
            </GameCards>
          )}
        </QueryState>
      </section>
    </section>
  );
}

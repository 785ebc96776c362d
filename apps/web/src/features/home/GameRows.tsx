import type { GameItem, PopularRow } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHotGames, usePopularGames } from '../../api/games.ts';
import { GameCard } from '../../components/games/GameCard.tsx';
import { VendorTile } from '../../components/games/VendorTile.tsx';
import { QueryState, useDeferredQuery } from '../../components/QueryState.tsx';
import { navKeyOfCategory, routeOfCategory } from '../../lib/game-routes.ts';

/** Hot games on the home page: one row, the rest on /hot. */
const HOT_ROW = 6;

function Row({ id, title, more, children }: { id: string; title: string; more: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="home__section game-row">
      <div className="game-row__head">
        <h2 id={id}>{title}</h2>
        <Link to={more} className="game-row__more" aria-label={t('games.moreOf', { name: title })}>
          {t('games.more')}
        </Link>
      </div>
      {children}
    </section>
  );
}

function Cards({ games }: { games: GameItem[] }) {
  return (
    <ul className="game-grid game-grid--row">
      {games.map((g) => (
        <li key={g.nodeId}>
          <GameCard game={g} />
        </li>
      ))}
    </ul>
  );
}

export function HotGamesRow() {
  const { t } = useTranslation();
  const hot = useDeferredQuery(useHotGames());
  if (hot.data?.length === 0) return null;
  return (
    <Row id="home-hot" title={t('nav.hot')} more="/hot">
      <QueryState query={hot}>{(games) => <Cards games={games.slice(0, HOT_ROW)} />}</QueryState>
    </Row>
  );
}

/** Spec §2: home game rows of 6 games per category; sports as 3 vendor tiles. */
export function CategoryRows() {
  const popular = useDeferredQuery(usePopularGames());
  return (
    <QueryState query={popular}>
      {(rows) => (
        <>
          {rows.map((row) => (
            <CategoryRow key={row.gameCategory} row={row} />
          ))}
        </>
      )}
    </QueryState>
  );
}

function CategoryRow({ row }: { row: PopularRow }) {
  const { t } = useTranslation();
  const title = t(`nav.${navKeyOfCategory(row.gameCategory)}`);
  const id = `home-row-${row.gameCategory.toLowerCase()}`;
  return (
    <Row id={id} title={title} more={`/${routeOfCategory(row.gameCategory)}`}>
      {row.gameCategory === 'SPORTS' ? (
        <ul className="vendor-grid">
          {row.vendors.map((v) => (
            <li key={v.vassalage}>
              <VendorTile vendor={v} />
            </li>
          ))}
        </ul>
      ) : (
        <Cards games={row.games} />
      )}
    </Row>
  );
}

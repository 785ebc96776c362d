import type { GameItem, PopularRow } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHotGames, usePopularGames } from '../../api/games.ts';
import { GameCard } from '../../components/games/GameCard.tsx';
import { QueryState, useDeferredQuery } from '../../components/QueryState.tsx';
import { useRevealCount } from '../../components/reveal.ts';
import { centrePathOf, navKeyOfCategory } from '../../lib/game-routes.ts';

/** Hot games on the home page: one row, the rest on /hot. */
const HOT_ROW = 6;
/** The lottery row holds both lottery categories' games (LOTT and ELOTT), so it may hold more than one row's 6. */
const LOTTERY_ROW = 8;

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

/**
 * The rows of one title each: LOTT and ELOTT (both "Lottery") become one row, our own draws first, then the
 * vendors' lotteries.
 */
export function mergeRows(rows: PopularRow[]): PopularRow[] {
  const merged: PopularRow[] = [];
  for (const row of rows) {
    const same = merged.find((m) => navKeyOfCategory(m.gameCategory) === navKeyOfCategory(row.gameCategory));
    if (!same) {
      merged.push(row);
      continue;
    }
    const games = row.gameCategory === 'ELOTT' ? [...row.games, ...same.games] : [...same.games, ...row.games];
    const vendors = [
      ...same.vendors,
      ...row.vendors.filter((v) => !same.vendors.some((s) => s.vassalage === v.vassalage)),
    ];
    merged[merged.indexOf(same)] = { ...same, gameCategory: 'ELOTT', games: games.slice(0, LOTTERY_ROW), vendors };
  }
  return merged;
}

/** Spec §2: home game rows of 6 games per category (one Lottery row); sports as a showcase of its vendors. */
export function CategoryRows() {
  const popular = useDeferredQuery(usePopularGames());
  return <QueryState query={popular}>{(rows) => <RevealedRows rows={mergeRows(rows)} />}</QueryState>;
}

/**
 * The rows one commit each (components/reveal.ts): the first with the data, each next one after the previous has
 * painted. They lie below the first row, so nothing on screen moves; committed together, the rows' ≈ 40 cards were
 * one long task of the home's start and one long layout after it.
 */
function RevealedRows({ rows }: { rows: PopularRow[] }) {
  const shown = useRevealCount(rows.length);
  return (
    <>
      {rows.slice(0, shown).map((row) => (
        <CategoryRow key={row.gameCategory} row={row} />
      ))}
    </>
  );
}

function CategoryRow({ row }: { row: PopularRow }) {
  const { t } = useTranslation();
  const title = t(`nav.${navKeyOfCategory(row.gameCategory)}`);
  const id = `home-row-${row.gameCategory.toLowerCase()}`;
  if (row.gameCategory === 'SPORTS' && row.games.length === 0) return <SportsShowcase id={id} row={row} />;
  return (
    <Row id={id} title={title} more={centrePathOf(row.gameCategory)}>
      <Cards games={row.games} />
    </Row>
  );
}

/**
 * Sports: its vendors' books as wide cards (a sportsbook opens on its match list, not on one game), each opening
 * the sports centre on that vendor, where its books start from their cards.
 */
function SportsShowcase({ id, row }: { id: string; row: PopularRow }) {
  const { t } = useTranslation();
  return (
    <Row id={id} title={t('nav.sports')} more="/sports">
      <ul className="sports-books">
        {row.vendors.map((v) => (
          <li key={v.vassalage}>
            <Link className="sports-book" to={`/sports?vendor=${encodeURIComponent(v.vassalage)}`}>
              <span className="sports-book__art" aria-hidden="true" />
              <span className="sports-book__text">
                <span className="sports-book__name">{v.displayName}</span>
                <span className="sports-book__lead">{t('home.sportsLead')}</span>
              </span>
              <span className="sports-book__cta">{t('home.sportsCta')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Row>
  );
}

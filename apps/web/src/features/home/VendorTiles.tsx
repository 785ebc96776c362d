import type { VendorTile as Tile } from '@sea/contracts';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../../api/games.ts';
import { GameIcon } from '../../components/games/GameIcon.tsx';
import { routeOfCategory } from '../../lib/game-routes.ts';

/** Our game providers: one tile per vendor, opening its games (the centre of its first category, filtered). */
export function VendorTiles() {
  const { t } = useTranslation();
  // Deferred like the game rows (useDeferredQuery): the tiles render in a background render split into short tasks.
  const menus = useDeferredValue(useGameMenus().data);
  const vendors = new Map<string, { tile: Tile; to: string }>();
  for (const m of menus ?? [])
    for (const v of m.vendors)
      if (!vendors.has(v.vassalage))
        vendors.set(v.vassalage, { tile: v, to: `/${routeOfCategory(m.gameCategory)}?vendor=${v.vassalage}` });
  if (vendors.size === 0) return null;
  return (
    <section aria-labelledby="home-vendors" className="home__section">
      <h2 id="home-vendors">{t('games.providers')}</h2>
      <ul className="vendor-grid">
        {[...vendors.values()].map(({ tile, to }) => (
          <li key={tile.vassalage}>
            <Link to={to} className="vendor-tile">
              <GameIcon src={tile.lagerIcon} className="vendor-tile__logo" />
              <span className="vendor-tile__name">{tile.displayName}</span>
              {tile.maintenance && <span className="vendor-tile__badge">{t('games.maintenance')}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

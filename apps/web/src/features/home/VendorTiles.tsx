import type { VendorTile as Tile } from '@sea/contracts';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../../api/games.ts';
import { VendorTile } from '../../components/games/VendorTile.tsx';
import { isOwnLotteryVendor, OWN_LOTTERY_PATH } from '../../lib/game-routes.ts';

/**
 * Our game providers: one tile per vendor that launches the vendor (spec §2 "Vendor tile: launches the vendor"): its
 * first game in the first category where it has one; our own lottery (SEA in ELOTT) opens /lottery.
 */
export function VendorTiles() {
  const { t } = useTranslation();
  // Deferred like the game rows (useDeferredQuery): the tiles render in a background render split into short tasks.
  const menus = useDeferredValue(useGameMenus().data);
  const vendors = new Map<string, { tile: Tile; to?: string }>();
  for (const m of menus ?? [])
    for (const v of m.vendors)
      if (!vendors.get(v.vassalage)?.tile.firstGameId)
        vendors.set(v.vassalage, {
          tile: v,
          ...(isOwnLotteryVendor(m.gameCategory, v.vassalage) && { to: OWN_LOTTERY_PATH }),
        });
  if (vendors.size === 0) return null;
  return (
    <section aria-labelledby="home-vendors" className="home__section">
      <h2 id="home-vendors">{t('games.providers')}</h2>
      <ul className="vendor-grid">
        {[...vendors.values()].map(({ tile, to }) => (
          <li key={tile.vassalage}>
            <VendorTile vendor={tile} to={to} />
          </li>
        ))}
      </ul>
    </section>
  );
}

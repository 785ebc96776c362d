import type { GameMenu, VendorTile as Tile } from '@sea/contracts';
import { NAV_DROPDOWN_TILES } from '@sea/contracts/game-constants';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { useGameMenus } from '../../api/games.ts';
import { VendorTile } from '../../components/games/VendorTile.tsx';
import {
  isOwnLotteryVendor,
  LAUNCH_FIRST_GAME,
  navKeyOfCategory,
  OWN_LOTTERY_PATH,
  routeOfCategory,
} from '../../lib/game-routes.ts';
import { NAV_ITEMS } from '../../lib/nav-items.ts';
import { startGame } from '../../state/game-launch.ts';

interface NavEntry {
  key: string;
  to: string;
  vendors: Tile[];
  /** Lottery and esports launch their first vendor's game instead of navigating (spec §2 top navigation). */
  launchFirst: boolean;
  /** Vendors whose games here are our own lottery: they open /lottery instead of a game popup. */
  ownLottery: string[];
}

/** Home, one entry per game category that has vendors (LOTT and ELOTT share "Lottery"), hot games, promotions. */
export function navEntries(menus: GameMenu[] | undefined): NavEntry[] {
  const plain = (key: string, to: string): NavEntry => ({ key, to, vendors: [], launchFirst: false, ownLottery: [] });
  // Until the menus answer (or when they fail) the fixed list shows, so the bar does not jump or vanish.
  if (!menus) return NAV_ITEMS.map((i) => plain(i.key, i.to));
  const games = new Map<string, NavEntry>();
  for (const m of menus) {
    const key = navKeyOfCategory(m.gameCategory);
    const entry = games.get(key) ?? {
      key,
      to: `/${routeOfCategory(m.gameCategory)}`,
      vendors: [],
      launchFirst: LAUNCH_FIRST_GAME.includes(m.gameCategory),
      ownLottery: [],
    };
    for (const v of m.vendors) if (isOwnLotteryVendor(m.gameCategory, v.vassalage)) entry.ownLottery.push(v.vassalage);
    for (const v of m.vendors) if (!entry.vendors.some((e) => e.vassalage === v.vassalage)) entry.vendors.push(v);
    games.set(key, entry);
  }
  return [plain('home', '/'), ...games.values(), plain('hot', '/hot'), plain('promotions', '/promotions')];
}

export function TopNav({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const navigate = useNavigate();
  return (
    <nav id="top-nav" className={clsx('nav', open && 'nav--open')} aria-label={t('nav.main')}>
      <ul>
        {navEntries(menus.data).map((item) => {
          const first = item.vendors.find((v) => v.firstGameId && !v.maintenance);
          return (
            <li key={item.key} className={clsx(item.vendors.length > 0 && 'nav__has-drop')}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                onClick={(e) => {
                  onNavigate();
                  if (item.launchFirst && first && item.ownLottery.includes(first.vassalage)) {
                    e.preventDefault();
                    void navigate(OWN_LOTTERY_PATH);
                  } else if (item.launchFirst && first?.firstGameId) {
                    e.preventDefault();
                    startGame({ nodeId: first.firstGameId, name: first.displayName, vendorCode: first.vassalage });
                  }
                }}
              >
                {t(`nav.${item.key}`)}
              </NavLink>
              {item.vendors.length > 0 && (
                <div className="nav__drop">
                  <ul aria-label={t('games.vendorsOf', { name: t(`nav.${item.key}`) })}>
                    {item.vendors.slice(0, NAV_DROPDOWN_TILES).map((v) => (
                      <li key={v.vassalage}>
                        <VendorTile
                          vendor={v}
                          onLaunch={onNavigate}
                          to={item.ownLottery.includes(v.vassalage) ? OWN_LOTTERY_PATH : undefined}
                        />
                      </li>
                    ))}
                    <li>
                      <Link className="vendor-tile vendor-tile--more" to={item.to} onClick={onNavigate}>
                        <span className="vendor-tile__name">{t('games.more')}</span>
                      </Link>
                    </li>
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import type { GameMenu, VendorTile as Tile } from '@sea/contracts';
import { NAV_DROPDOWN_TILES } from '@sea/contracts/game-constants';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useGameMenus } from '../../api/games.ts';
import { VendorTile } from '../../components/games/VendorTile.tsx';
import { centrePathOf, isOwnLotteryVendor, navKeyOfCategory, OWN_LOTTERY_PATH } from '../../lib/game-routes.ts';
import { NAV_ITEMS } from '../../lib/nav-items.ts';

interface NavEntry {
  key: string;
  to: string;
  vendors: Tile[];
  /** Vendors whose games here are our own lottery: their tile opens /lottery. */
  ownLottery: string[];
}

/**
 * Home, one entry per game category that has vendors (LOTT and ELOTT share "Lottery"), hot games, promotions.
 * Every entry opens its centre (Lottery: the lottery lobby, vendors' lotteries inside); a game starts only from its
 * card, so a drop-down's vendor tile opens the centre filtered to that vendor.
 */
export function navEntries(menus: GameMenu[] | undefined): NavEntry[] {
  const plain = (key: string, to: string): NavEntry => ({ key, to, vendors: [], ownLottery: [] });
  // Until the menus answer (or when they fail) the fixed list shows, so the bar does not jump or vanish.
  if (!menus) return NAV_ITEMS.map((i) => plain(i.key, i.to));
  const games = new Map<string, NavEntry>();
  for (const m of menus) {
    const key = navKeyOfCategory(m.gameCategory);
    const entry = games.get(key) ?? {
      key,
      to: centrePathOf(m.gameCategory),
      vendors: [],
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
  return (
    <nav id="top-nav" className={clsx('nav', open && 'nav--open')} aria-label={t('nav.main')}>
      <ul>
        {navEntries(menus.data).map((item) => {
          return (
            <li key={item.key} className={clsx(item.vendors.length > 0 && 'nav__has-drop')}>
              <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
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
                          to={
                            item.ownLottery.includes(v.vassalage) || item.to === OWN_LOTTERY_PATH
                              ? OWN_LOTTERY_PATH
                              : `${item.to}?vendor=${encodeURIComponent(v.vassalage)}`
                          }
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

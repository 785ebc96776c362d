import type { VendorTile as Tile } from '@sea/contracts';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startGame } from '../../state/game-launch.ts';
import { GameIcon } from './GameIcon.tsx';
import './games-ui.css';

/**
 * A vendor tile (spec §2): launches the vendor (its first game in the category); with `to`, it opens that page of
 * the site instead (our own lottery: /lottery).
 */
export function VendorTile({ vendor, onLaunch, to }: { vendor: Tile; onLaunch?: () => void; to?: string }) {
  const { t } = useTranslation();
  const disabled = vendor.maintenance || !vendor.firstGameId;
  if (to && !vendor.maintenance)
    return (
      <Link
        className="vendor-tile"
        to={to}
        onClick={onLaunch}
        aria-label={t('games.launchVendor', { name: vendor.displayName })}
      >
        <GameIcon src={vendor.lagerIcon} className="vendor-tile__logo" />
        <span className="vendor-tile__name">{vendor.displayName}</span>
      </Link>
    );
  return (
    <button
      type="button"
      className={clsx('vendor-tile', vendor.maintenance && 'vendor-tile--maintenance')}
      disabled={disabled}
      aria-label={t('games.launchVendor', { name: vendor.displayName })}
      onClick={() => {
        if (!vendor.firstGameId) return;
        onLaunch?.();
        startGame({ nodeId: vendor.firstGameId, name: vendor.displayName, vendorCode: vendor.vassalage });
      }}
    >
      <GameIcon src={vendor.lagerIcon} className="vendor-tile__logo" />
      <span className="vendor-tile__name">{vendor.displayName}</span>
      {vendor.maintenance && <span className="vendor-tile__badge">{t('games.maintenance')}</span>}
    </button>
  );
}

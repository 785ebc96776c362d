import type { VendorTile as Tile } from '@sea/contracts';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { startGame } from '../../state/game-launch.ts';
import { GameIcon } from './GameIcon.tsx';
import './games-ui.css';

/** A vendor tile (spec §2): launches the vendor (its first game in the category). */
export function VendorTile({ vendor, onLaunch }: { vendor: Tile; onLaunch?: () => void }) {
  const { t } = useTranslation();
  const disabled = vendor.maintenance || !vendor.firstGameId;
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

import { Dialog } from '@base-ui/react/dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useMerchantWallet } from '../../api/wallet.ts';
import { errorText } from '../../components/error-text.ts';
import { type GameLaunchTarget, useGameLaunch } from '../../state/game-launch.ts';
import { useUi } from '../../state/ui.ts';
import { LaunchFunding } from './LaunchFunding.tsx';
import { useLaunch } from './use-launch.ts';
import './games.css';

/**
 * The game popup (spec §2): launches the game and shows its URL in an iframe; full screen on mobile, a close
 * button and Escape close it. A transfer-wallet vendor's game first asks how much to bring from the main wallet. A login that expired opens the login popup instead. Closing refreshes the balance
 * and the bet records (the game moved money while it was open).
 */
export default function GamePopup() {
  const target = useGameLaunch((s) => s.target);
  const close = useGameLaunch((s) => s.close);
  const client = useQueryClient();
  const onClose = () => {
    close();
    void client.invalidateQueries({ queryKey: ['wallet'] });
    void client.invalidateQueries({ queryKey: ['betRecords'] });
    void client.invalidateQueries({ queryKey: ['history'] });
    void client.invalidateQueries({ queryKey: ['games', 'recent'] });
  };
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="modal__backdrop" />
        <Dialog.Popup className="game-popup">{target && <GameFrame target={target} />}</Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function GameFrame({ target }: { target: GameLaunchTarget }) {
  const { t } = useTranslation();
  // A transfer-wallet vendor's real-money game first asks how much to bring (the launch carries the amount).
  const wallet = useMerchantWallet();
  const transferVendor =
    !target.freePlay && target.vendorCode
      ? wallet.data?.transferVendors.find((v) => v.vendorCode === target.vendorCode)
      : undefined;
  const [transferAmount, setTransferAmount] = useState<string>();
  const deciding = !target.freePlay && target.vendorCode !== undefined && wallet.isPending;
  const funding = transferVendor !== undefined && transferAmount === undefined;
  const launch = useLaunch(deciding || funding ? null : { ...target, transferAmount });
  const needsLogin = launch.error instanceof ApiError && launch.error.code === 'unauthorized';
  useEffect(() => {
    if (!needsLogin) return;
    useGameLaunch.getState().close();
    useUi.getState().open('login');
  }, [needsLogin]);

  const title = launch.data?.displayName ?? target.name;
  return (
    <>
      <div className="game-popup__head">
        <Dialog.Title className="game-popup__title">
          {title}
          {launch.data && <span className="game-popup__vendor"> · {launch.data.vendorName}</span>}
          {target.freePlay && <span className="game-popup__trial">{t('games.freeTrial')}</span>}
        </Dialog.Title>
        <Dialog.Close className="icon-btn" aria-label={t('games.closeGame')}>
          ✕
        </Dialog.Close>
      </div>
      <div className="game-popup__body">
        {funding ? (
          <LaunchFunding
            vendorCode={transferVendor.vendorCode}
            vendorName={transferVendor.vendorName}
            onStart={setTransferAmount}
          />
        ) : launch.data ? (
          <iframe
            className="game-popup__frame"
            src={launch.data.url}
            title={title}
            allow="autoplay; fullscreen"
            allowFullScreen
          />
        ) : launch.isError ? (
          <div role="alert" className="game-popup__message">
            <p>{errorText(t, launch.error)}</p>
            <Dialog.Close className="btn btn--ghost">{t('common.close')}</Dialog.Close>
          </div>
        ) : (
          <p role="status" className="game-popup__message">
            <span className="spinner" aria-hidden="true" /> {t('games.launching')}
          </p>
        )}
      </div>
    </>
  );
}

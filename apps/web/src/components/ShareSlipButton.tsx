import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postChat } from '../api/chat.ts';
import { errorText } from './error-text.ts';
import '../i18n/areas/chat.ts';

/** The lottery slip's "Share in chat": the bets as a card in the game's chat room, which others copy into their slip. */
export function ShareSlipButton({
  gameCode,
  bets,
}: {
  gameCode: string;
  bets: readonly { code: string; selection: unknown; unitStake: bigint }[];
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; done?: boolean; error?: string }>({ busy: false });
  const share = async () => {
    setState({ busy: true });
    try {
      await postChat(gameCode, {
        slip: {
          gameCode,
          bets: bets.map((b) => ({ code: b.code, selection: b.selection, unitStake: b.unitStake.toString() })),
        },
      });
      setState({ busy: false, done: true });
    } catch (err) {
      setState({ busy: false, error: errorText(t, err) });
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={bets.length === 0 || state.busy}
        onClick={() => void share()}
      >
        {t('chat.shareSlip')}
      </button>
      {(state.done || state.error) && (
        <p className={state.error ? 'field__error' : 'lot-note'} role={state.error ? 'alert' : 'status'}>
          {state.error ?? (
            <>
              {t('chat.shared', { room: gameCode })}{' '}
              <Link to={`/chat?room=${encodeURIComponent(gameCode)}`}>{t('chat.openChat')}</Link>
            </>
          )}
        </p>
      )}
    </>
  );
}

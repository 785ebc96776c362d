import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePendingContracts, useContractAction } from '../../api/agents.ts';
import { errorText } from '../../components/error-text.ts';
import { Modal } from '../../components/Modal.tsx';
import { TierTable } from './ContractPages.tsx';
import '../../i18n/areas/agent.ts';

/**
 * The contract popup (spec: logged-in users only): an offer from the upline (or the house) waiting for this
 * member, with its tiers; accept, reject or decide later (the popup stays away for this page visit, and the
 * offer remains in the agent centre's contract list).
 */
export function ContractPopup() {
  const { t } = useTranslation();
  const pending = usePendingContracts();
  const action = useContractAction();
  const [later, setLater] = useState<ReadonlySet<string>>(new Set());
  const offer = pending.data?.list.find((c) => c.status === 'pending' && !later.has(c.id));
  if (!offer) return null;
  const decide = (a: 'accept' | 'reject') =>
    action.mutate({ id: offer.id, action: a }, { onSuccess: () => void pending.refetch() });
  const dismiss = () => setLater((s) => new Set([...s, offer.id]));
  return (
    <Modal open onClose={dismiss} title={t('agent.popup.title')} wide>
      <p>
        {t('agent.popup.text', {
          from: offer.uplineAccount ?? t('agent.contract.house'),
          type: t(`agent.contract.types.${offer.type}`),
          period: t(`agent.contract.periods.${offer.period}`),
        })}
      </p>
      <TierTable contract={offer} />
      {action.isError && (
        <p className="form__error" role="alert">
          {errorText(t, action.error)}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={dismiss}>
          {t('agent.popup.later')}
        </button>
        <button type="button" className="btn btn--ghost" disabled={action.isPending} onClick={() => decide('reject')}>
          {t('agent.contract.reject')}
        </button>
        <button type="button" className="btn btn--primary" disabled={action.isPending} onClick={() => decide('accept')}>
          {t('agent.contract.accept')}
        </button>
      </div>
    </Modal>
  );
}

import type { ActivityOffer, AdminActivityOffer, AdminPromotion } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromotionApplication, useSavePromotionApplication } from '../../api/activities.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { type PayAsField, payAsRequest, payAsValue } from '../../components/pay-as.ts';
import { PayAsFields } from '../../components/PayAsFields.tsx';

/**
 * Whether a promotion is of type "application" (members apply on /join with a comment and up to 3 images, staff
 * review them in Rewards › Activity applications) and its eligibility: new members only, once per member.
 */
export function ApplicationSettingsDialog({ promotion, onClose }: { promotion: AdminPromotion; onClose: () => void }) {
  const { t } = useTranslation();
  const query = usePromotionApplication(promotion.id);
  return (
    <AppDialog open onClose={onClose} title={t('activityTerms.title', { title: promotion.title })}>
      {query.data ? (
        <SettingsForm data={query.data} promotionId={promotion.id} onClose={onClose} />
      ) : query.isError ? (
        <FormAlert message={(query.error as Error).message} />
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </AppDialog>
  );
}

type Flags = Pick<ActivityOffer, 'enabled' | 'newMembersOnly' | 'oncePerMember'>;

function SettingsForm(props: { data: AdminActivityOffer; promotionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { offer, currency, exponent } = props.data;
  const save = useSavePromotionApplication();
  const [alert, setAlert] = useState<string | null>(null);
  const [v, setV] = useState<Flags>(offer ?? { enabled: true, newMembersOnly: false, oncePerMember: true });
  const [pay, setPay] = useState(() => payAsValue(offer, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const check = (key: keyof Flags, label: string) => (
    <label className="bo-check">
      <input type="checkbox" checked={v[key]} onChange={(e) => setV({ ...v, [key]: e.target.checked })} />
      {label}
    </label>
  );
  return (
    <form
      className="bo-form"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setAlert(null);
        const payment = payAsRequest(pay, exponent);
        setPayError(payment.ok ? null : payment);
        if (!payment.ok) return;
        try {
          await save.mutateAsync({
            id: props.promotionId,
            enabled: v.enabled,
            newMembersOnly: v.newMembersOnly,
            oncePerMember: v.oncePerMember,
            payAs: payment.payAs,
            bonusTerms: payment.bonusTerms,
          });
          props.onClose();
        } catch (err) {
          setAlert((err as Error).message);
        }
      }}
    >
      <p className="bo-hint">{offer ? t('activityTerms.intro') : t('activityTerms.none')}</p>
      {check('enabled', t('activityTerms.enabled'))}
      {check('newMembersOnly', t('activityTerms.newMembersOnly'))}
      {check('oncePerMember', t('activityTerms.oncePerMember'))}
      <PayAsFields value={pay} onChange={setPay} currency={currency} error={payError} />
      <FormAlert message={alert} />
      <div className="bo-form__actions">
        <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}

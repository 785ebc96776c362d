import type { ActivityOffer, AdminPromotion } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePromotionApplication, useSavePromotionApplication } from '../../api/activities.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { FormAlert } from '../../components/form/Field.tsx';

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
        <SettingsForm offer={query.data.offer} promotionId={promotion.id} onClose={onClose} />
      ) : query.isError ? (
        <FormAlert message={(query.error as Error).message} />
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </AppDialog>
  );
}

function SettingsForm(props: { offer: ActivityOffer | null; promotionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePromotionApplication();
  const [alert, setAlert] = useState<string | null>(null);
  const [v, setV] = useState<ActivityOffer>(
    props.offer ?? { enabled: true, newMembersOnly: false, oncePerMember: true },
  );
  const check = (key: keyof ActivityOffer, label: string) => (
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
        try {
          await save.mutateAsync({ id: props.promotionId, ...v });
          props.onClose();
        } catch (err) {
          setAlert((err as Error).message);
        }
      }}
    >
      <p className="bo-hint">{props.offer ? t('activityTerms.intro') : t('activityTerms.none')}</p>
      {check('enabled', t('activityTerms.enabled'))}
      {check('newMembersOnly', t('activityTerms.newMembersOnly'))}
      {check('oncePerMember', t('activityTerms.oncePerMember'))}
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

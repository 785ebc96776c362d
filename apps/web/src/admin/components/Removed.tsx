import { ANONYMISED_TEXT } from '@sea/contracts';
import { useTranslation } from 'react-i18next';

/** Whether a value is the marker the retention anonymisation left in place of a closed account's personal text. */
export const isRemoved = (value: unknown): boolean => value === ANONYMISED_TEXT;

/** The translated "Removed" label shown instead of the raw marker. */
export function RemovedLabel() {
  const { t } = useTranslation();
  return (
    <span className="bo-removed" title={t('removed.hint')}>
      {t('removed.label')}
    </span>
  );
}

/** A member's text as stored, or the "Removed" label where the anonymisation erased it. */
export function PersonalText({ value }: { value: string | null | undefined }) {
  return isRemoved(value) ? <RemovedLabel /> : <>{value ?? ''}</>;
}

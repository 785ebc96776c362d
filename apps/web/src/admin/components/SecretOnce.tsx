import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton.tsx';

/** A secret the server shows once (a one-time password): big, selectable, with copy and the warning. */
export function SecretOnce({ label, secret }: { label: string; secret: string }) {
  const { t } = useTranslation();
  return (
    <div className="bo-secret">
      <span className="bo-secret__label">{label}</span>
      <div className="bo-secret__row">
        <code className="bo-secret__value" aria-label={label}>
          {secret}
        </code>
        <CopyButton text={secret} />
      </div>
      <p className="bo-hint">{t('common.shownOnce')}</p>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/areas/deposit.ts';

/** One line of the receiving account with a copy button (the member pastes it into their banking app). */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(id);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (plain HTTP, permissions): the value stays selectable on screen.
    }
  }

  return (
    <div className="deposit-bank__row">
      <dt>{label}</dt>
      <dd>
        <span className="deposit-bank__value">{value}</span>
        <button
          type="button"
          className="btn btn--ghost deposit-copy"
          onClick={copy}
          aria-label={t('deposit.copyLabel', { what: label })}
        >
          {copied ? t('deposit.copied') : t('deposit.copy')}
        </button>
      </dd>
    </div>
  );
}

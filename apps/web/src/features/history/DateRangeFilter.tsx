import { useTranslation } from 'react-i18next';
import { type DateRange, matchingQuickRange, QUICK_RANGES, quickRange } from './date-ranges.ts';

/** Quick range buttons plus custom from/to date inputs; dates are in the merchant time zone. */
export function DateRangeFilter({
  value,
  onChange,
  timezone,
}: {
  value: DateRange;
  onChange: (r: DateRange) => void;
  timezone: string;
}) {
  const { t } = useTranslation();
  const active = matchingQuickRange(value, new Date(), timezone);
  const invalid = value.from > value.to;
  return (
    <div className="history-range">
      <div className="history-chips" role="group" aria-label={t('history.quickRanges')}>
        {QUICK_RANGES.map((q) => (
          <button
            key={q}
            type="button"
            className="history-chip"
            aria-pressed={active === q}
            onClick={() => onChange(quickRange(q, new Date(), timezone))}
          >
            {t(`history.ranges.${q}`)}
          </button>
        ))}
      </div>
      <div className="history-dates">
        <label className="field">
          <span>{t('history.from')}</span>
          <input
            type="date"
            value={value.from}
            max={value.to}
            required
            onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('history.to')}</span>
          <input
            type="date"
            value={value.to}
            min={value.from}
            required
            onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
          />
        </label>
      </div>
      {invalid && (
        <p className="field__error" role="alert">
          {t('history.rangeInvalid')}
        </p>
      )}
    </div>
  );
}

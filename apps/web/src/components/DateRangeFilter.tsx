import { useTranslation } from 'react-i18next';
import { Chips } from './Chips.tsx';
import { type DateRange, matchingQuickRange, QUICK_RANGES, quickRange } from '../lib/date-ranges.ts';
import '../i18n/areas/history.ts';

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
  const date = (side: 'from' | 'to') => (
    <label className="field">
      <span>{t(`history.${side}`)}</span>
      <input
        type="date"
        value={value[side]}
        min={side === 'to' ? value.from : undefined}
        max={side === 'from' ? value.to : undefined}
        required
        onChange={(e) => e.target.value && onChange({ ...value, [side]: e.target.value })}
      />
    </label>
  );
  return (
    <div className="history-range">
      <Chips
        label={t('history.quickRanges')}
        items={QUICK_RANGES.map((q) => ({ key: q, label: t(`history.ranges.${q}`) }))}
        pressed={active}
        onPick={(q) => onChange(quickRange(q, new Date(), timezone))}
      />
      <div className="history-dates">
        {date('from')}
        {date('to')}
      </div>
      {invalid && (
        <p className="field__error" role="alert">
          {t('history.rangeInvalid')}
        </p>
      )}
    </div>
  );
}

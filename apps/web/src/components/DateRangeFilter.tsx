import { useRef, useState } from 'react';
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
    <DateField
      label={t(`history.${side}`)}
      value={value[side]}
      min={side === 'to' ? value.from : undefined}
      max={side === 'from' ? value.to : undefined}
      onChange={(iso) => onChange({ ...value, [side]: iso })}
    />
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

/** YYYY-MM-DD ↔ DD/MM/YYYY, the site's one date format (lib/date-time). */
const shown = (iso: string) => iso.split('-').reverse().join('/');
function isoOf(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

/**
 * A date typed as DD/MM/YYYY, as the site writes dates (a browser's date input shows its own locale's order, MM/DD
 * in an English browser), with the browser's calendar one button away (a hidden date input's picker).
 */
function DateField(props: { label: string; value: string; min?: string; max?: string; onChange(iso: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(shown(props.value));
  const [was, setWas] = useState(props.value);
  const [bad, setBad] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  if (was !== props.value) {
    // A quick range or the calendar changed it: show the new date.
    setWas(props.value);
    setText(shown(props.value));
    setBad(false);
  }
  const commit = (v: string) => {
    const iso = isoOf(v);
    setBad(iso === null);
    if (iso && iso !== props.value) props.onChange(iso);
  };
  return (
    <div className="field date-field">
      <label>
        <span>{props.label}</span>
        <input
          type="text"
          inputMode="numeric"
          placeholder={t('history.datePlaceholder')}
          value={text}
          maxLength={10}
          aria-invalid={bad || undefined}
          required
          onChange={(e) => {
            setText(e.target.value);
            if (isoOf(e.target.value)) commit(e.target.value);
          }}
          onBlur={(e) => commit(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="date-field__pick"
        aria-label={t('history.pickDate', { label: props.label })}
        onClick={() => picker.current?.showPicker?.()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18">
          <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <input
        ref={picker}
        type="date"
        className="date-field__native"
        tabIndex={-1}
        aria-hidden="true"
        value={props.value}
        min={props.min}
        max={props.max}
        onChange={(e) => e.target.value && props.onChange(e.target.value)}
      />
      {bad && <span className="field__error">{t('history.dateFormat')}</span>}
    </div>
  );
}

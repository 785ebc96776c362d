import { useTranslation } from 'react-i18next';

/** The slot's round buttons: auto spin (or stop it), spin, turbo. `busy`: a round is being shown. */
export function SlotButtons(props: {
  auto: boolean;
  /** Auto spins left (null: until stopped). */
  left: number | null;
  busy: boolean;
  turbo: boolean;
  onAuto(): void;
  onSpin(): void;
  onTurbo(): void;
}) {
  const { t } = useTranslation();
  const { auto, left, busy, turbo } = props;
  const stopLabel = t('slot.autoStop', { left: left ?? t('slot.autoInfinite') });
  return (
    <div className="slot__buttons">
      <button
        type="button"
        className={auto ? 'round-btn round-btn--on' : 'round-btn'}
        onClick={props.onAuto}
        disabled={!auto && busy}
        aria-pressed={auto}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M4 12a8 8 0 0113.7-5.6M20 12a8 8 0 01-13.7 5.6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
          />
          <path d="M18 2v5h-5M6 22v-5h5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
        <span>{auto ? stopLabel : t('slot.auto')}</span>
      </button>
      <button
        type="button"
        className="spin-btn"
        onClick={props.onSpin}
        disabled={!auto && busy}
        aria-label={auto ? stopLabel : t('slot.spin')}
        title={t('slot.spinHint')}
      >
        {/* The icon turns in an HTML box: the compositor animates a box's transform, not an SVG element's. */}
        <span aria-hidden="true" className={busy ? 'spin-btn__icon spin-btn__icon--on' : 'spin-btn__icon'}>
          <svg viewBox="0 0 48 48">
            <path d="M24 6a18 18 0 1017.3 13" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
            <path
              d="M42 6v13H29"
              fill="none"
              stroke="currentColor"
              strokeWidth="5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <span className="spin-btn__text">{auto ? '■' : t('slot.spin')}</span>
      </button>
      <button
        type="button"
        className={turbo ? 'round-btn round-btn--on' : 'round-btn'}
        aria-pressed={turbo}
        onClick={props.onTurbo}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="currentColor" />
        </svg>
        <span>{t('slot.turbo')}</span>
      </button>
    </div>
  );
}

/** A labelled value with − and + (lines, bet per line). */
export function Stepper(props: {
  label: string;
  value: string;
  disabled: boolean;
  canDown: boolean;
  canUp: boolean;
  onDown(): void;
  onUp(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="stepper" role="group" aria-label={props.label}>
      <span className="stepper__label">{props.label}</span>
      <div className="stepper__row">
        <button
          type="button"
          onClick={props.onDown}
          disabled={props.disabled || !props.canDown}
          aria-label={t('decrease', { what: props.label })}
        >
          −
        </button>
        <output aria-live="polite">{props.value}</output>
        <button
          type="button"
          onClick={props.onUp}
          disabled={props.disabled || !props.canUp}
          aria-label={t('increase', { what: props.label })}
        >
          +
        </button>
      </div>
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGame } from '../game-context.tsx';
import { formatCredits } from '../money.ts';
import { Sheet } from '../Sheet.tsx';
import type { AutoplaySettings } from './autoplay.ts';

const COUNTS = [10, 25, 50, 100, 500];
/** Limits offered as multiples of the current total bet. */
const LOSS_MULTIPLES = [5, 10, 25, 50, 100];
const WIN_MULTIPLES = [10, 25, 50, 100, 500];

/** Auto spin settings: how many spins and when to stop. */
export function AutoSheet(props: { stake: number; onClose(): void; onStart(s: AutoplaySettings): void }) {
  const { t } = useTranslation();
  const { money } = useGame();
  const [count, setCount] = useState<string>('25');
  const [loss, setLoss] = useState<string>(String(props.stake * 25));
  const [single, setSingle] = useState<string>('');
  const [feature, setFeature] = useState(true);

  function submit(e: FormEvent) {
    e.preventDefault();
    props.onStart({
      spins: count === 'inf' ? null : Number(count),
      lossLimit: loss ? Number(loss) : null,
      singleWinLimit: single ? Number(single) : null,
      stopOnFeature: feature,
    });
  }

  return (
    <Sheet title={t('slot.autoTitle')} onClose={props.onClose}>
      <form className="auto-form" onSubmit={submit}>
        <fieldset>
          <legend>{t('slot.autoCount')}</legend>
          <div className="chips-row">
            {[...COUNTS.map(String), 'inf'].map((c) => (
              <label key={c} className={count === c ? 'chip chip--on' : 'chip'}>
                <input type="radio" name="count" value={c} checked={count === c} onChange={() => setCount(c)} />
                {c === 'inf' ? t('slot.autoInfinite') : c}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="auto-form__field">
          <span>{t('slot.autoLossLimit')}</span>
          <select value={loss} onChange={(e) => setLoss(e.target.value)}>
            {count === 'inf' ? null : <option value="">{t('slot.autoNoLimit')}</option>}
            {LOSS_MULTIPLES.map((m) => (
              <option key={m} value={String(props.stake * m)}>
                {money.currency} {formatCredits(money, props.stake * m)}
              </option>
            ))}
          </select>
        </label>
        <label className="auto-form__field">
          <span>{t('slot.autoWinLimit')}</span>
          <select value={single} onChange={(e) => setSingle(e.target.value)}>
            <option value="">{t('slot.autoNoLimit')}</option>
            {WIN_MULTIPLES.map((m) => (
              <option key={m} value={String(props.stake * m)}>
                {money.currency} {formatCredits(money, props.stake * m)}
              </option>
            ))}
          </select>
        </label>
        <label className="auto-form__check">
          <input type="checkbox" checked={feature} onChange={(e) => setFeature(e.target.checked)} />
          <span>{t('slot.autoStopOnFeature')}</span>
        </label>
        <button type="submit" className="pbtn pbtn--gold pbtn--block">
          {t('slot.autoStart')}
        </button>
      </form>
    </Sheet>
  );
}

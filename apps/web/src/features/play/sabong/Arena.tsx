import type { SabongFightView } from '@sea/contracts';
import { useTranslation } from 'react-i18next';

/** A drawn rooster (no photo: the fight is simulated); Wala faces the other way. */
function Rooster(props: { side: 'meron' | 'wala' }) {
  return (
    <svg viewBox="0 0 100 90" className="sb-rooster__svg" aria-hidden="true">
      <path d="M14 30 C2 40 4 62 20 66 C12 54 14 42 22 36 Z" className="sb-rooster__tail" />
      <ellipse cx="46" cy="55" rx="28" ry="21" className="sb-rooster__body" />
      <circle cx="74" cy="30" r="12" className="sb-rooster__body" />
      <path d="M66 19 L70 9 L74 17 L79 8 L82 19 Z" className="sb-rooster__comb" />
      <path d="M85 28 L97 32 L85 35 Z" className="sb-rooster__beak" />
      <circle cx="77" cy="27" r="2.2" className="sb-rooster__eye" />
      <path d="M40 74 L36 88 M52 74 L56 88" className="sb-rooster__legs" />
      <title>{props.side}</title>
    </svg>
  );
}

/**
 * The arena's stage: the two roosters and, while FIGHTING, the simulated fight's exchanges one by one (each strike
 * a lunge of the striker) spread over the fight's time; at the RESULT the winner stays up (a draw: both fall).
 * Always labelled as a simulation.
 */
export function ArenaStage(props: { fight: SabongFightView | null; serverNow: number }) {
  const { t } = useTranslation('sabong');
  const f = props.fight;
  let strike: { index: number; striker: 'meron' | 'wala' } | null = null;
  if (f?.phase === 'fighting' && f.exchanges?.length && f.fightEndsAt) {
    const start = Date.parse(f.closesAt);
    const end = Date.parse(f.fightEndsAt);
    const k = Math.min(
      f.exchanges.length - 1,
      Math.max(0, Math.floor(((props.serverNow - start) / Math.max(1, end - start)) * f.exchanges.length)),
    );
    strike = { index: k, striker: f.exchanges[k]! };
  }
  const outcome = f?.phase === 'result' || f?.phase === 'settled' ? f.outcome : null;
  const state = (side: 'meron' | 'wala') =>
    outcome === null ? '' : outcome === side ? ' sb-rooster--won' : ' sb-rooster--down';
  return (
    <div className={`sb-stage sb-stage--${f?.phase ?? 'waiting'}`} data-testid="sb-stage">
      <span className="sb-stage__badge">{t('simulatedBadge')}</span>
      {(['meron', 'wala'] as const).map((side) => (
        <div
          key={side}
          className={`sb-rooster sb-rooster--${side}${state(side)}${
            strike?.striker === side ? ` sb-rooster--strike sb-strike-${strike.index % 2}` : ''
          }`}
        >
          <Rooster side={side} />
          <span className="sb-rooster__name">{t(`side.${side}`)}</span>
        </div>
      ))}
      <span className="sb-stage__vs" aria-hidden="true">
        VS
      </span>
    </div>
  );
}

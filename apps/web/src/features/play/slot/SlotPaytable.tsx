import { useTranslation } from 'react-i18next';
import { useGame } from '../game-context.tsx';
import { formatCredits } from '../money.ts';
import type { SlotConfig } from './slot-config.ts';
import { SymbolIcon } from '../../../components/SymbolIcon.tsx';

/** The paytable for the current bet: pays of each symbol, the scatter and free-spins rules, the lines. */
export function SlotPaytable(props: { config: SlotConfig; betLevel: number; lines: number }) {
  const { t } = useTranslation();
  const { money } = useGame();
  const { config, betLevel } = props;
  const s = config.scatter;
  const paying = config.symbols.filter((x) => x.kind !== 'scatter');
  const scatter = config.symbols.find((x) => x.kind === 'scatter');
  return (
    <div className="paytable">
      <p className="paytable__note">{t('slot.paysFor', { bet: formatCredits(money, betLevel) })}</p>
      <ul className="paytable__grid">
        {paying.map((sym) => (
          <li key={sym.code} className={`paytable__item paytable__item--${sym.kind}`}>
            <SymbolIcon code={sym.code} />
            <div>
              <strong>{t(`slot.symbols.${sym.code}`)}</strong>
              <dl>
                {[5, 4, 3].map((n) => (
                  <div key={n}>
                    <dt>{n}×</dt>
                    <dd>{formatCredits(money, sym.pays[n - 3]! * betLevel)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </li>
        ))}
      </ul>
      {scatter && (
        <div className="paytable__rule">
          <SymbolIcon code={scatter.code} size={64} />
          <p>
            {t('slot.scatterRule', {
              p3: s.pays[3],
              p4: s.pays[4],
              p5: s.pays[5],
              f3: s.freeSpins[3],
              f4: s.freeSpins[4],
              f5: s.freeSpins[5],
            })}
          </p>
        </div>
      )}
      <div className="paytable__rule">
        <SymbolIcon code="dragon" size={64} />
        <p>{t('slot.wildRule')}</p>
      </div>
      <p>{t('slot.freeRule', { m: config.freeSpins.multiplier })}</p>
      <p>{t('slot.lineRule')}</p>
      <p className="paytable__note">{t('rtp', { rtp: config.rtp })}</p>
      <h3>{t('slot.linesTitle', { n: config.lines.length })}</h3>
      <ol className="paytable__lines">
        {config.lines.map((rows, i) => (
          <li key={i} aria-label={t('slot.lineN', { n: i + 1 })} className={i < props.lines ? '' : 'off'}>
            <span>{i + 1}</span>
            <svg viewBox="0 0 50 30" aria-hidden="true">
              {Array.from({ length: 15 }, (_, k) => {
                const r = Math.floor(k / 3);
                const row = k % 3;
                return (
                  <rect
                    key={k}
                    x={r * 10 + 1}
                    y={row * 10 + 1}
                    width="8"
                    height="8"
                    rx="1.5"
                    className={rows[r] === row ? 'on' : ''}
                  />
                );
              })}
            </svg>
          </li>
        ))}
      </ol>
    </div>
  );
}

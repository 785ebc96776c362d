import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RevenueReport } from '../../api/agents.ts';
import { addDays } from '../../lib/date-ranges.ts';
import { useMoney } from './parts.tsx';
import '../../i18n/areas/agent.ts';

const W = 600;
const H = 180;
const PAD = 24;

/**
 * The team's result per day as a bar chart (plain SVG): bars above the zero line are days the team won, below it
 * days it lost. The picture is described by its title and desc; a table with the same figures follows it, so
 * screen readers and keyboard users get every number.
 */
export function RevenueChart({ report, exponent }: { report: RevenueReport; exponent?: number }) {
  const { t } = useTranslation();
  const money = useMoney(exponent);
  const id = useId();
  // Every day of the period, the quiet ones (no row in the report) at zero.
  const byDay = new Map(report.days.map((d) => [d.day, d.profit]));
  const days: { day: string; profit: string }[] = [];
  for (let day = report.from; day <= report.to && days.length < 93; day = addDays(day, 1))
    days.push({ day, profit: byDay.get(day) ?? '0' });
  const values = days.map((d) => Number(d.profit));
  const max = Math.max(1, ...values.map(Math.abs));
  const hasNegative = values.some((v) => v < 0);
  const hasPositive = values.some((v) => v > 0);
  // The zero line: in the middle when both signs occur, else at the bottom (all ≥ 0) or top (all ≤ 0).
  const zero = hasNegative && hasPositive ? H / 2 : hasNegative ? PAD : H - PAD;
  const span = hasNegative && hasPositive ? H / 2 - PAD : H - 2 * PAD;
  const step = (W - 2 * PAD) / Math.max(1, days.length);
  const bar = Math.min(48, Math.max(2, step * 0.7));
  // Axis labels and values are HTML over the stretched SVG (text inside it would stretch with it).
  const pctX = (i: number) => `${((PAD + i * step + step / 2) / W) * 100}%`;
  const pctY = (y: number) => `${(y / H) * 100}%`;
  const ticks = [
    ...(hasPositive ? [{ y: zero - span, v: max }] : []),
    { y: zero, v: 0 },
    ...(hasNegative ? [{ y: zero + span, v: -max }] : []),
  ];
  const dateTicks = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].filter((i) => i >= 0);
  const showValues = days.length <= 10;
  const minor = (v: number) => money(String(Math.round(v)));
  return (
    <figure className="agent-chart">
      <div className="agent-chart__plot">
        <div className="agent-chart__y" aria-hidden="true">
          {ticks.map((k) => (
            <span key={k.v} style={{ top: pctY(k.y) }}>
              {minor(k.v)}
            </span>
          ))}
        </div>
        <div className="agent-chart__area">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            preserveAspectRatio="none"
          >
            <title id={`${id}-title`}>{t('agent.chart.title')}</title>
            <desc id={`${id}-desc`}>
              {t('agent.chart.desc', { from: report.from, to: report.to, total: money(report.totals.profit) })}
            </desc>
            <line x1={PAD} x2={W - PAD} y1={zero} y2={zero} className="agent-chart__axis" />
            {days.map((d, i) => {
              const h = (Math.abs(values[i]!) / max) * span;
              const negative = values[i]! < 0;
              return (
                <rect
                  key={d.day}
                  x={PAD + i * step + (step - bar) / 2}
                  y={negative ? zero : zero - h}
                  width={bar}
                  height={Math.max(h, values[i] === 0 ? 0 : 1)}
                  className={negative ? 'agent-chart__bar--neg' : 'agent-chart__bar'}
                />
              );
            })}
          </svg>
          {showValues &&
            days.map((d, i) => {
              const v = values[i]!;
              if (v === 0) return null;
              const y = v < 0 ? zero + (-v / max) * span : zero - (v / max) * span;
              return (
                <span
                  key={d.day}
                  aria-hidden="true"
                  className={v < 0 ? 'agent-chart__value agent-chart__value--neg' : 'agent-chart__value'}
                  style={{ left: pctX(i), top: pctY(y) }}
                >
                  {minor(v)}
                </span>
              );
            })}
        </div>
        <div className="agent-chart__x" aria-hidden="true">
          {dateTicks.map((i) => (
            <span key={i} style={{ left: pctX(i) }}>
              {days[i]!.day.slice(5).split('-').reverse().join('/')}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="agent-note">
        {t('agent.chart.caption')} · {days[0]?.day ?? report.from} – {days.at(-1)?.day ?? report.to} ·{' '}
        {t('agent.chart.legend')}
      </figcaption>
    </figure>
  );
}

import type { Dashboard } from '@sea/contracts';
import { formatMoney } from '@sea/contracts/money-format';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COLOURS = { bets: '#2158d4', wins: '#8fa9e6', ggr: '#17794a', deposits: '#1f5fa8', withdrawals: '#c0312b' };

/**
 * The dashboard's charts (recharts, loaded as their own chunk): bets, wins and GGR per day, deposits and
 * withdrawals per day, bets and GGR per category. Amounts are drawn in major units; the tooltip shows the exact
 * figure from the minor-unit string.
 */
export default function DashboardCharts({ dashboard: d }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const scale = 10 ** d.exponent;
  const major = (minor: string) => Number(minor) / scale;
  // The exact amount behind a point: the chart's number is the minor string's, divided once.
  const exact = (v: unknown) => formatMoney(String(Math.round(Number(v) * scale)), d.exponent);
  const short = (v: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(v);
  const days = d.days.map((day) => ({
    day: day.day.slice(5),
    bets: major(day.bets),
    wins: major(day.wins),
    ggr: major(day.ggr),
    deposits: major(day.deposits),
    withdrawals: major(day.withdrawals),
  }));
  const categories = d.categories.map((c) => ({ category: c.category, bets: major(c.bets), ggr: major(c.ggr) }));
  const tooltip = {
    formatter: (v: unknown) => `${exact(v)} ${d.currency}`,
    contentStyle: { fontSize: 13 },
  };
  const axis = { fontSize: 12 };
  return (
    <div className="bo-dash__charts">
      <figure className="bo-card bo-dash__chart" aria-label={t('dashboard.perDay')}>
        <figcaption className="bo-dash__h2">
          {t('dashboard.perDay')} ({d.currency})
        </figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={axis} />
            <YAxis tickFormatter={short} tick={axis} width={52} />
            <Tooltip {...tooltip} />
            <Legend wrapperStyle={axis} />
            <Bar
              dataKey="bets"
              name={t('dashboard.bets')}
              fill={COLOURS.bets}
              isAnimationActive={false}
              maxBarSize={40}
            />
            <Bar
              dataKey="wins"
              name={t('dashboard.wins')}
              fill={COLOURS.wins}
              isAnimationActive={false}
              maxBarSize={40}
            />
            <Line
              dataKey="ggr"
              name={t('dashboard.ggr')}
              stroke={COLOURS.ggr}
              strokeWidth={2}
              dot={days.length <= 31}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
      <figure className="bo-card bo-dash__chart" aria-label={t('dashboard.perDayMoney')}>
        <figcaption className="bo-dash__h2">
          {t('dashboard.perDayMoney')} ({d.currency})
        </figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={axis} />
            <YAxis tickFormatter={short} tick={axis} width={52} />
            <Tooltip {...tooltip} />
            <Legend wrapperStyle={axis} />
            <Bar
              dataKey="deposits"
              name={t('dashboard.deposits')}
              fill={COLOURS.deposits}
              isAnimationActive={false}
              maxBarSize={40}
            />
            <Bar
              dataKey="withdrawals"
              name={t('dashboard.withdrawals')}
              fill={COLOURS.withdrawals}
              isAnimationActive={false}
              maxBarSize={40}
            />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      {categories.length > 0 && (
        <figure className="bo-card bo-dash__chart bo-dash__chart--wide" aria-label={t('dashboard.perCategory')}>
          <figcaption className="bo-dash__h2">
            {t('dashboard.perCategory')} ({d.currency})
          </figcaption>
          <ResponsiveContainer width="100%" height={Math.max(160, categories.length * 44 + 60)}>
            <BarChart data={categories} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tickFormatter={short} tick={axis} />
              <YAxis type="category" dataKey="category" tick={axis} width={64} />
              <Tooltip {...tooltip} />
              <Legend wrapperStyle={axis} />
              <Bar
                dataKey="bets"
                name={t('dashboard.bets')}
                fill={COLOURS.bets}
                isAnimationActive={false}
                maxBarSize={40}
              />
              <Bar
                dataKey="ggr"
                name={t('dashboard.ggr')}
                fill={COLOURS.ggr}
                isAnimationActive={false}
                maxBarSize={40}
              />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
    </div>
  );
}

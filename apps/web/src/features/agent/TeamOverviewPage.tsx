import { useTranslation } from 'react-i18next';
import { type RevenueReport, useRevenue, useTeamOverview } from '../../api/agents.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { AgentPage, signedClass, Tiles, useMoney, usePeriod } from './parts.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import '../../i18n/areas/agent.ts';

/** Agent centre › team overview (agentTeamOverview, /agentHome): the team's figures for a period and a chart by day. */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const { range, valid, filter } = usePeriod('today');
  const overview = useTeamOverview(range, valid);
  const revenue = useRevenue(range, valid);
  return (
    <AgentPage title={t('agent.overview.title')} filters={filter}>
      {valid && <QueryState query={overview}>{(o) => <OverviewTiles o={o} />}</QueryState>}
      {valid && (
        <section aria-labelledby="chart-title">
          <h2 id="chart-title">{t('agent.chart.title')}</h2>
          <QueryState query={revenue} isEmpty={(r) => r.days.length === 0} empty={t('agent.empty')}>
            {(r) => <ChartAndTable report={r} exponent={overview.data?.exponent} />}
          </QueryState>
        </section>
      )}
    </AgentPage>
  );
}

function OverviewTiles({ o }: { o: NonNullable<ReturnType<typeof useTeamOverview>['data']> }) {
  const { t } = useTranslation();
  const money = useMoney(o.exponent);
  return (
    <>
      <Tiles
        label={t('agent.overview.figures', { currency: o.currency })}
        items={[
          { label: t('agent.f.members'), value: `${o.members} (${t('agent.f.direct', { count: o.directMembers })})` },
          { label: t('agent.f.newMembers'), value: o.newMembers },
          { label: t('agent.f.activeMembers'), value: o.activeMembers },
          { label: t('agent.f.deposits'), value: money(o.deposits) },
          { label: t('agent.f.withdrawals'), value: money(o.withdrawals) },
          { label: t('agent.f.validBet'), value: money(o.validBet) },
          { label: t('agent.f.payout'), value: money(o.payout) },
          { label: t('agent.f.profit'), value: money(o.profit), tone: signedClass(o.profit) },
        ]}
      />
      <p className="agent-note">{t('agent.overview.profitNote')}</p>
      {o.freshAsOf && (
        <p className="agent-note">
          {t('agent.overview.freshAsOf')} <DateTime value={o.freshAsOf} />
        </p>
      )}
    </>
  );
}

/** The chart and its table fallback (the same figures, for screen readers and exact values). */
export function ChartAndTable({ report, exponent }: { report: RevenueReport; exponent?: number }) {
  const { t } = useTranslation();
  const money = useMoney(exponent);
  return (
    <>
      <RevenueChart report={report} exponent={exponent} />
      <details className="agent-details">
        <summary>{t('agent.chart.table')}</summary>
        <DayTable report={report} money={money} />
      </details>
    </>
  );
}

export function DayTable({ report, money }: { report: RevenueReport; money: (v: string) => string }) {
  const { t } = useTranslation();
  const cols = ['validBet', 'payout', 'profit', 'deposits', 'withdrawals'] as const;
  return (
    <table className="data-table">
      <caption>{t('agent.revenue.caption', { from: report.from, to: report.to })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('agent.f.day')}</th>
          {cols.map((c) => (
            <th key={c} scope="col" className="num">
              {t(`agent.f.${c}`)}
            </th>
          ))}
          <th scope="col" className="num">
            {t('agent.f.activeMembers')}
          </th>
        </tr>
      </thead>
      <tbody>
        {report.days.map((d) => (
          <tr key={d.day}>
            <th scope="row" data-label={t('agent.f.day')}>
              {d.day}
            </th>
            {cols.map((c) => (
              <td
                key={c}
                data-label={t(`agent.f.${c}`)}
                className={c === 'profit' ? `num ${signedClass(d[c])}` : 'num'}
              >
                {money(d[c])}
              </td>
            ))}
            <td data-label={t('agent.f.activeMembers')} className="num">
              {d.activeMembers}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" data-label={t('agent.f.day')}>
            {t('agent.f.total')}
          </th>
          {cols.map((c) => (
            <td key={c} data-label={t(`agent.f.${c}`)} className="num">
              {money(report.totals[c])}
            </td>
          ))}
          <td data-label={t('agent.f.activeMembers')} className="num">
            {report.totals.activeMembers}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

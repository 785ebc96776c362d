import { formatMoney, type LeaderboardView, type MissionView } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCheckIn, useLeaderboard, useMissions } from '../../api/rewards.ts';
import { useWalletBalance } from '../../api/wallet.ts';
import { PayAsNote } from '../../components/bonus-terms.tsx';
import { DataTable, Th } from '../../components/DataTable.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { QueryState } from '../../components/QueryState.tsx';
import './rewards.css';
import '../../i18n/areas/rewards.ts';

type Money = (minor: string) => string;

/** A mission's progress in percent (whole), 0–100. */
export const percentOf = (progress: string, target: string) =>
  Number((BigInt(progress) * 100n) / (BigInt(target) || 1n));

/** Member centre › missionLeaderboard: missions with progress bars and the check-in; the current leaderboard. */
export function MissionLeaderboardPage() {
  const { t } = useTranslation();
  const wallet = useWalletBalance().data;
  const money: Money = (v) => (wallet ? `${wallet.currency} ${formatMoney(v, wallet.exponent)}` : v);
  return (
    <section className="rewards" aria-labelledby="page-title">
      <h1 id="page-title">{t('rewards.missionsTitle')}</h1>
      <p className="history-note">{t('rewards.missionsIntro')}</p>
      <Missions money={money} />
      <Board money={money} plain={(v) => (wallet ? formatMoney(v, wallet.exponent) : v)} />
    </section>
  );
}

function Missions({ money }: { money: Money }) {
  const { t } = useTranslation();
  const missions = useMissions();
  const checkIn = useCheckIn();
  const [error, setError] = useState<string | null>(null);
  return (
    <QueryState
      query={missions}
      loading={t('common.loading')}
      errorTitle={t('rewards.loadError')}
      isEmpty={(d) => d.list.length === 0}
      empty={<p className="field__hint">{t('rewards.noMissions')}</p>}
    >
      {(data) => (
        <>
          <ul className="missions">
            {data.list.map((m) => (
              <MissionCard
                key={m.id}
                m={m}
                money={money}
                checkIn={
                  m.kind === 'check_in' && !m.completed
                    ? () => {
                        setError(null);
                        checkIn.mutate(undefined, { onError: (e) => setError(errorText(t, e)) });
                      }
                    : undefined
                }
                busy={checkIn.isPending}
              />
            ))}
          </ul>
          <p role="alert" className="form__error">
            {error}
          </p>
        </>
      )}
    </QueryState>
  );
}

function MissionCard({
  m,
  money,
  checkIn,
  busy,
}: {
  m: MissionView;
  money: Money;
  checkIn?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const pct = percentOf(m.progress, m.target);
  const amounts = m.kind === 'bet_amount';
  const id = `mission-${m.id}`;
  return (
    <li className="missions__card" aria-labelledby={id}>
      <div className="missions__top">
        <h3 id={id}>{m.title}</h3>
        <span className="missions__period">{t(`rewards.period.${m.period}`)}</span>
      </div>
      <div
        className="missions__bar"
        role="progressbar"
        aria-label={t('rewards.progress', { title: m.title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${amounts ? money(m.progress) : m.progress} / ${amounts ? money(m.target) : m.target}`}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="missions__meta">
        <span>
          {amounts ? money(m.progress) : m.progress} / {amounts ? money(m.target) : m.target}
        </span>
        <span>
          {t('rewards.reward')}: <strong>{money(m.reward)}</strong>
        </span>
      </p>
      <PayAsNote payment={m} money={money} />
      {m.kind === 'check_in' && m.streak > 0 && (
        <p className="field__hint">{t('rewards.streak', { count: m.streak })}</p>
      )}
      {m.completed ? (
        <p className="missions__done">
          {m.kind === 'check_in' ? t('rewards.checkedIn') : t('rewards.done')}{' '}
          <Link to="/member/rewardCenter">{t('rewards.goClaim')}</Link>
        </p>
      ) : checkIn ? (
        <button type="button" className="btn btn--primary" onClick={checkIn} disabled={busy} aria-busy={busy}>
          {busy ? t('rewards.checkingIn') : t('rewards.checkIn')}
        </button>
      ) : (
        m.endsAt && (
          <p className="field__hint">
            {t('rewards.ends')} <DateTime value={m.endsAt} />
          </p>
        )
      )}
    </li>
  );
}

function Board({ money, plain }: { money: Money; plain: Money }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<'daily' | 'weekly'>('daily');
  const [metric, setMetric] = useState<'valid_bet' | 'multiplier'>('valid_bet');
  const board = useLeaderboard(period, metric);
  const score = (v: string) => (metric === 'valid_bet' ? plain(v) : `×${(Number(v) / 10_000).toFixed(2)}`);
  return (
    <section aria-labelledby="board-title" className="board">
      <h2 id="board-title">{t('rewards.boardTitle')}</h2>
      <div className="board__filters">
        <label className="field">
          <span className="field__label">{t('rewards.boardPeriod')}</span>
          <select value={period} onChange={(e) => setPeriod(e.target.value as 'daily' | 'weekly')}>
            <option value="daily">{t('rewards.period.daily')}</option>
            <option value="weekly">{t('rewards.period.weekly')}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('rewards.boardMetric')}</span>
          <select value={metric} onChange={(e) => setMetric(e.target.value as 'valid_bet' | 'multiplier')}>
            <option value="valid_bet">{t('rewards.metric.valid_bet')}</option>
            <option value="multiplier">{t('rewards.metric.multiplier')}</option>
          </select>
        </label>
      </div>
      <QueryState query={board} loading={t('common.loading')} errorTitle={t('rewards.loadError')}>
        {(data) => <BoardTable data={data} score={score} money={money} />}
      </QueryState>
    </section>
  );
}

function BoardTable({ data, score, money }: { data: LeaderboardView; score: Money; money: Money }) {
  const { t } = useTranslation();
  const prize = (rank: number) => data.prizes.find((p) => p.rank === rank)?.amount;
  return (
    <>
      <p className="board__me" data-testid="my-rank">
        {data.me ? t('rewards.myRank', { rank: data.me.rank, score: score(data.me.score) }) : t('rewards.notRanked')}
      </p>
      {data.list.length === 0 ? (
        <p className="field__hint">{t('rewards.noBoard')}</p>
      ) : (
        <DataTable
          caption={t('rewards.boardTitle')}
          head={
            <>
              <Th num>{t('rewards.rank')}</Th>
              <Th>{t('rewards.player')}</Th>
              <Th num>{t('rewards.score')}</Th>
              <Th num>{t('rewards.prize')}</Th>
            </>
          }
        >
          {data.list.map((r) => (
            <tr key={r.rank}>
              <td className="num" data-label={t('rewards.rank')}>
                {r.rank}
              </td>
              <th scope="row" data-label={t('rewards.player')}>
                {r.account}
              </th>
              <td className="num" data-label={t('rewards.score')}>
                {score(r.score)}
              </td>
              <td className="num" data-label={t('rewards.prize')}>
                {prize(r.rank) ? money(prize(r.rank)!) : '–'}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="field__hint">
        {t('rewards.boardEnds')} <DateTime value={data.endsAt} />. {data.prizes.length > 0 && t('rewards.prizesPaid')}
      </p>
      {data.prizes.length > 0 && <PayAsNote payment={data} money={money} />}
    </>
  );
}

import { formatMoney, type RaffleDetail } from '@sea/contracts';
import { commitServerSeed, drawRaffle } from '@sea/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useRaffle } from '../../api/cashback-raffle.ts';
import { PayAsNote } from '../../components/bonus-terms.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import './rewards.css';
import '../../i18n/areas/rewards.ts';

/** Recomputes a drawn raffle in the browser: the seed's hash and the winning tickets from the seed and the list. */
export function verifyRaffle(d: RaffleDetail): boolean {
  const seed = d.raffle.seed;
  if (!seed || commitServerSeed(seed) !== d.raffle.seedHash) return false;
  const total = d.blocks.reduce((s, b) => s + b.tickets, 0);
  const expected = drawRaffle(seed, d.raffle.id, total, d.raffle.prizes.length);
  return expected.length === d.winners.length && expected.every((ticket, i) => d.winners[i]?.ticket === ticket);
}

/** /raffle/:id — a raffle for the member: my tickets, the prizes, the draw result and its verification. */
export default function RafflePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useRaffle(id);
  return (
    <section className="rewards raffle" aria-labelledby="page-title">
      <Link className="btn btn--ghost" to="/member/rewardCenter">
        {t('rewards.raffle.back')}
      </Link>
      <QueryState query={q} loading={t('common.loading')} errorTitle={t('rewards.raffle.loadError')}>
        {(d) => <RaffleView d={d} />}
      </QueryState>
    </section>
  );
}

function RaffleView({ d }: { d: RaffleDetail }) {
  const { t } = useTranslation();
  const [check, setCheck] = useState<boolean | null>(null);
  const money = (v: string) => `${d.currency} ${formatMoney(v, d.exponent)}`;
  const r = d.raffle;
  const mine = d.mine;
  const won = d.winners.some((w) => w.mine);
  return (
    <>
      <h1 id="page-title">{r.title}</h1>
      <p className="field__hint">
        {t('rewards.raffle.perTicket', { amount: money(r.turnoverPerTicket), max: r.maxTickets })} ·{' '}
        {t('rewards.raffle.window')} <DateTime value={r.endsAt} /> · {t('rewards.raffle.drawAt')}{' '}
        <DateTime value={r.drawAt} />
      </p>
      <div className="rewards__panel">
        <h2>{t('rewards.raffle.yourTickets')}</h2>
        <p>
          <strong>{t('rewards.raffle.myTickets', { count: mine?.tickets ?? 0 })}</strong>
          {mine && mine.from !== null && mine.tickets > 0 && (
            <> · {t('rewards.raffle.ticketRange', { from: mine.from, to: mine.from + mine.tickets - 1 })}</>
          )}
        </p>
        {!mine?.tickets && <p className="field__hint">{t('rewards.raffle.noTickets')}</p>}
        <p className="field__hint">{t('rewards.raffle.entrants', { tickets: r.tickets, count: r.entrants })}</p>
        <h3>{t('rewards.raffle.prizes')}</h3>
        <ol className="raffle__prizes">
          {r.prizes.map((p, i) => (
            <li key={i}>
              {t('rewards.raffle.prizeN', { rank: i + 1 })}: {money(p)}
            </li>
          ))}
        </ol>
        <PayAsNote payment={r} money={money} />
      </div>
      <div className="rewards__panel">
        <h2>{t('rewards.raffle.winners')}</h2>
        {won && (
          <p className="rewards__done" role="status">
            {t('rewards.raffle.youWon')} <Link to="/member/rewardCenter">{t('rewards.goClaim')}</Link>
          </p>
        )}
        {r.status === 'open' ? (
          <p className="field__hint">{t('rewards.raffle.notDrawn')}</p>
        ) : d.winners.length === 0 ? (
          <p className="field__hint">{t('rewards.raffle.noWinners')}</p>
        ) : (
          <div className="table-scroll">
            <table className="raffle__table" aria-label={t('rewards.raffle.winners')}>
              <thead>
                <tr>
                  <th scope="col">{t('rewards.raffle.amount')}</th>
                  <th scope="col">{t('rewards.raffle.ticket')}</th>
                  <th scope="col">{t('rewards.raffle.holder')}</th>
                </tr>
              </thead>
              <tbody>
                {d.winners.map((w) => (
                  <tr key={w.rank} className={w.mine ? 'raffle__mine' : undefined}>
                    <td>
                      {t('rewards.raffle.prizeN', { rank: w.rank })}: {money(w.amount)}
                    </td>
                    <td>#{w.ticket}</td>
                    <td>{w.mine ? `${w.holder} (${t('rewards.raffle.you')})` : w.holder}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <div className="rewards__panel">
        <h2>{t('rewards.raffle.fairTitle')}</h2>
        <p className="field__hint">{t('rewards.raffle.fairIntro')}</p>
        <dl className="raffle__proof">
          <dt>{t('rewards.raffle.seedHash')}</dt>
          <dd className="raffle__mono">{r.seedHash}</dd>
          <dt>{t('rewards.raffle.seed')}</dt>
          <dd className="raffle__mono">{r.seed ?? t('rewards.raffle.seedHidden')}</dd>
          <dt>{t('rewards.raffle.algorithm')}</dt>
          <dd>
            {t('rewards.raffle.algorithmText')} <span className="raffle__mono">({d.algorithm})</span>
          </dd>
        </dl>
        {r.status === 'drawn' && (
          <>
            <button type="button" className="btn btn--primary" onClick={() => setCheck(verifyRaffle(d))}>
              {t('rewards.raffle.verify')}
            </button>
            <p role="status" className={check === false ? 'form__error' : 'rewards__done'}>
              {check === null ? '' : check ? t('rewards.raffle.verified') : t('rewards.raffle.mismatch')}
            </p>
            <h3>{t('rewards.raffle.ticketList')}</h3>
            <div className="table-scroll">
              <table className="raffle__table" aria-label={t('rewards.raffle.ticketList')}>
                <thead>
                  <tr>
                    <th scope="col">{t('rewards.raffle.holder')}</th>
                    <th scope="col">{t('rewards.raffle.ticket')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.blocks.map((b) => (
                    <tr key={b.from} className={mine?.from === b.from ? 'raffle__mine' : undefined}>
                      <td>{b.holder}</td>
                      <td>{t('rewards.raffle.ticketRange', { from: b.from, to: b.from + b.tickets - 1 })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </>
  );
}

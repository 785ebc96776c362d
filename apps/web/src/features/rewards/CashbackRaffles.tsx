import { type CashbackStanding, formatMoney, type PlayerRaffle } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCashback, useRaffles } from '../../api/cashback-raffle.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { bonusTermsText, PayAsNote } from '../../components/bonus-terms.tsx';

type Money = (minor: string) => string;
const moneyOf =
  (currency: string, exponent: number): Money =>
  (v) =>
    `${currency} ${formatMoney(v, exponent)}`;

/** The reward centre's cashback block: each programme's running period (net loss so far, expected cashback). */
export function CashbackPanel() {
  const { t } = useTranslation();
  const q = useCashback();
  return (
    <section className="rewards__panel" aria-labelledby="cashback-title">
      <h2 id="cashback-title">{t('rewards.cashback.title')}</h2>
      <p className="field__hint">{t('rewards.cashback.intro')}</p>
      <QueryState
        query={q}
        loading={t('common.loading')}
        errorTitle={t('rewards.cashback.loadError')}
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="field__hint">{t('rewards.cashback.none')}</p>}
      >
        {(d) => (
          <ul className="rewards__list">
            {d.list.map((p) => (
              <CashbackRow key={p.id} p={p} money={moneyOf(d.currency, d.exponent)} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function CashbackRow({ p, money }: { p: CashbackStanding; money: Money }) {
  const { t } = useTranslation();
  const net = BigInt(p.netLoss);
  const note = net <= 0n ? t('rewards.cashback.ahead') : p.expected === '0' ? t('rewards.cashback.belowMin') : null;
  return (
    <li className="rewards__item rewards__item--stack" aria-label={p.title}>
      <div>
        <p className="rewards__title">
          <span className="rewards__source">{t(`rewards.cashback.period.${p.period}`)}</span> {p.title}
        </p>
        <p className="field__hint">
          {t('rewards.cashback.terms', {
            percent: p.percentBp / 100,
            min: money(p.minNetLoss),
            cap: money(p.cap),
          })}
          {' · '}
          {p.categories.length
            ? t('rewards.cashback.categories', { list: p.categories.join(', ') })
            : t('rewards.cashback.allGames')}
        </p>
        {p.bonusTerms && <p className="field__hint">{bonusTermsText(t, p.bonusTerms, money)}</p>}
        <p className="field__hint">
          {t('rewards.cashback.periodEnds')} <DateTime value={p.periodEndsAt} />
        </p>
      </div>
      <dl className="rewards__figures">
        <div>
          <dt>{t('rewards.cashback.netLoss')}</dt>
          <dd>{money(net < 0n ? '0' : p.netLoss)}</dd>
        </div>
        <div>
          <dt>{t('rewards.cashback.expected')}</dt>
          <dd>
            <strong>{money(p.expected)}</strong>
          </dd>
        </div>
      </dl>
      {note && <p className="field__hint rewards__note">{note}</p>}
    </li>
  );
}

/** The reward centre's raffle block: open and recent raffles with the member's tickets, each linking to its draw. */
export function RafflesPanel() {
  const { t } = useTranslation();
  const q = useRaffles();
  return (
    <section className="rewards__panel" aria-labelledby="raffles-title">
      <h2 id="raffles-title">{t('rewards.raffle.title')}</h2>
      <QueryState
        query={q}
        loading={t('common.loading')}
        errorTitle={t('rewards.raffle.loadError')}
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="field__hint">{t('rewards.raffle.none')}</p>}
      >
        {(d) => (
          <ul className="rewards__list">
            {d.list.map((r) => (
              <RaffleRow key={r.id} r={r} money={moneyOf(d.currency, d.exponent)} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function RaffleRow({ r, money }: { r: PlayerRaffle; money: Money }) {
  const { t } = useTranslation();
  return (
    <li className="rewards__item" aria-label={r.title}>
      <div>
        <p className="rewards__title">
          <span className="rewards__source">
            {r.status === 'drawn' ? t('rewards.raffle.drawn') : t('rewards.raffle.open')}
          </span>{' '}
          {r.title}
        </p>
        <p className="field__hint">
          {t('rewards.raffle.perTicket', { amount: money(r.turnoverPerTicket), max: r.maxTickets })}
        </p>
        <p className="field__hint">
          {t('rewards.raffle.window')} <DateTime value={r.endsAt} /> · {t('rewards.raffle.drawAt')}{' '}
          <DateTime value={r.drawAt} />
        </p>
        <p className="field__hint">
          {t('rewards.raffle.prizes')}: {r.prizes.map(money).join(' · ')}
        </p>
        <PayAsNote payment={r} money={money} />
      </div>
      <div className="rewards__action">
        <strong>{t('rewards.raffle.myTickets', { count: r.myTickets })}</strong>
        <Link
          className="btn btn--ghost"
          to={`/raffle/${r.id}`}
          aria-label={t('rewards.raffle.detailsOf', { title: r.title })}
        >
          {t('rewards.raffle.details')}
        </Link>
      </div>
    </li>
  );
}

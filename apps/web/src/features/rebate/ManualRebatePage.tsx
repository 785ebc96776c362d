import { formatMoney, type ManualRebate, type RebateRecords } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../api/auth.ts';
import { useClaimRebate, useManualRebate, useRebateRecords } from '../../api/rebate.ts';
import { DataTable, Th } from '../../components/DataTable.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import './rebate.css';
import '../../i18n/areas/rebate.ts';

/** 2026-11-20 → 20/11/2026 (the site's date format). */
const dayText = (day: string) => day.split('-').reverse().join('/');
const percent = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2)}%`;

/** Member centre › manualRebate: today's category rebate, claimed at once, and the rebates paid so far. */
export function ManualRebatePage() {
  const { t } = useTranslation();
  const me = useMemberInfo();
  const real = Boolean(me.data && !me.data.isTrial);
  const rebate = useManualRebate(real);
  const states = { loading: t('common.loading'), errorTitle: t('rebate.loadError') };
  return (
    <section className="history rebate" aria-labelledby="page-title">
      <h1 id="page-title">{t('rebate.title')}</h1>
      <p className="history-note">{t('rebate.intro')}</p>
      <QueryState query={me} {...states}>
        {(member) =>
          member.isTrial ? (
            <p role="alert">{t('errors.in_need_true_account')}</p>
          ) : (
            <>
              <QueryState query={rebate} {...states}>
                {(data) => <Today data={data} />}
              </QueryState>
              <Records />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function Today({ data }: { data: ManualRebate }) {
  const { t } = useTranslation();
  const claim = useClaimRebate();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const money = (v: string) => formatMoney(v, data.exponent);
  const total = `${data.currency} ${money(data.totalClaimable)}`;
  const onClaim = () => {
    setMessage(null);
    claim.mutate(undefined, {
      onSuccess: (r) =>
        setMessage({
          text:
            r.paid === '0'
              ? t('rebate.paidNothing')
              : t('rebate.paid', { amount: `${data.currency} ${formatMoney(r.paid, data.exponent)}` }),
          error: false,
        }),
      onError: (err) => setMessage({ text: errorText(t, err), error: true }),
    });
  };
  return (
    <section aria-labelledby="rebate-today">
      <h2 id="rebate-today">{t('rebate.today', { day: dayText(data.day) })}</h2>
      {data.rows.length === 0 ? (
        <p className="field__hint">{t('rebate.nothing')}</p>
      ) : (
        <DataTable
          caption={t('rebate.amountsIn', { currency: data.currency })}
          head={
            <>
              <Th>{t('rebate.category')}</Th>
              <Th num>{t('rebate.validBet')}</Th>
              <Th num>{t('rebate.rate')}</Th>
              <Th num>{t('rebate.accrued')}</Th>
              <Th num>{t('rebate.claimed')}</Th>
              <Th num>{t('rebate.claimable')}</Th>
            </>
          }
        >
          {data.rows.map((r) => (
            <tr key={r.category}>
              <th scope="row" data-label={t('rebate.category')}>
                {t(`rebate.categories.${r.category}`)}
              </th>
              <td className="num" data-label={t('rebate.validBet')}>
                {money(r.validBet)}
              </td>
              <td className="num" data-label={t('rebate.rate')}>
                {percent(r.rateBp)}
              </td>
              <td className="num" data-label={t('rebate.accrued')}>
                {money(r.accrued)}
              </td>
              <td className="num" data-label={t('rebate.claimed')}>
                {money(r.claimed)}
              </td>
              <td className="num" data-label={t('rebate.claimable')}>
                <strong>{money(r.claimable)}</strong>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="rebate-claim">
        <p>
          {t('rebate.total')}: <strong data-testid="rebate-total">{total}</strong>
        </p>
        <button
          type="button"
          className="btn btn--primary"
          disabled={data.totalClaimable === '0' || claim.isPending}
          aria-busy={claim.isPending}
          onClick={onClaim}
        >
          {claim.isPending ? t('rebate.claiming') : t('rebate.claim', { amount: total })}
        </button>
      </div>
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'form__error' : 'rebate-done'}>
        {message?.text}
      </p>
    </section>
  );
}

function Records() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useRebateRecords(page);
  return (
    <section aria-labelledby="rebate-records">
      <h2 id="rebate-records">{t('rebate.records')}</h2>
      <QueryState
        query={records}
        loading={t('common.loading')}
        errorTitle={t('rebate.loadError')}
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="field__hint">{t('rebate.noRecords')}</p>}
      >
        {(data) => <RecordTable data={data} onPage={setPage} />}
      </QueryState>
    </section>
  );
}

function RecordTable({ data, onPage }: { data: RebateRecords; onPage(page: number): void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <DataTable
        caption={t('rebate.amountsIn', { currency: data.currency })}
        head={
          <>
            <Th>{t('rebate.day')}</Th>
            <Th>{t('rebate.category')}</Th>
            <Th>{t('rebate.kind')}</Th>
            <Th num>{t('rebate.validBet')}</Th>
            <Th num>{t('rebate.amount')}</Th>
            <Th>{t('rebate.paidAt')}</Th>
          </>
        }
      >
        {data.list.map((r, i) => (
          <tr key={`${r.paidAt}-${r.category}-${i}`}>
            <td data-label={t('rebate.day')}>{dayText(r.day)}</td>
            <td data-label={t('rebate.category')}>{t(`rebate.categories.${r.category}`)}</td>
            <td data-label={t('rebate.kind')}>{t(`rebate.kinds.${r.kind}`)}</td>
            <td className="num" data-label={t('rebate.validBet')}>
              {formatMoney(r.validBet, data.exponent)}
            </td>
            <td className="num" data-label={t('rebate.amount')}>
              {data.currency} {formatMoney(r.amount, data.exponent)}
            </td>
            <td data-label={t('rebate.paidAt')}>
              <DateTime value={r.paidAt} />
            </td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 && <Pager page={data.pageNo} pages={pages} onPage={onPage} label={t('rebate.pagination')} />}
    </>
  );
}

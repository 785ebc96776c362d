import { type DepositList, formatMoney } from '@sea/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDepositMethods, useDeposits, useRefreshWallet } from '../../api/deposit.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { DepositForm } from './DepositForm.tsx';
import { DepositHistory } from './DepositHistory.tsx';
import { DepositResult } from './DepositResult.tsx';
import './deposit.css';
import '../../i18n/areas/deposit.ts';
import { methodName } from './method-name.ts';

/** How long the page waits for a gateway outcome before saying it is slow (the list keeps the final word). */
const RESULT_WAIT_MS = 90_000;

/** Member centre › depositv2: pick a method, pay online or declare a bank transfer; recent deposits below. */
export function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const watchId = params.get('deposit');
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const methods = useDepositMethods();
  const [selected, setSelected] = useState<string | null>(null);

  const deposits = useDeposits({
    poll: (data) => {
      const watched = watchId ? data?.list.find((d) => d.id === watchId) : undefined;
      if (watchId && (!data || watched?.status === 'pending') && Date.now() - startedAt < RESULT_WAIT_MS) return 2000;
      return data?.list.some((d) => d.status === 'pending') ? 15_000 : false;
    },
  });
  useWalletRefreshOnCredit(deposits.data, watchId);

  useEffect(() => {
    if (!watchId) return;
    const id = setTimeout(() => setTimedOut(true), RESULT_WAIT_MS);
    return () => clearTimeout(id);
  }, [watchId]);

  return (
    <section className="deposit" aria-labelledby="page-title">
      <h1 id="page-title">{t('deposit.title')}</h1>
      {watchId && (
        <DepositResult
          depositId={watchId}
          data={deposits.data}
          timedOut={timedOut}
          onClose={() => {
            params.delete('deposit');
            setParams(params, { replace: true });
          }}
        />
      )}

      <QueryState query={methods} isEmpty={(d) => d.methods.length === 0} empty={t('deposit.noMethods')}>
        {({ methods: list, currency, exponent }) => {
          const method = list.find((m) => m.code === selected) ?? list[0]!;
          return (
            <>
              <section className="deposit-section" aria-labelledby="deposit-methods">
                <h2 id="deposit-methods">{t('deposit.methods')}</h2>
                <div className="deposit-methods" role="radiogroup" aria-labelledby="deposit-methods">
                  {list.map((m) => (
                    <button
                      key={m.code}
                      type="button"
                      role="radio"
                      aria-checked={m.code === method.code}
                      className="deposit-method"
                      onClick={() => setSelected(m.code)}
                    >
                      <span className="deposit-method__name">{methodName(t, m.code, m.name)}</span>
                      <span className="deposit-method__kind">
                        {m.kind === 'gateway' ? t('deposit.kindGateway') : t('deposit.kindBank')}
                      </span>
                      <span className="deposit-method__limits">
                        {formatMoney(m.minAmount, exponent)} – {formatMoney(m.maxAmount, exponent)}
                      </span>
                    </button>
                  ))}
                </div>
              </section>
              <section className="deposit-section">
                <DepositForm key={method.code} method={method} currency={currency} exponent={exponent} />
              </section>
            </>
          );
        }}
      </QueryState>

      <DepositHistory query={deposits} />
    </section>
  );
}

/** When a deposit turns successful while the page is open (or is the one just paid), the header balance refreshes. */
function useWalletRefreshOnCredit(data: DepositList | undefined, watchId: string | null) {
  const refreshWallet = useRefreshWallet();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const credited = new Set(data.list.filter((d) => d.status === 'success').map((d) => d.id));
    const previous = seen.current;
    const fresh = previous ? [...credited].some((id) => !previous.has(id)) : watchId !== null && credited.has(watchId);
    seen.current = credited;
    if (fresh) void refreshWallet();
  }, [data, watchId, refreshWallet]);
}

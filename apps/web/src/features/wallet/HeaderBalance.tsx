// The zod-free entry: the header is on every page, zod and the schemas load with the pages that need them.
import { formatMoney } from '@sea/contracts/money-format';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../api/auth.ts';
import { useWalletBalance } from '../../api/wallet.ts';
import './header-balance.css';

const MASK_KEY = 'wallet.balanceMasked';
const MASK = '******';
/** Clicks closer together than this refresh once (spec: click refreshes; the server is not a toy). */
const REFRESH_THROTTLE_MS = 1000;

function readMasked(): boolean {
  try {
    return localStorage.getItem(MASK_KEY) === '1';
  } catch {
    return false;
  }
}

/** Header balance (spec §2): main wallet, 2 decimals with separators; click refreshes; the eye masks it. Trial accounts see a tag. */
export function HeaderBalance() {
  const { t } = useTranslation();
  const me = useMemberInfo().data;
  if (!me) return null;
  if (me.isTrial) {
    return (
      <span className="badge header-balance__trial" title={t('wallet.trialHint')}>
        {t('wallet.trial')}
      </span>
    );
  }
  return <RealBalance />;
}

function RealBalance() {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  const [masked, setMasked] = useState(readMasked);
  const lastRefresh = useRef(0);
  const busy = balance.isFetching;

  function refresh() {
    const now = Date.now();
    if (busy || now - lastRefresh.current < REFRESH_THROTTLE_MS) return;
    lastRefresh.current = now;
    void balance.refetch();
  }

  function toggleMask() {
    const next = !masked;
    setMasked(next);
    try {
      localStorage.setItem(MASK_KEY, next ? '1' : '0');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }

  const data = balance.data;
  // What the member can spend: the balance less what pending withdrawals hold (the same figure as the Withdraw page).
  const amount = masked ? MASK : data ? formatMoney(data.main.available, data.exponent) : balance.isError ? '—' : '…';
  const held = data ? BigInt(data.main.balance) - BigInt(data.main.available) : 0n;
  return (
    <div className="header-balance">
      <button
        type="button"
        className="header-balance__amount"
        onClick={refresh}
        aria-busy={busy}
        title={balance.isError ? t('wallet.balanceError') : t('wallet.refreshBalance')}
      >
        <span className="sr-only">{t('wallet.balance')} </span>
        {data && <span className="header-balance__currency">{data.currency}</span>}
        <span className="header-balance__value">{amount}</span>
        {data?.bonus && data.bonus !== '0' && !masked && (
          <span className="header-balance__held" data-testid="header-bonus">
            {t('wallet.bonusPart', { amount: formatMoney(data.bonus, data.exponent) })}
          </span>
        )}
        {data && held > 0n && !masked && (
          <span className="header-balance__held">
            {t('wallet.pendingHold', { amount: formatMoney(String(held), data.exponent) })}
          </span>
        )}
        {busy ? <span className="spinner header-balance__spinner" aria-hidden="true" /> : <RefreshIcon />}
      </button>
      <button
        type="button"
        className="header-balance__eye"
        aria-pressed={masked}
        aria-label={masked ? t('wallet.showBalance') : t('wallet.hideBalance')}
        onClick={toggleMask}
      >
        <EyeIcon closed={masked} />
      </button>
    </div>
  );
}

function RefreshIcon() {
  return (
    <svg
      className="header-balance__icon"
      viewBox="0 0 24 24"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M17.65 6.35A7.95 7.95 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z"
      />
    </svg>
  );
}

function EyeIcon({ closed }: { closed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C7 5 2.73 8.11 1 12c1.73 3.89 6 7 11 7s9.27-3.11 11-7c-1.73-3.89-6-7-11-7zm0 12a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"
      />
      {closed && <path stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="M3 3l18 18" />}
    </svg>
  );
}

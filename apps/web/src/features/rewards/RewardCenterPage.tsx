import { formatMoney, type RewardItem } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClaimReward, useRewards } from '../../api/rewards.ts';
import { useWalletBalance } from '../../api/wallet.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { bonusTermsText } from '../../components/bonus-terms.tsx';
import { CashbackPanel, RafflesPanel } from './CashbackRaffles.tsx';
import './rewards.css';
import '../../i18n/areas/rewards.ts';

type View = 'claimable' | 'history';

/** Member centre › rewardCenter: rewards waiting to be claimed (with expiry), each claimed once; the history. */
export function RewardCenterPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('claimable');
  const [page, setPage] = useState(1);
  const rewards = useRewards(view, page);
  const wallet = useWalletBalance().data;
  const money = (v: string) => (wallet ? `${wallet.currency} ${formatMoney(v, wallet.exponent)}` : v);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  // The claim lives here, not in its row: the row leaves the list once claimed, the message must stay.
  const claim = useClaimReward();
  const onClaim = (r: RewardItem) => {
    setMessage(null);
    claim.mutate(r.reference, {
      onSuccess: () =>
        setMessage({
          text: t(r.kind === 'bonus' ? 'rewards.claimedBonus' : 'rewards.claimed', { amount: money(r.amount) }),
          error: false,
        }),
      onError: (err) => setMessage({ text: errorText(t, err), error: true }),
    });
  };
  return (
    <section className="rewards" aria-labelledby="page-title">
      <div className="rewards__head">
        <h1 id="page-title">{t('rewards.centreTitle')}</h1>
        <Link className="btn btn--ghost" to="/pointMall">
          {t('rewards.toMall')}
        </Link>
      </div>
      <p className="history-note">{t('rewards.centreIntro')}</p>
      <Tabs
        label={t('rewards.tabsLabel')}
        tabs={[
          { key: 'claimable', label: t('rewards.claimable') },
          { key: 'history', label: t('rewards.history') },
        ]}
        active={view}
        onChange={(v) => {
          setView(v);
          setPage(1);
          setMessage(null);
        }}
      />
      <p role={message?.error ? 'alert' : 'status'} className={message?.error ? 'form__error' : 'rewards__done'}>
        {message?.text}
      </p>
      <QueryState
        query={rewards}
        loading={t('common.loading')}
        errorTitle={t('rewards.loadError')}
        isEmpty={(d) => d.list.length === 0}
        empty={<p className="field__hint">{view === 'claimable' ? t('rewards.empty') : t('rewards.emptyHistory')}</p>}
      >
        {(data) => (
          <>
            <ul className="rewards__list">
              {data.list.map((r) => (
                <RewardRow
                  key={r.reference}
                  reward={r}
                  money={money}
                  busy={claim.isPending && claim.variables === r.reference}
                  onClaim={() => onClaim(r)}
                />
              ))}
            </ul>
            {data.total > data.pageSize && (
              <Pager
                page={data.pageNo}
                pages={Math.ceil(data.total / data.pageSize)}
                onPage={setPage}
                label={t('rewards.tabsLabel')}
              />
            )}
          </>
        )}
      </QueryState>
      <CashbackPanel />
      <RafflesPanel />
    </section>
  );
}

function RewardRow({
  reward: r,
  money,
  busy,
  onClaim,
}: {
  reward: RewardItem;
  money: (v: string) => string;
  busy: boolean;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="rewards__item">
      <div>
        <p className="rewards__title">
          <span className="rewards__source">{t(`rewards.source.${r.source}`)}</span> {r.title}
        </p>
        {r.bonusTerms && <p className="field__hint">{bonusTermsText(t, r.bonusTerms, money)}</p>}
        <p className="field__hint">
          {r.status === 'claimed' && r.claimedAt ? (
            <>
              {t('rewards.claimedAt')} <DateTime value={r.claimedAt} />
            </>
          ) : (
            <>
              {t('rewards.expires')} <DateTime value={r.expiresAt} />
            </>
          )}
        </p>
      </div>
      <div className="rewards__action">
        <strong className="rewards__amount">{money(r.amount)}</strong>
        {r.status === 'claimable' ? (
          <button type="button" className="btn btn--primary" disabled={busy} aria-busy={busy} onClick={onClaim}>
            {busy ? t('rewards.claiming') : t('rewards.claim', { amount: money(r.amount) })}
          </button>
        ) : (
          <span className={`rewards__status rewards__status--${r.status}`}>{t(`rewards.status.${r.status}`)}</span>
        )}
      </div>
    </li>
  );
}

import { formatMoney, type ReferralFriend } from '@sea/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReferral } from '../../api/referral.ts';
import { useWalletBalance } from '../../api/wallet.ts';
import { PayAsNote } from '../../components/bonus-terms.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import './referral.css';
import '../../i18n/areas/referral.ts';

/**
 * Member centre › referral (flag REFERRALPROMO3): the member's code and link to copy (and the link as a QR code), the programme's rules, the
 * friends who registered through it (masked) with their status, and the rewards earned (claimed in the reward centre).
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const referral = useReferral();
  const wallet = useWalletBalance().data;
  const money = (v: string) => (wallet ? `${wallet.currency} ${formatMoney(v, wallet.exponent)}` : v);
  return (
    <section className="referral" aria-labelledby="page-title">
      <h1 id="page-title">{t('referral.title')}</h1>
      <p className="history-note">{t('referral.intro')}</p>
      <QueryState query={referral} loading={t('common.loading')} errorTitle={t('referral.loadError')}>
        {(data) => {
          const link = `${window.location.origin}${data.link}`;
          return (
            <>
              <div className="referral__share">
                <CopyRow label={t('referral.code')} value={data.code} />
                <CopyRow label={t('referral.link')} value={link} />
                <figure className="referral__qr">
                  <QRCodeSVG value={link} size={144} marginSize={2} role="img" aria-label={t('referral.qr')} />
                  <figcaption>{t('referral.qrHint')}</figcaption>
                </figure>
              </div>
              <h2 className="referral__heading">{t('referral.rules')}</h2>
              <ul className="referral__rules">
                <li>{t('referral.ruleDeposit', { amount: money(data.rules.minFirstDeposit) })}</li>
                <li>
                  {t('referral.ruleTurnover', { amount: money(data.rules.turnover), days: data.rules.withinDays })}
                </li>
                <li>
                  {t('referral.ruleReward', { amount: money(data.rules.referrerReward) })}
                  <PayAsNote as="span" payment={data.rules} money={money} />
                </li>
                {data.rules.refereeReward !== '0' && (
                  <li>
                    {t('referral.ruleFriendReward', { amount: money(data.rules.refereeReward) })}
                    <PayAsNote as="span" payment={data.rules} money={money} />
                  </li>
                )}
                <li>{t('referral.ruleCap', { count: data.rules.monthlyCap })}</li>
                <li>{t('referral.ruleSelf')}</li>
              </ul>
              <div className="referral__earned" role="group" aria-label={t('referral.earned')}>
                <p>
                  {t('referral.rewardedFriends')} <span className="referral__figure">{data.rewardedCount}</span>
                </p>
                <p>
                  {t('referral.earned')} <span className="referral__figure">{money(data.rewardsEarned)}</span>
                </p>
                <Link className="btn btn--ghost" to="/member/rewardCenter">
                  {t('referral.toRewards')}
                </Link>
              </div>
              <h2 className="referral__heading">{t('referral.friends')}</h2>
              {data.friends.length === 0 ? (
                <p className="field__hint">{t('referral.noFriends')}</p>
              ) : (
                <FriendsTable friends={data.friends} />
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

/** A value to share with its copy button; says so when copied (or to copy it by hand when the browser refuses). */
function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="referral__copy">
      <label className="field referral__label">
        <span>{label}</span>
        <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        type="button"
        className="btn btn--primary"
        onClick={copy}
        aria-label={t('referral.copyWhat', { what: label })}
      >
        {t('referral.copy')}
      </button>
      <span role="status" className="referral__copied">
        {state === 'copied' ? t('referral.copied') : state === 'failed' ? t('referral.copyFailed') : ''}
      </span>
    </div>
  );
}

function FriendsTable({ friends }: { friends: ReferralFriend[] }) {
  const { t } = useTranslation();
  return (
    <div className="referral__table-wrap">
      <table className="referral__table">
        <caption className="sr-only">{t('referral.friends')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('referral.friend')}</th>
            <th scope="col">{t('referral.joined')}</th>
            <th scope="col">{t('referral.status')}</th>
          </tr>
        </thead>
        <tbody>
          {friends.map((f, i) => (
            <tr key={`${f.username}-${f.joinedAt}-${i}`}>
              <td>{f.username}</td>
              <td>
                <DateTime value={f.joinedAt} />
              </td>
              <td>
                <span className={`referral__status referral__status--${f.status}`}>
                  {t(`referral.statuses.${f.status}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { MemberDetail } from '@sea/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AdminApiError } from '../../api/client.ts';
import { useMember } from '../../api/members.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { MemberActions } from './MemberActions.tsx';
import { MemberRecords } from './MemberRecords.tsx';
import { MemberProfile } from './MemberProfile.tsx';
import { MemberRg } from './MemberRg.tsx';
import { MemberKyc } from './MemberKyc.tsx';
import { MemberVip } from './MemberVip.tsx';
import { Can } from '../../components/permissions.tsx';
import { memberPath } from './member-path.ts';
import './members.css';

/**
 * A member's page (/members/:ref, ref = the account): profile, status, balances (main, held, vendor wallets), agent
 * line, the actions the staff member's role allows, and the member's records in tabs (ledger, bets, deposits,
 * withdrawals, logins, notes).
 */
export function MemberPage() {
  const { t } = useTranslation();
  const account = (useParams().ref ?? '').toLowerCase();
  const member = useMember(account);
  const back = (
    <Link className="bo-link" to="/members">
      ← {t('members.backToList')}
    </Link>
  );

  if (member.isError) {
    const notFound = member.error instanceof AdminApiError && member.error.status === 404;
    return (
      <div className="bo-page">
        {back}
        <h1>{account}</h1>
        {notFound ? (
          <p role="alert">{t('members.notFound')}</p>
        ) : (
          <ErrorAlert error={member.error} onRetry={() => void member.refetch()} />
        )}
      </div>
    );
  }
  const d = member.data;
  return (
    <div className="bo-page">
      {back}
      <div className="bo-page__head bo-member__head">
        <h1>
          {account}{' '}
          {d && (
            <Badge tone={d.status.status === 'active' ? 'good' : 'bad'}>
              {t(`members.statuses.${d.status.status}`)}
            </Badge>
          )}
        </h1>
        {d && <MemberActions detail={d} />}
      </div>
      {!d ? (
        <p className="bo-muted" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <div className="bo-member__grid">
            <Profile d={d} />
            <div className="bo-member__side">
              <Balances d={d} />
              <AgentLine d={d} />
            </div>
          </div>
          {!d.profile.isTrial && (
            <Section id="member-profile-extra" title={t('memberProfile.title')}>
              <MemberProfile account={account} />
            </Section>
          )}
          <MemberRecords account={account} currency={d.balances.currency} exponent={d.balances.exponent} />
          {!d.profile.isTrial && (
            <Section id="member-kyc" title={t('kyc.memberSection')}>
              <MemberKyc account={account} />
            </Section>
          )}
          {!d.profile.isTrial && (
            <Can permission="rewards.view">
              <Section id="member-vip" title={t('vip.member.title')}>
                <MemberVip account={account} />
              </Section>
            </Can>
          )}
          {!d.profile.isTrial && (
            <Section id="member-rg" title={t('memberRg.title')}>
              <MemberRg account={account} />
            </Section>
          )}
        </>
      )}
    </div>
  );
}

function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="bo-card bo-member__section" aria-labelledby={props.id}>
      <h2 id={props.id} className="bo-member__h2">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

function Profile({ d }: { d: MemberDetail }) {
  const { t } = useTranslation();
  const p = d.profile;
  const s = d.status;
  const rows: [string, ReactNode][] = [
    [t('members.id'), p.id],
    [t('members.kind'), p.isTrial ? t('members.trial') : p.isAgent ? t('members.agent') : t('members.member')],
    [t('members.nickname'), p.nickname ?? '—'],
    [t('members.realName'), p.realName ?? '—'],
    [t('members.mobile'), p.mobile ?? '—'],
    [t('members.email'), p.email ?? '—'],
    [t('members.rebatePoint'), p.rebatePoint],
    [t('members.language'), p.language],
    [t('members.registeredAt'), formatDateTime(p.registeredAt)],
    [t('members.registrationIp'), p.registrationIp || '—'],
    [t('members.invitationCode'), p.invitationCode ?? '—'],
    [t('members.affiliateCode'), p.affiliateCode ?? '—'],
    [t('members.lastLogin'), formatDateTime(p.lastLoginAt) || '—'],
    [t('members.lastLoginIp'), p.lastLoginIp ?? '—'],
    [t('members.status'), t(`members.statuses.${s.status}`)],
    ...(s.lockReason ? ([[t('members.lockReason'), s.lockReason]] as [string, ReactNode][]) : []),
    ...(s.closedAt ? ([[t('members.closedAt'), formatDateTime(s.closedAt)]] as [string, ReactNode][]) : []),
    ...(s.loginLockedUntil
      ? ([[t('members.loginLockedUntil'), formatDateTime(s.loginLockedUntil)]] as [string, ReactNode][])
      : []),
    [t('members.mustChangePassword'), s.mustChangePassword ? t('members.yes') : t('members.no')],
    [t('members.liveSessions'), d.counts.liveSessions],
  ];
  return (
    <Section id="bo-member-profile" title={t('members.profile')}>
      <dl className="bo-detail bo-member__dl">
        {rows.map(([k, v]) => (
          <div key={k} className="bo-member__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

function Balances({ d }: { d: MemberDetail }) {
  const { t } = useTranslation();
  const b = d.balances;
  const money = (v: string) => formatAmount(v, b.exponent);
  const wallets = [{ name: t('members.main'), ...b.main }, ...b.vendors.map((v) => ({ name: v.vendorCode, ...v }))];
  return (
    <Section id="bo-member-balances" title={`${t('members.balances')} (${b.currency})`}>
      <div className="bo-table__scroll">
        <table className="bo-member__table" aria-labelledby="bo-member-balances">
          <thead>
            <tr>
              <th scope="col">{t('members.wallet')}</th>
              <th scope="col" className="num">
                {t('members.balance')}
              </th>
              <th scope="col" className="num">
                {t('members.held')}
              </th>
              <th scope="col" className="num">
                {t('members.available')}
              </th>
            </tr>
          </thead>
          <tbody>
            {wallets.map((w) => (
              <tr key={w.name}>
                <th scope="row">{w.name}</th>
                <td className="num">{money(w.balance)}</td>
                <td className="num">{money(w.held)}</td>
                <td className="num">{money(w.available)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('members.total')}</th>
              <td className="num bo-member__total">{money(b.total)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
    </Section>
  );
}

function AgentLine({ d }: { d: MemberDetail }) {
  const { t } = useTranslation();
  return (
    <Section id="bo-member-line" title={t('members.agentLine')}>
      {d.agentLine.length === 0 ? (
        <p className="bo-muted">{t('members.noUpline')}</p>
      ) : (
        <ol className="bo-member__line">
          {d.agentLine.map((u) => (
            <li key={u.account}>
              <span className="bo-muted">{t('members.level', { depth: u.depth })}</span>{' '}
              <Link className="bo-link" to={memberPath(u.account)}>
                {u.account}
              </Link>
            </li>
          ))}
        </ol>
      )}
      <dl className="bo-detail bo-member__dl">
        <div className="bo-member__row">
          <dt>{t('members.directDownlines')}</dt>
          <dd>{d.counts.directDownlines}</dd>
        </div>
        <div className="bo-member__row">
          <dt>{t('members.downlines')}</dt>
          <dd>{d.counts.downlines}</dd>
        </div>
      </dl>
    </Section>
  );
}

import { type BonusClaim, type BonusSummary, formatMoney } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBonusSummary, useForfeitBonus } from '../../api/bonus.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Modal } from '../../components/Modal.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import './bonus.css';
import '../../i18n/areas/bonus.ts';

const TONE: Record<BonusClaim['status'], StatusTone> = {
  joined: 'waiting',
  flagged: 'waiting',
  queued: 'waiting',
  active: 'paid',
  converted: 'done',
  expired: 'void',
  forfeited: 'void',
  rejected: 'refused',
  lapsed: 'void',
};

/**
 * Member centre › bonus details (spec §2 bonusDetails): main and bonus balances, the active bonus with its
 * wagering progress, expiry and a forfeit (confirmed in a dialog), the queued and waiting bonuses, the history.
 */
export function BonusDetailsPage() {
  const { t } = useTranslation();
  const query = useBonusSummary();
  return (
    <section className="bonus" aria-labelledby="page-title">
      <h1 id="page-title">{t('centre.member.bonusDetails')}</h1>
      <p className="bonus__note">{t('bonus.intro')}</p>
      <QueryState query={query}>{(d) => <Summary data={d} />}</QueryState>
    </section>
  );
}

function Summary({ data }: { data: BonusSummary }) {
  const { t } = useTranslation();
  const money = (v: string) => `${data.currency} ${formatMoney(v, data.exponent)}`;
  return (
    <>
      <dl className="bonus__balances">
        <div>
          <dt>{t('bonus.main')}</dt>
          <dd data-testid="bonus-main">{money(data.mainBalance)}</dd>
        </div>
        <div>
          <dt>{t('bonus.bonus')}</dt>
          <dd data-testid="bonus-balance">{money(data.bonusBalance)}</dd>
        </div>
      </dl>
      <section className="bonus__card" aria-labelledby="bonus-active">
        <h2 id="bonus-active">{t('bonus.active')}</h2>
        {data.active ? (
          <ActiveBonus claim={data.active} money={money} bonusBalance={data.bonusBalance} />
        ) : (
          <p className="empty-panel">{t('bonus.noActive')}</p>
        )}
      </section>
      <ClaimList title={t('bonus.queued')} note={t('bonus.queuedNote')} claims={data.queued} money={money} />
      <ClaimList title={t('bonus.waiting')} note={t('bonus.waitingNote')} claims={data.waiting} money={money} />
      <ClaimList title={t('bonus.history')} claims={data.history} money={money} history />
    </>
  );
}

function ActiveBonus(props: { claim: BonusClaim; money: (v: string) => string; bonusBalance: string }) {
  const { t } = useTranslation();
  const { claim: c, money } = props;
  const [asking, setAsking] = useState(false);
  const forfeit = useForfeitBonus();
  const required = BigInt(c.requirement);
  const done = BigInt(c.wagered);
  const percent = required === 0n ? 100 : Number((done * 100n) / required);
  return (
    <div className="bonus__active">
      <p className="bonus__title">
        <strong>{c.title}</strong> <StatusBadge tone={TONE[c.status]}>{t(`bonus.status.${c.status}`)}</StatusBadge>
      </p>
      <dl className="bonus__facts">
        <div>
          <dt>{t('bonus.amount')}</dt>
          <dd>{money(c.amount)}</dd>
        </div>
        {c.depositAmount !== '0' && (
          <div>
            <dt>{t('bonus.deposit')}</dt>
            <dd>{money(c.depositAmount)}</dd>
          </div>
        )}
        {c.expiresAt && (
          <div>
            <dt>{t('bonus.expires')}</dt>
            <dd>
              <DateTime value={c.expiresAt} />
            </dd>
          </div>
        )}
        {c.maxStake && (
          <div>
            <dt>{t('bonus.maxStake')}</dt>
            <dd>{money(c.maxStake)}</dd>
          </div>
        )}
        {c.maxConversion && (
          <div>
            <dt>{t('bonus.maxConversion')}</dt>
            <dd>{money(c.maxConversion)}</dd>
          </div>
        )}
      </dl>
      <div className="bonus__progress">
        <span id="bonus-wagering">{t('bonus.wagering')}</span>
        <progress aria-labelledby="bonus-wagering" max={100} value={percent} data-testid="bonus-progress" />
        <span>
          {t('bonus.wageringOf', { done: money(c.wagered), required: money(c.requirement) })} ({percent}%)
        </span>
      </div>
      <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
        {t('bonus.forfeit')}
      </button>
      <Modal open={asking} onClose={() => setAsking(false)} title={t('bonus.forfeitTitle')}>
        <p>{t('bonus.forfeitText', { amount: money(props.bonusBalance) })}</p>
        {forfeit.isError && (
          <p role="alert" className="form__error">
            {errorText(t, forfeit.error)}
          </p>
        )}
        <div className="bonus__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setAsking(false)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={forfeit.isPending}
            onClick={() => forfeit.mutate(c.id, { onSuccess: () => setAsking(false) })}
          >
            {t('bonus.forfeitConfirm')}
          </button>
        </div>
      </Modal>
    </div>
  );
}

function ClaimList(props: {
  title: string;
  note?: string;
  claims: BonusClaim[];
  money: (v: string) => string;
  history?: boolean;
}) {
  const { t } = useTranslation();
  if (props.claims.length === 0 && !props.history) return null;
  return (
    <section className="bonus__card" aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.note && <p className="bonus__note">{props.note}</p>}
      {props.claims.length === 0 ? (
        <p className="empty-panel">{t('bonus.empty')}</p>
      ) : (
        <ul className="bonus__list">
          {props.claims.map((c) => (
            <li key={c.id} className="bonus__item">
              <span className="bonus__item-title">
                <strong>{c.title}</strong> · {t(`bonus.kinds.${c.kind}`)}
              </span>
              <StatusBadge tone={TONE[c.status]}>{t(`bonus.status.${c.status}`)}</StatusBadge>
              {c.amount !== '0' && <span>{props.money(c.amount)}</span>}
              {c.converted !== '0' && <span>{t('bonus.converted', { amount: props.money(c.converted) })}</span>}
              {c.forfeited !== '0' && <span>{t('bonus.lost', { amount: props.money(c.forfeited) })}</span>}
              <DateTime value={c.endedAt ?? c.joinedAt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

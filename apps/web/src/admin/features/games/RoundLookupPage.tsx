import type { AdminBaccaratProof, AdminRound, AdminRoundProof, AdminSabongProof } from '@sea/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRoundLookup } from '../../api/games.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { formatAmount, formatDateTime } from '../../lib/format.ts';

const REFERENCE = /^#?[A-Za-z0-9_.:-]{1,64}$/;

/**
 * A round found by the reference the member's betting record shows (?ref= in the URL): member, game, stake, win,
 * outcome; for our own games the fairness proof and the server's recomputation (the fairness page's check).
 */
export function RoundLookupPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const reference = params.get('ref') ?? '';
  const [text, setText] = useState(reference);
  const [invalid, setInvalid] = useState(false);
  const lookup = useRoundLookup(reference);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (!REFERENCE.test(v)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setParams({ ref: v.replace(/^#/, '') });
  };

  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('games.rounds.title')}</h1>
      </div>
      <form className="bo-card bo-form bo-lookup" onSubmit={submit} noValidate role="search">
        <div className="bo-field">
          <label htmlFor="round-ref">{t('games.rounds.reference')}</label>
          <input
            id="round-ref"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'round-ref-err' : 'round-ref-hint'}
            autoComplete="off"
            spellCheck={false}
          />
          {invalid ? (
            <p id="round-ref-err" className="bo-field__error" role="alert">
              {t('games.rounds.invalid')}
            </p>
          ) : (
            <p id="round-ref-hint" className="bo-hint">
              {t('games.rounds.hint')}
            </p>
          )}
        </div>
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary">
            {t('games.rounds.find')}
          </button>
        </div>
      </form>
      {lookup.isFetching && <p role="status">{t('common.loading')}</p>}
      {lookup.isError && <ErrorAlert error={lookup.error} onRetry={() => void lookup.refetch()} />}
      {lookup.data?.items.length === 0 && (
        <p className="bo-alert bo-alert--info" role="status">
          {t('games.rounds.none', { reference })}
        </p>
      )}
      {lookup.data?.items.map((r) => (
        <RoundCard key={`${r.vendorCode}:${r.memberAccount}`} round={r} />
      ))}
    </div>
  );
}

function RoundCard({ round: r }: { round: AdminRound }) {
  const { t } = useTranslation();
  const money = (minor: string) => formatAmount(minor, r.exponent, r.currency);
  return (
    <section className="bo-card bo-round" aria-label={t('games.rounds.roundTitle', { reference: r.reference })}>
      <h2>{t('games.rounds.roundTitle', { reference: r.reference })}</h2>
      <dl className="bo-detail">
        <dt>{t('games.rounds.member')}</dt>
        <dd>{r.memberAccount}</dd>
        <dt>{t('games.game')}</dt>
        <dd>
          {r.gameName ?? r.gameCode ?? '—'} <span className="bo-muted">({r.vendorName})</span>
        </dd>
        <dt>{t('games.rounds.stake')}</dt>
        <dd>{money(r.stake)}</dd>
        <dt>{t('games.rounds.win')}</dt>
        <dd>{money(r.payout)}</dd>
        <dt>{t('games.rounds.net')}</dt>
        <dd>{money(r.net)}</dd>
        <dt>{t('games.status')}</dt>
        <dd>
          <Badge tone={r.status === 'settled' ? 'good' : r.status === 'open' ? 'warn' : 'neutral'}>
            {t(`games.rounds.statuses.${r.status}`)}
          </Badge>
        </dd>
        <dt>{t('games.rounds.started')}</dt>
        <dd>{formatDateTime(r.startedAt)}</dd>
        <dt>{t('games.rounds.settled')}</dt>
        <dd>{r.settledAt ? formatDateTime(r.settledAt) : '—'}</dd>
        <dt>{t('games.rounds.outcome')}</dt>
        <dd>{r.summary ?? '—'}</dd>
      </dl>
      {r.proof ? (
        <Proof proof={r.proof} />
      ) : r.tableProof?.game === 'baccarat' ? (
        <ShoeProof proof={r.tableProof} />
      ) : r.tableProof?.game === 'sabong' ? (
        <FightProof proof={r.tableProof} />
      ) : (
        <p className="bo-hint">{t('games.rounds.vendorRecord')}</p>
      )}
    </section>
  );
}

function Proof({ proof: p }: { proof: AdminRoundProof }) {
  const { t } = useTranslation();
  const v = p.verification;
  return (
    <section className="bo-proof" aria-label={t('games.rounds.proof')}>
      <h3>{t('games.rounds.proof')}</h3>
      <dl className="bo-detail bo-detail--code">
        <dt>{t('games.rounds.commitment')}</dt>
        <dd>
          <code>{p.serverSeedHash}</code>
        </dd>
        <dt>{t('games.rounds.serverSeed')}</dt>
        <dd>{p.serverSeed ? <code>{p.serverSeed}</code> : t('games.rounds.notRevealed')}</dd>
        <dt>{t('games.rounds.clientSeed')}</dt>
        <dd>
          <code>{p.clientSeed}</code>
        </dd>
        <dt>{t('games.rounds.nonce')}</dt>
        <dd>{p.nonce}</dd>
        <dt>{t('games.rounds.bet')}</dt>
        <dd>
          <code>{JSON.stringify(p.bet)}</code>
          {p.holds && <code> holds {JSON.stringify(p.holds)}</code>}
        </dd>
        <dt>{t('games.rounds.credits')}</dt>
        <dd>{t('games.rounds.creditsValue', { stake: p.stakeCredits, win: p.winCredits, version: p.mathVersion })}</dd>
      </dl>
      <h4>{t('games.rounds.verify')}</h4>
      {v === null ? (
        <p className="bo-alert bo-alert--info" role="status">
          {t('games.rounds.verifyLater')}
        </p>
      ) : (
        <ul className="bo-checks" data-testid="round-verification">
          <Check ok={v.hashMatches} yes={t('games.rounds.hashOk')} no={t('games.rounds.hashBad')} />
          <Check ok={v.resultMatches} yes={t('games.rounds.resultOk')} no={t('games.rounds.resultBad')} />
          {v.recomputedWinCredits !== null && (
            <li>{t('games.rounds.recomputedWin', { win: v.recomputedWinCredits })}</li>
          )}
          {v.error && <li className="bo-field__error">{v.error}</li>}
        </ul>
      )}
    </section>
  );
}

/** A baccarat hand: its place in the shoe, its cards, the shoe's commitment and check. */
function ShoeProof({ proof: p }: { proof: AdminBaccaratProof }) {
  const { t } = useTranslation();
  const v = p.verification;
  return (
    <section className="bo-proof" aria-label={t('games.rounds.tableProof')}>
      <h3>{t('games.rounds.tableProof')}</h3>
      <dl className="bo-detail bo-detail--code">
        <dt>{t('games.rounds.table')}</dt>
        <dd>{p.table}</dd>
        <dt>{t('games.rounds.shoe')}</dt>
        <dd>
          #{p.shoeId} · {t('games.rounds.handAt', { hand: p.hand, position: p.position })}
        </dd>
        <dt>{t('games.rounds.cards')}</dt>
        <dd>
          <code>{p.cards.join(' ')}</code>
        </dd>
        <dt>{t('games.rounds.shoeSeedHash')}</dt>
        <dd>
          <code>{p.seedHash}</code>
        </dd>
        <dt>{t('games.rounds.shoeSeed')}</dt>
        <dd>{p.seed ? <code>{p.seed}</code> : t('games.rounds.shoeNotRevealed')}</dd>
      </dl>
      <h4>{t('games.rounds.verify')}</h4>
      {v === null ? (
        <p className="bo-alert bo-alert--info" role="status">
          {t('games.rounds.shoeVerifyLater')}
        </p>
      ) : (
        <ul className="bo-checks" data-testid="round-verification">
          <Check ok={v.hashMatches} yes={t('games.rounds.shoeHashOk')} no={t('games.rounds.hashBad')} />
          <Check ok={v.cardsMatch} yes={t('games.rounds.cardsOk')} no={t('games.rounds.cardsBad')} />
        </ul>
      )}
    </section>
  );
}

/** A sabong fight: its commitment, outcome, and once fought (or cancelled) its seed and the check. */
function FightProof({ proof: p }: { proof: AdminSabongProof }) {
  const { t } = useTranslation();
  const v = p.verification;
  return (
    <section className="bo-proof" aria-label={t('games.rounds.fightProof')}>
      <h3>{t('games.rounds.fightProof')}</h3>
      <dl className="bo-detail bo-detail--code">
        <dt>{t('games.rounds.arena')}</dt>
        <dd>{p.table}</dd>
        <dt>{t('games.rounds.fightNo')}</dt>
        <dd>{p.fightNo}</dd>
        <dt>{t('games.rounds.fightOutcome')}</dt>
        <dd>
          {p.cancelled
            ? t('games.rounds.fightCancelled')
            : p.outcome
              ? t(`games.rounds.outcomes.${p.outcome}`)
              : t('games.rounds.fightNotOver')}
        </dd>
        <dt>{t('games.rounds.fightSeedHash')}</dt>
        <dd>
          <code>{p.seedHash}</code>
        </dd>
        <dt>{t('games.rounds.fightSeed')}</dt>
        <dd>{p.seed ? <code>{p.seed}</code> : t('games.rounds.fightNotRevealed')}</dd>
      </dl>
      <h4>{t('games.rounds.verify')}</h4>
      {v === null ? (
        <p className="bo-alert bo-alert--info" role="status">
          {t(p.cancelled ? 'games.rounds.fightNoOutcome' : 'games.rounds.fightVerifyLater')}
        </p>
      ) : (
        <ul className="bo-checks" data-testid="round-verification">
          <Check ok={v.hashMatches} yes={t('games.rounds.fightHashOk')} no={t('games.rounds.hashBad')} />
          <Check ok={v.outcomeMatches} yes={t('games.rounds.outcomeOk')} no={t('games.rounds.outcomeBad')} />
        </ul>
      )}
    </section>
  );
}

function Check({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <li className={ok ? 'bo-check-ok' : 'bo-check-bad'}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? yes : no}
    </li>
  );
}

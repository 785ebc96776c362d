import type { HouseSeedResult } from '@sea/contracts';
import { verifyServerSeed } from '@sea/games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGame } from './game-context.tsx';
import { playErrorOf } from './play-errors.ts';

/** The server's rule for a client seed (contracts houseSeedRequest), without loading zod into the game page. */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/**
 * The game's provably-fair panel: the committed server seed hash, the client seed and the next nonce. Changing
 * the client seed rotates the pair: the old server seed is revealed (checked here against its hash) and the
 * rounds played with it can be verified on the site's fairness page.
 */
export function FairnessPanel() {
  const { t } = useTranslation();
  const { api, fairness, setFairness, lastRound } = useGame();
  const [seed, setSeed] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<HouseSeedResult['revealed'] | null>(null);
  // The round to verify: the last one played on the seed just revealed.
  const [verifiable, setVerifiable] = useState<{ id: string; nonce: number } | null>(null);
  // After a change: whether the new pair's server seed is the one whose hash was shown in advance.
  const [promiseKept, setPromiseKept] = useState<boolean | null>(null);

  async function rotate(e: FormEvent) {
    e.preventDefault();
    const value = seed.trim();
    if (value && !CLIENT_SEED.test(value)) {
      setError(t('fairness.invalidSeed'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const promised = fairness.nextServerSeedHash;
      const r = await api.rotateSeed(value || undefined);
      setRevealed(r.revealed);
      setPromiseKept(r.next.serverSeedHash === promised);
      setVerifiable(
        lastRound && lastRound.serverSeedHash === r.revealed.serverSeedHash
          ? { id: lastRound.id, nonce: lastRound.nonce }
          : null,
      );
      setFairness(r.next);
      setSeed('');
    } catch (err) {
      const p = playErrorOf(err);
      setError(p.detail ?? t(p.key));
    } finally {
      setBusy(false);
    }
  }

  const hashOk = revealed ? verifyServerSeed(revealed.serverSeed, revealed.serverSeedHash) : false;

  return (
    <div className="fair">
      <p className="fair__intro">{t('fairness.intro')}</p>
      <dl className="fair__list">
        <dt>{t('fairness.serverSeedHash')}</dt>
        <dd>
          <code data-testid="server-seed-hash">{fairness.serverSeedHash}</code>
        </dd>
        <dt>{t('fairness.nextServerSeedHash')}</dt>
        <dd>
          <code data-testid="next-server-seed-hash">{fairness.nextServerSeedHash}</code>
          <span className="fair__hint">{t('fairness.nextHint')}</span>
        </dd>
        <dt>{t('fairness.clientSeed')}</dt>
        <dd>
          <code data-testid="client-seed">{fairness.clientSeed}</code>
        </dd>
        <dt>{t('fairness.nonce')}</dt>
        <dd>
          <code data-testid="nonce">{fairness.nonce}</code>
        </dd>
      </dl>
      {lastRound && !revealed && (
        <p className="fair__hint">{t('fairness.lastRound', { id: lastRound.id, nonce: lastRound.nonce })}</p>
      )}
      <form className="fair__form" onSubmit={(e) => void rotate(e)} noValidate>
        <label htmlFor="fair-seed">{t('fairness.newClientSeed')}</label>
        <div className="fair__row">
          <input
            id="fair-seed"
            value={seed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="fair-seed-hint"
            aria-invalid={Boolean(error)}
            onChange={(e) => setSeed(e.target.value)}
          />
          <button type="submit" className="pbtn pbtn--gold" disabled={busy}>
            {busy ? t('fairness.rotating') : t('fairness.rotate')}
          </button>
        </div>
        <p id="fair-seed-hint" className="fair__hint">
          {t('fairness.seedHint')}
        </p>
        {error && (
          <p role="alert" className="fair__error">
            {error}
          </p>
        )}
      </form>
      {revealed && (
        <section className="fair__revealed" aria-label={t('fairness.revealed')}>
          <h3>{t('fairness.revealed')}</h3>
          <dl className="fair__list">
            <dt>{t('fairness.revealedSeed')}</dt>
            <dd>
              <code data-testid="revealed-seed">{revealed.serverSeed}</code>
            </dd>
            <dt>{t('fairness.serverSeedHash')}</dt>
            <dd>
              <code>{revealed.serverSeedHash}</code> <span className={hashOk ? 'ok' : 'bad'}>{hashOk ? '✓' : '✗'}</span>
            </dd>
            <dt>{t('fairness.clientSeed')}</dt>
            <dd>
              <code>{revealed.clientSeed}</code>
            </dd>
          </dl>
          {promiseKept !== null && (
            <p className={promiseKept ? 'ok' : 'bad'} data-testid="next-seed-kept">
              {promiseKept ? `✓ ${t('fairness.nextKept')}` : `✗ ${t('fairness.nextBroken')}`}
            </p>
          )}
          <p className="fair__hint">{t('fairness.revealedRounds', { n: revealed.rounds })}</p>
          {verifiable && (
            <a
              className="pbtn pbtn--ghost"
              href={`/fairness?round=${encodeURIComponent(verifiable.id)}`}
              target="_blank"
              rel="noopener"
            >
              {t('fairness.verify')} #{verifiable.id}
            </a>
          )}
        </section>
      )}
    </div>
  );
}

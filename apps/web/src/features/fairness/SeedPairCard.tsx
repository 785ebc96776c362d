import type { Fairness, HouseSeedResult } from '@sea/contracts';
import { commitServerSeed } from '@sea/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFairness, useRotateSeed } from '../../api/fairness.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';

const clientSeedSchema = z.object({
  clientSeed: z
    .string()
    .trim()
    .regex(/^([\x21-\x7e]{1,64})?$/, 'fairness.invalidClientSeed'),
});

/**
 * The member's seed pair: the current server seed's hash and the next one's (committed before the member picks a
 * client seed), the client seed and next nonce; changing the pair reveals the current server seed, and the page
 * checks both promises in the browser — the revealed seed hashes to what was shown, and the new pair runs on the
 * server seed committed ahead.
 */
export function SeedPairCard() {
  const { t } = useTranslation();
  const query = useFairness(true);
  return (
    <section className="fairness__card" aria-labelledby="seeds-title">
      <h2 id="seeds-title">{t('fairness.seedsTitle')}</h2>
      <p className="field__hint">{t('fairness.seedsIntro')}</p>
      <QueryState query={query}>{(pair) => <SeedPair pair={pair} />}</QueryState>
    </section>
  );
}

function SeedPair({ pair }: { pair: Fairness }) {
  const { t } = useTranslation();
  const rotate = useRotateSeed();
  const form = useZodForm(clientSeedSchema, { clientSeed: '' });
  // What the page showed before the change: the promises are checked against it.
  const [done, setDone] = useState<{ shown: Fairness; result: HouseSeedResult } | null>(null);
  return (
    <>
      <dl className="fairness__facts" data-testid="seed-pair">
        <div className="fairness__wide">
          <dt>{t('fairness.currentHash')}</dt>
          <dd>
            <code data-testid="current-hash">{pair.serverSeedHash}</code>
          </dd>
        </div>
        <div className="fairness__wide">
          <dt>{t('fairness.nextHash')}</dt>
          <dd>
            <code data-testid="next-hash">{pair.nextServerSeedHash}</code>
          </dd>
        </div>
        <div>
          <dt>{t('fairness.clientSeed')}</dt>
          <dd>
            <code>{pair.clientSeed}</code>
          </dd>
        </div>
        <div>
          <dt>{t('fairness.nextNonce')}</dt>
          <dd>
            <code>{pair.nonce}</code>
          </dd>
        </div>
      </dl>
      <Form
        form={form}
        className="fairness__load"
        onSubmit={async (v) => {
          const shown = pair;
          const result = await rotate.mutateAsync(v.clientSeed || undefined);
          setDone({ shown, result });
          form.reset({ clientSeed: '' });
        }}
      >
        <TextField
          name="clientSeed"
          label={t('fairness.newClientSeed')}
          hint={t('fairness.newClientSeedHint')}
          autoComplete="off"
          spellCheck={false}
        />
        <FormFooter label={t('fairness.rotateSubmit')} buttonClassName="btn btn--primary fairness__rotate" />
      </Form>
      {done && <Rotated shown={done.shown} result={done.result} />}
    </>
  );
}

function Rotated({ shown, result }: { shown: Fairness; result: HouseSeedResult }) {
  const { t } = useTranslation();
  const revealedOk = commitServerSeed(result.revealed.serverSeed) === shown.serverSeedHash;
  const nextUsed = result.next.serverSeedHash === shown.nextServerSeedHash;
  return (
    <section className="fairness__verdict" aria-labelledby="rotated-title" data-testid="rotated">
      <h3 id="rotated-title">{t('fairness.rotatedTitle')}</h3>
      <dl className="fairness__facts">
        <div className="fairness__wide">
          <dt>{t('fairness.revealedSeed')}</dt>
          <dd>
            <code>{result.revealed.serverSeed}</code>
          </dd>
        </div>
      </dl>
      <ul className="fairness__checks">
        <li className={revealedOk ? 'check check--ok' : 'check check--bad'}>
          <span aria-hidden="true">{revealedOk ? '✓' : '✗'}</span>{' '}
          {revealedOk ? t('fairness.revealedOk') : t('fairness.revealedBad')}
        </li>
        <li className={nextUsed ? 'check check--ok' : 'check check--bad'}>
          <span aria-hidden="true">{nextUsed ? '✓' : '✗'}</span>{' '}
          {nextUsed ? t('fairness.nextUsedOk') : t('fairness.nextUsedBad')}
        </li>
      </ul>
      <p className="field__hint">{t('fairness.roundsOnSeed', { count: result.revealed.rounds })}</p>
    </section>
  );
}

/** The promises behind the seeds, in words. */
export function CommitmentsCard() {
  const { t } = useTranslation();
  return (
    <section className="fairness__card" aria-labelledby="commit-title">
      <h2 id="commit-title">{t('fairness.commitTitle')}</h2>
      <ul className="fairness__commitments">
        <li>{t('fairness.commitNext')}</li>
        <li>{t('fairness.commitReveal')}</li>
        <li>{t('fairness.commitFinish')}</li>
        <li>{t('fairness.commitAppend')}</li>
      </ul>
    </section>
  );
}

import { formatMoney, HOUSE_GAME_IDS, type HouseRound } from '@sea/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { useHouseRound, useRotateSeed } from '../../api/fairness.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { useSession } from '../../state/session.ts';
import { useSystemStatus } from '../../state/system.ts';
import { type RoundInputs, verifyRound } from '../../lib/verify-round.ts';
import { CommitmentsCard, SeedPairCard } from './SeedPairCard.tsx';
import { VerificationView } from './VerificationView.tsx';
import './fairness.css';
import '../../i18n/areas/fairness.ts';

const roundIdSchema = z.object({
  round: z
    .string()
    .trim()
    .regex(/^\d{1,18}$/, 'fairness.invalidValue'),
});

/**
 * /fairness: the member's seed pair (current and next server seed hashes, a new client seed), what we commit to, and
 * the round verifier. A round of the member's (?round=<id>, /wps/house/rounds/:id) or seeds pasted by
 * hand are recomputed in the browser with the server's engines (@sea/games) and compared with the stored result;
 * the revealed server seed is checked against the hash committed before play.
 */
export default function FairnessPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const roundId = params.get('round');
  const loggedIn = Boolean(useSession((s) => s.token));
  const query = useHouseRound(loggedIn && roundId && /^\d{1,18}$/.test(roundId) ? roundId : null);
  const form = useZodForm(roundIdSchema, { round: roundId ?? '' });

  return (
    <section className="fairness" aria-labelledby="page-title">
      <h1 id="page-title">{t('fairness.title')}</h1>
      <p className="fairness__intro">{t('fairness.intro')}</p>
      {loggedIn && <SeedPairCard />}
      <CommitmentsCard />

      <section className="fairness__card" aria-labelledby="load-title">
        <h2 id="load-title">{t('fairness.loadTitle')}</h2>
        {loggedIn ? (
          <Form
            form={form}
            className="fairness__load"
            onSubmit={(v) => {
              setParams({ round: v.round });
            }}
          >
            <TextField name="round" label={t('fairness.roundId')} inputMode="numeric" autoComplete="off" />
            <FormFooter label={t('fairness.load')} buttonClassName="btn btn--primary" />
          </Form>
        ) : (
          <p className="field__hint">{t('fairness.loginToLoad')}</p>
        )}
        {loggedIn && roundId && (
          <QueryState
            query={query}
            errorTitle={
              query.error instanceof ApiError && query.error.code === 'not_found' ? t('fairness.notFound') : undefined
            }
          >
            {(round) => <StoredRound round={round} />}
          </QueryState>
        )}
      </section>

      <ManualCheck />
    </section>
  );
}

function StoredRound({ round }: { round: HouseRound }) {
  const { t } = useTranslation();
  const rotate = useRotateSeed();
  const verification = useMemo(
    () =>
      round.serverSeed
        ? verifyRound(
            {
              gameId: round.gameId,
              mathVersion: round.mathVersion,
              serverSeed: round.serverSeed,
              clientSeed: round.clientSeed,
              nonce: round.nonce,
              bet: round.bet,
              holds: round.holds,
            },
            { serverSeedHash: round.serverSeedHash, result: round.result, winCredits: round.winCredits },
          )
        : null,
    [round],
  );
  const { currencyExponent } = useSystemStatus();
  // One credit in minor units (the stored stake over its credits), to show a recomputed win as money.
  const creditValue = round.stakeCredits > 0 ? BigInt(round.stake) / BigInt(round.stakeCredits) : null;
  return (
    <div className="fairness__round" data-testid="stored-round">
      <h3>{t('fairness.round', { id: round.id })}</h3>
      <dl className="fairness__facts">
        <div>
          <dt>{t('fairness.game')}</dt>
          <dd>{t(`fairness.games.${round.gameId}`)}</dd>
        </div>
        <div>
          <dt>{t('fairness.status')}</dt>
          <dd>{t(`fairness.statuses.${round.status}`)}</dd>
        </div>
        <div>
          <dt>{t('fairness.bet')}</dt>
          <dd>
            {Object.entries(round.bet)
              .map(([k, v]) => `${t(`fairness.betFields.${k}`, { defaultValue: k })}: ${v}`)
              .join(' · ')}
          </dd>
        </div>
        <div>
          <dt>{t('fairness.stake')}</dt>
          <dd>{t('fairness.credits', { n: round.stakeCredits })}</dd>
        </div>
        <div>
          <dt>{t('fairness.win')}</dt>
          <dd>{t('fairness.credits', { n: round.winCredits })}</dd>
        </div>
        <div>
          <dt>{t('fairness.playedAt')}</dt>
          <dd>
            <DateTime value={round.createdAt} />
          </dd>
        </div>
        <div>
          <dt>{t('fairness.nonce')}</dt>
          <dd>
            <code>{round.nonce}</code>
          </dd>
        </div>
        <div>
          <dt>{t('fairness.clientSeed')}</dt>
          <dd>
            <code>{round.clientSeed}</code>
          </dd>
        </div>
        <div className="fairness__wide">
          <dt>{t('fairness.serverSeedHash')}</dt>
          <dd>
            <code>{round.serverSeedHash}</code>
          </dd>
        </div>
        {round.serverSeed && (
          <div className="fairness__wide">
            <dt>{t('fairness.serverSeed')}</dt>
            <dd>
              <code>{round.serverSeed}</code>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('fairness.mathVersion')}</dt>
          <dd>{round.mathVersion}</dd>
        </div>
      </dl>
      {!round.serverSeed ? (
        <div className="fairness__hidden" role="note">
          <strong>{t('fairness.hiddenTitle')}</strong>
          <p>{t('fairness.hiddenText')}</p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={rotate.isPending}
            onClick={() => rotate.mutate()}
          >
            {rotate.isPending ? t('fairness.revealing') : t('fairness.revealNow')}
          </button>
          {rotate.isError && (
            <p className="field__error" role="alert">
              {rotate.error instanceof ApiError ? rotate.error.message : String(rotate.error)}
            </p>
          )}
        </div>
      ) : (
        verification && (
          <VerificationView
            verification={verification}
            gameId={round.gameId}
            serverSeed={round.serverSeed}
            money={creditValue ? (c) => formatMoney(creditValue * BigInt(c), currencyExponent) : null}
          />
        )
      )}
    </div>
  );
}

const manualSchema = z
  .object({
    gameId: z.enum(HOUSE_GAME_IDS),
    serverSeed: z.string().trim().min(1, 'auth.required').max(256),
    committedHash: z
      .string()
      .trim()
      .regex(/^([0-9a-fA-F]{64})?$/, 'fairness.invalidValue'),
    clientSeed: z.string().trim().min(1, 'auth.required').max(128),
    nonce: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'fairness.invalidValue'),
    lines: z.string().trim(),
    betLevel: z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'fairness.invalidValue'),
    coins: z.string().trim(),
    holds: z.array(z.boolean()).length(5),
  })
  .transform((v) => v);

type ManualValues = z.input<typeof manualSchema>;

function ManualCheck() {
  const { t } = useTranslation();
  const form = useZodForm(manualSchema, {
    gameId: 'slot-lucky-dragon',
    serverSeed: '',
    committedHash: '',
    clientSeed: '',
    nonce: '0',
    lines: '20',
    betLevel: '1',
    coins: '5',
    holds: [false, false, false, false, false],
  } satisfies ManualValues);
  const gameId = form.watch('gameId');
  const [checked, setChecked] = useState<{ input: RoundInputs; hash: string } | null>(null);
  const verification = useMemo(
    () => (checked ? verifyRound(checked.input, { serverSeedHash: checked.hash || null }) : null),
    [checked],
  );

  return (
    <section className="fairness__card" aria-labelledby="manual-title">
      <h2 id="manual-title">{t('fairness.manualTitle')}</h2>
      <p className="field__hint">{t('fairness.manualHint')}</p>
      <Form
        form={form}
        className="fairness__form"
        onSubmit={(v) => {
          const bet: Record<string, number> =
            v.gameId === 'slot-lucky-dragon'
              ? { lines: Number(v.lines), betLevel: Number(v.betLevel) }
              : v.gameId === 'vp-jacks-or-better'
                ? { coins: Number(v.coins), betLevel: Number(v.betLevel) }
                : { betLevel: Number(v.betLevel) };
          setChecked({
            input: {
              gameId: v.gameId,
              serverSeed: v.serverSeed,
              clientSeed: v.clientSeed,
              nonce: Number(v.nonce),
              bet,
              holds: v.gameId === 'vp-jacks-or-better' ? v.holds : undefined,
            },
            hash: v.committedHash,
          });
        }}
      >
        <SelectField name="gameId" label={t('fairness.game')}>
          {HOUSE_GAME_IDS.map((g) => (
            <option key={g} value={g}>
              {t(`fairness.games.${g}`)}
            </option>
          ))}
        </SelectField>
        <TextField name="serverSeed" label={t('fairness.serverSeed')} autoComplete="off" spellCheck={false} required />
        <TextField name="committedHash" label={t('fairness.committedHash')} autoComplete="off" spellCheck={false} />
        <TextField name="clientSeed" label={t('fairness.clientSeed')} autoComplete="off" spellCheck={false} required />
        <div className="fairness__row">
          <TextField name="nonce" label={t('fairness.nonce')} inputMode="numeric" required />
          {gameId === 'slot-lucky-dragon' && <TextField name="lines" label={t('fairness.lines')} inputMode="numeric" />}
          {gameId === 'vp-jacks-or-better' && (
            <TextField name="coins" label={t('fairness.coins')} inputMode="numeric" />
          )}
          <TextField name="betLevel" label={t('fairness.betLevel')} inputMode="numeric" required />
        </div>
        {gameId === 'vp-jacks-or-better' && (
          <fieldset className="fairness__holds">
            <legend>{t('fairness.holds')}</legend>
            {[0, 1, 2, 3, 4].map((i) => (
              <label key={i}>
                <input type="checkbox" {...form.register(`holds.${i}` as const)} /> {t('fairness.holdN', { n: i + 1 })}
              </label>
            ))}
          </fieldset>
        )}
        <FormFooter label={t('fairness.verify')} buttonClassName="btn btn--primary" />
      </Form>
      {checked && verification && (
        <VerificationView
          verification={verification}
          gameId={checked.input.gameId}
          serverSeed={checked.input.serverSeed}
          money={null}
        />
      )}
    </section>
  );
}

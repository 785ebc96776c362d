import {
  commitServerSeed,
  type ScratchRoundResult,
  type SlotRoundResult,
  type VideoPokerRoundResult,
} from '@sea/games';
import { useTranslation } from 'react-i18next';
import type { Verification } from '../../lib/verify-round.ts';
import '../../i18n/areas/fairness.ts';
import { SymbolIcon } from '../../components/SymbolIcon.tsx';

const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const cardText = (c: string) => `${c[0] === 'T' ? '10' : c[0]}${SUIT[c[1] ?? ''] ?? ''}`;

/** The verdicts (hash, result) and the recomputed outcome of a round. */
export function VerificationView(props: {
  verification: Verification;
  gameId: string;
  serverSeed: string;
  /** Credits as money, when the round's credit value is known. */
  money: ((credits: number) => string) | null;
}) {
  const { t } = useTranslation();
  const { verification: v } = props;
  const r = v.recomputed;
  const credits = (n: number) =>
    props.money ? `${props.money(n)} (${t('fairness.credits', { n })})` : t('fairness.credits', { n });
  return (
    <section className="fairness__verdict" aria-labelledby="verdict-title" data-testid="verification">
      <h3 id="verdict-title">{t('fairness.resultTitle')}</h3>
      <ul className="fairness__checks">
        {v.hashMatches !== null && (
          <li className={v.hashMatches ? 'check check--ok' : 'check check--bad'}>
            <span aria-hidden="true">{v.hashMatches ? '✓' : '✗'}</span>{' '}
            {v.hashMatches ? t('fairness.hashOk') : t('fairness.hashBad')}
          </li>
        )}
        {v.resultMatches !== null && (
          <li className={v.resultMatches ? 'check check--ok' : 'check check--bad'}>
            <span aria-hidden="true">{v.resultMatches ? '✓' : '✗'}</span>{' '}
            {v.resultMatches ? t('fairness.matchOk') : t('fairness.matchBad')}
          </li>
        )}
        {v.resultMatches === null && r.kind !== 'error' && <li className="check">{t('fairness.recomputedOnly')}</li>}
      </ul>
      <p className="fairness__hash">
        <code>{t('fairness.hashComputed', { hash: commitServerSeed(props.serverSeed) })}</code>
      </p>
      {r.kind === 'error' && (
        <p className="field__error" role="alert">
          {t('fairness.recomputeError', { message: r.message })}
        </p>
      )}
      {r.kind === 'deal' && (
        <div className="fairness__outcome">
          <h4>{t('fairness.outcome')}</h4>
          <p>
            {t('fairness.dealt')}: <strong>{r.deal.dealt.map(cardText).join(' ')}</strong>
          </p>
          <p className="field__hint">{t('fairness.dealOnly')}</p>
        </div>
      )}
      {r.kind === 'round' && (
        <div className="fairness__outcome">
          <h4>{t('fairness.outcome')}</h4>
          {r.outcome.kind === 'slot' && <SlotOutcome result={r.outcome.result} />}
          {r.outcome.kind === 'video-poker' && <PokerOutcome result={r.outcome.result} />}
          {r.outcome.kind === 'scratch' && <ScratchOutcome result={r.outcome.result} />}
          <p className="fairness__total">
            <strong>{`${t('fairness.win')}: ${credits(r.outcome.win)}`}</strong>
          </p>
        </div>
      )}
    </section>
  );
}

function SlotOutcome({ result }: { result: SlotRoundResult }) {
  const { t } = useTranslation();
  return (
    <ol className="fairness__spins">
      {result.spins.map((s) => (
        <li key={`${s.kind}${s.index}`}>
          <strong>{s.kind === 'base' ? t('fairness.spinBase') : t('fairness.spinFree', { n: s.index })}</strong>{' '}
          <span className="field__hint">{t('fairness.stops', { stops: s.stops.join(', ') })}</span>
          <table className="fairness__grid">
            <tbody>
              {[0, 1, 2].map((row) => (
                <tr key={row}>
                  {s.grid.map((reel, r) => {
                    const win = s.lineWins.some((w) => w.positions.some(([pr, prow]) => pr === r && prow === row));
                    return (
                      <td key={r} className={win ? 'win' : undefined}>
                        <SymbolIcon code={reel[row]!} size={40} label={reel[row]!} />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="fairness__wins">
            {s.lineWins.map((w) => (
              <li key={w.line}>
                {t('fairness.lineWin', { line: w.line, count: w.count, symbol: w.symbol, pay: w.pay })}
              </li>
            ))}
            {s.scatter.pay > 0 || s.scatter.freeSpinsAwarded > 0 ? (
              <li>
                {t('fairness.scatterWin', {
                  count: s.scatter.count,
                  pay: s.scatter.pay,
                  spins: s.scatter.freeSpinsAwarded,
                })}
              </li>
            ) : null}
            {s.win === 0 && <li>{t('fairness.noWin')}</li>}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function PokerOutcome({ result }: { result: VideoPokerRoundResult }) {
  const { t } = useTranslation();
  return (
    <dl className="fairness__facts">
      <div>
        <dt>{t('fairness.dealt')}</dt>
        <dd>
          {result.dealt.map((c, i) => (
            <span key={i} className={result.holds[i] ? 'card card--held' : 'card'}>
              {cardText(c)}
              {result.holds[i] ? ` (${t('fairness.held')})` : ''}
            </span>
          ))}
        </dd>
      </div>
      <div>
        <dt>{t('fairness.final')}</dt>
        <dd>
          {result.final.map((c, i) => (
            <span key={i} className="card">
              {cardText(c)}
            </span>
          ))}
        </dd>
      </div>
      <div>
        <dt>{t('fairness.hand')}</dt>
        <dd>{t(`fairness.hands.${result.hand}`)}</dd>
      </div>
    </dl>
  );
}

function ScratchOutcome({ result }: { result: ScratchRoundResult }) {
  const { t } = useTranslation();
  return (
    <>
      <table className="fairness__grid fairness__grid--scratch">
        <tbody>
          {[0, 1, 2].map((row) => (
            <tr key={row}>
              {[0, 1, 2].map((col) => {
                const i = row * 3 + col;
                return (
                  <td key={col} className={result.winningCells.includes(i) ? 'win' : undefined}>
                    {result.grid[i]}×
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{result.prize > 0 ? t('fairness.prize', { n: result.prize }) : t('fairness.noWin')}</p>
    </>
  );
}

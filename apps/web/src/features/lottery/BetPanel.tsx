import { formatMoney, minorToMajor, parseAmount } from '@sea/contracts';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { type LotteryGame, usePlaceLotteryBets } from '../../api/lottery.ts';
import { useRequestId } from '../../api/request-id.ts';
import { i18n } from '../../i18n/index.ts';
import { errorText } from '../../components/error-text.ts';
import { Modal } from '../../components/Modal.tsx';
import {
  betIndexOfField,
  betSpec,
  offeredGroups,
  type Pick,
  priceBet,
  QUICK_PICKS,
  quickPick,
  type SlipBet,
  slipFromShared,
  slipTotals,
  unitStakeOf,
  chargeOf,
} from './bet-slip.ts';
import type { IssuePhase } from './clock.ts';
import { Die, onArrowKeys, rovingTab } from './parts.tsx';
import { takeCopiedSlip } from '../../state/chat.ts';
import { ShareSlipButton } from '../../components/ShareSlipButton.tsx';

let slipSeq = 0;

/** The error of a failed placement: lottery texts first, then the site's catalogue, then the server's words. */
function lotteryError(t: TFunction, err: unknown): string {
  if (err instanceof ApiError && i18n.exists(`lottery.errors.${err.code}`)) return t(`lottery.errors.${err.code}`);
  return errorText(t, err);
}

/** The picker (bet type tabs, number rows, quick picks, unit stake, live units and charge) and the slip. */
export function BetPanel({ game, phase }: { game: LotteryGame; phase: IssuePhase }) {
  const { t } = useTranslation();
  const groups = useMemo(
    () =>
      offeredGroups(
        game.kind,
        game.betTypes.map((b) => b.code),
      ),
    [game.kind, game.betTypes],
  );
  const [groupKey, setGroupKey] = useState(groups[0]?.key ?? '');
  const group = groups.find((g) => g.key === groupKey) ?? groups[0];
  const [code, setCode] = useState(group?.codes[0] ?? '');
  const activeCode = group?.codes.includes(code) ? code : (group?.codes[0] ?? '');
  const [picks, setPicks] = useState<Pick[][]>([]);
  const min = BigInt(game.minUnitStake);
  const max = BigInt(game.maxUnitStake);
  const [stakeText, setStakeText] = useState(() => minorToMajor(min, game.exponent));
  // A slip copied from the chat room starts the slip (its bets checked by the engine).
  const [slip, setSlip] = useState<SlipBet[]>(() =>
    slipFromShared(game.kind, takeCopiedSlip(game.gameCode)?.bets ?? [], { min, max }, () => `s${++slipSeq}`),
  );
  const [sheetOpen, setSheetOpen] = useState(false);

  if (!group) return <p className="field__hint">{t('lottery.empty')}</p>;
  const spec = betSpec(game.kind, activeCode);
  const priced = priceBet(game.kind, activeCode, picks);
  let stakeMinor: bigint | null = null;
  try {
    stakeMinor = parseAmount(stakeText, game.exponent);
  } catch {
    stakeMinor = null;
  }
  const stake = unitStakeOf(stakeMinor, min, max);
  const money = (m: bigint | string) => formatMoney(m, game.exponent);
  const lines = game.betTypes.find((b) => b.code === activeCode)?.lines ?? [];
  // A line per pick (k3 sums: sum3 … sum18) shows its odds on the pick; otherwise the lines' odds go in the hint.
  const oddsOfPick = (v: Pick) => lines.find((l) => l.key === `sum${v}`)?.odds;
  const perPick = lines.length > 3;
  // A hint of the bet code itself, else of its family (ssc.straight.*, k3.pair.* …).
  const hintKey = i18n.exists(`lottery.hints.${activeCode}`)
    ? `lottery.hints.${activeCode}`
    : `lottery.hints.${activeCode.split('.').slice(0, 2).join('.')}`;

  const choose = (c: string) => {
    setCode(c);
    setPicks([]);
  };
  const toggle = (row: number, v: Pick) =>
    setPicks((p) => {
      const next = spec.rows.map((_, i) => [...(p[i] ?? [])]);
      const r = next[row]!;
      next[row] = r.includes(v) ? r.filter((x) => x !== v) : [...r, v];
      return next;
    });
  const quick = (row: number, which: (typeof QUICK_PICKS)[number]) =>
    setPicks((p) => {
      const next = spec.rows.map((_, i) => [...(p[i] ?? [])]);
      next[row] = quickPick(spec.rows[row]!.values, which);
      return next;
    });
  const add = () => {
    if (priced.problem || !stake.ok) return;
    slipSeq += 1;
    setSlip((s) => [
      ...s,
      {
        id: `b${slipSeq}`,
        code: activeCode,
        selection: priced.selection,
        describe: priced.describe,
        units: priced.units,
        unitStake: stake.value,
      },
    ]);
    setPicks([]);
  };

  return (
    <div className="lot-bet">
      <div className="lot-picker">
        <div className="lot-groups" role="tablist" aria-label={t('lottery.groupsLabel')} onKeyDown={onArrowKeys}>
          {groups.map((g) => (
            <button
              key={g.key}
              type="button"
              role="tab"
              aria-selected={g.key === group.key}
              tabIndex={rovingTab(g.key === group.key)}
              className={clsx('lot-chip', g.key === group.key && 'lot-chip--on')}
              onClick={() => {
                setGroupKey(g.key);
                choose(g.codes[0]!);
              }}
            >
              {t(`lottery.groups.${g.key}`)}
            </button>
          ))}
        </div>
        {group.codes.length > 1 && (
          <div className="lot-codes" role="group" aria-label={t(`lottery.groups.${group.key}`)}>
            {group.codes.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={c === activeCode}
                className={clsx('lot-chip lot-chip--small', c === activeCode && 'lot-chip--on')}
                onClick={() => choose(c)}
              >
                {t(`lottery.codes.${c}`)}
              </button>
            ))}
          </div>
        )}
        <p className="lot-hint">
          <strong>{t(`lottery.codes.${activeCode}`)}</strong>
          {!perPick && <> · {t('lottery.odds', { odds: lines.map((l) => l.odds).join(' / ') })}</>}
          <br />
          {t(hintKey)}
        </p>
        {spec.rows.length === 0 && <p className="field__hint">{t('lottery.noPicks')}</p>}
        {spec.rows.map((row, ri) => {
          const label = t(`lottery.rows.${row.label}`);
          const numeric = row.look !== 'word';
          return (
            <div key={`${activeCode}-${ri}`} className="lot-row" role="group" aria-label={label}>
              <span className="lot-row__label">{label}</span>
              <div className={clsx('lot-row__values', `lot-row__values--${row.look}`)}>
                {row.values.map((v) => {
                  const on = (picks[ri] ?? []).includes(v);
                  const text = typeof v === 'string' ? t(`lottery.sides.${v}`) : String(v);
                  const pickOdds = perPick ? oddsOfPick(v) : undefined;
                  return (
                    <button
                      key={String(v)}
                      type="button"
                      aria-pressed={on}
                      aria-label={t('lottery.pick', { value: text, row: label })}
                      className={clsx(
                        'lot-pick',
                        `lot-pick--${row.look}`,
                        pickOdds && 'lot-pick--odds',
                        on && 'lot-pick--on',
                      )}
                      onClick={() => toggle(ri, v)}
                    >
                      {row.look === 'die' ? <Die face={v as number} small /> : text}
                      {pickOdds && <span className="lot-pick__odds">{t('lottery.odds', { odds: pickOdds })}</span>}
                    </button>
                  );
                })}
              </div>
              {numeric && (
                <div className="lot-row__quick" role="group" aria-label={t('lottery.quickLabel', { row: label })}>
                  {QUICK_PICKS.map((q) => (
                    <button key={q} type="button" className="lot-quick" onClick={() => quick(ri, q)}>
                      {t(`lottery.quick.${q}`)}
                    </button>
                  ))}
                </div>
              )}
            </div>
          );
        })}
        <div className="lot-stake">
          <label className="field lot-stake__field">
            <span className="field__label">{t('lottery.unitStake')}</span>
            <input
              className="input"
              inputMode="decimal"
              value={stakeText}
              aria-invalid={!stake.ok}
              aria-describedby="lot-stake-hint"
              onChange={(e) => setStakeText(e.target.value)}
              onBlur={() => stake.ok && setStakeText(minorToMajor(stake.value, game.exponent))}
            />
            <span id="lot-stake-hint" className={clsx(stake.ok ? 'field__hint' : 'field__error')}>
              {stake.ok
                ? t('lottery.unitStakeHint', { min: money(min), max: money(max) })
                : t(`lottery.${stake.problem}`, { min: money(min), max: money(max) })}
            </span>
          </label>
          <p className="lot-stake__sum" aria-live="polite" data-testid="live-charge">
            {t('lottery.unitsCharge', {
              count: priced.units,
              stake: stake.ok ? money(stake.value) : '–',
              charge: stake.ok ? money(chargeOf(priced.units, stake.value)) : '–',
            })}
          </p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={Boolean(priced.problem) || !stake.ok}
            onClick={add}
          >
            {t('lottery.addToSlip')}
          </button>
        </div>
      </div>
      <Slip
        game={game}
        phase={phase}
        slip={slip}
        setSlip={setSlip}
        open={sheetOpen}
        setOpen={setSheetOpen}
        money={money}
      />
    </div>
  );
}

function Slip({
  game,
  phase,
  slip,
  setSlip,
  open,
  setOpen,
  money,
}: {
  game: LotteryGame;
  phase: IssuePhase;
  slip: SlipBet[];
  setSlip(f: (s: SlipBet[]) => SlipBet[]): void;
  open: boolean;
  setOpen(open: boolean): void;
  money(m: bigint | string): string;
}) {
  const { t } = useTranslation();
  const [chase, setChase] = useState(1);
  const [stopOnWin, setStopOnWin] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [betErrors, setBetErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const place = usePlaceLotteryBets();
  const requestId = useRequestId();
  const totals = slipTotals(slip, chase);
  const closed = phase.phase !== 'open';
  const issueId = game.current.issueId;

  const body = (rid: string) => ({
    gameCode: game.gameCode,
    issueId,
    requestId: rid,
    bets: slip.map((b) => ({ code: b.code, selection: b.selection, unitStake: b.unitStake.toString() })),
    ...(chase > 1 && { chase: { issues: chase, stopOnWin } }),
  });

  const submit = async () => {
    setFormError(null);
    setBetErrors({});
    const content = JSON.stringify(body(''));
    try {
      const placed = await requestId.run(content, (rid) => place.mutateAsync(body(rid)));
      setSlip(() => []);
      setConfirming(false);
      setDone(t('lottery.placed', { ref: placed.orderRef, charge: money(placed.charge) }));
    } catch (err) {
      const fields =
        err instanceof ApiError ? ((err.value as { fields?: unknown } | null)?.fields as unknown) : undefined;
      const perBet: Record<string, string> = {};
      let leftover: string | null = null;
      if (Array.isArray(fields))
        for (const f of fields as { field?: string; message?: string }[]) {
          const i = typeof f.field === 'string' ? betIndexOfField(f.field) : null;
          const bet = i !== null ? slip[i] : undefined;
          if (bet) perBet[bet.id] = f.message ?? '';
          else leftover ??= f.message ?? null;
        }
      setBetErrors(perBet);
      const placedAny = Object.keys(perBet).length > 0;
      setFormError(placedAny && !leftover ? lotteryError(t, err) : (leftover ?? lotteryError(t, err)));
      if (placedAny) setConfirming(false);
    }
  };

  return (
    <aside className={clsx('lot-slip', open && 'lot-slip--open')} aria-labelledby="slip-title">
      <button
        type="button"
        className="lot-slip__bar"
        aria-expanded={open}
        aria-controls="lot-slip-body"
        onClick={() => setOpen(!open)}
      >
        {open ? t('lottery.closeSlip') : t('lottery.openSlip', { count: slip.length, total: money(totals.total) })}
      </button>
      <div id="lot-slip-body" className="lot-slip__body">
        <h2 id="slip-title">{t('lottery.slip')}</h2>
        {done && (
          <p className="lot-note lot-note--ok" role="status">
            {done}
          </p>
        )}
        {slip.length === 0 ? (
          <p className="field__hint">{t('lottery.slipEmpty')}</p>
        ) : (
          <ul className="lot-slip__list" data-testid="slip">
            {slip.map((b) => (
              <li key={b.id} className={clsx('lot-slip__item', betErrors[b.id] && 'lot-slip__item--error')}>
                <div className="lot-slip__what">
                  <strong>{t(`lottery.codes.${b.code}`)}</strong>
                  <span className="lot-slip__describe">{b.describe}</span>
                  <span className="lot-slip__maths">
                    {t('lottery.unitsCharge', {
                      count: b.units,
                      stake: money(b.unitStake),
                      charge: money(chargeOf(b.units, b.unitStake)),
                    })}
                  </span>
                  {betErrors[b.id] && (
                    <span className="field__error" role="alert">
                      {t('lottery.betError', { message: betErrors[b.id] })}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('lottery.removeBet', { bet: `${t(`lottery.codes.${b.code}`)} ${b.describe}` })}
                  onClick={() => setSlip((s) => s.filter((x) => x.id !== b.id))}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="lot-chase">
          <label className="field">
            <span className="field__label">{t('lottery.chase')}</span>
            <select className="input" value={chase} onChange={(e) => setChase(Number(e.target.value))}>
              {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="lot-check">
            <input
              type="checkbox"
              checked={stopOnWin}
              disabled={chase === 1}
              onChange={(e) => setStopOnWin(e.target.checked)}
            />
            {t('lottery.stopOnWin')}
          </label>
          <p className="field__hint">{t('lottery.chaseHint')}</p>
        </div>
        <dl className="lot-slip__totals">
          <div>
            <dt>{t('lottery.perIssue')}</dt>
            <dd>{money(totals.perIssue)}</dd>
          </div>
          <div>
            <dt>{t('lottery.total')}</dt>
            <dd data-testid="slip-total">{money(totals.total)}</dd>
          </div>
        </dl>
        {closed && slip.length > 0 && <p className="lot-note">{t('lottery.closedNoBets')}</p>}
        {formError && !confirming && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        <div className="lot-slip__actions">
          <button
            type="button"
            className="btn btn--ghost"
            disabled={slip.length === 0}
            onClick={() => setSlip(() => [])}
          >
            {t('lottery.clearSlip')}
          </button>
          <ShareSlipButton gameCode={game.gameCode} bets={slip} />
          <button
            type="button"
            className="btn btn--primary"
            disabled={slip.length === 0 || closed}
            onClick={() => {
              setDone(null);
              setFormError(null);
              setConfirming(true);
            }}
          >
            {t('lottery.placeBets')}
          </button>
        </div>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t('lottery.confirmTitle')}>
        <div className="lot-confirm" data-testid="confirm">
          <p>
            {chase > 1
              ? t('lottery.confirmChase', {
                  count: chase,
                  id: issueId,
                  stop: stopOnWin ? t('lottery.yes') : t('lottery.no'),
                })
              : t('lottery.confirmIssue', { id: issueId })}
          </p>
          <ul className="lot-confirm__list">
            {slip.map((b) => (
              <li key={b.id}>
                {t(`lottery.codes.${b.code}`)} · {b.describe} ·{' '}
                {t('lottery.unitsCharge', {
                  count: b.units,
                  stake: money(b.unitStake),
                  charge: money(chargeOf(b.units, b.unitStake)),
                })}
              </li>
            ))}
          </ul>
          <p className="lot-confirm__total">
            {t('lottery.total')}: <strong data-testid="confirm-total">{money(totals.total)}</strong>
          </p>
          {formError && (
            <p className="field__error" role="alert">
              {formError}
            </p>
          )}
          <div className="lot-slip__actions">
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              {t('lottery.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={place.isPending || closed}
              onClick={() => void submit()}
            >
              {place.isPending ? t('lottery.placing') : t('lottery.confirm')}
            </button>
          </div>
        </div>
      </Modal>
    </aside>
  );
}

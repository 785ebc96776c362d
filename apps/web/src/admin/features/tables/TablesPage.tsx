import type { AdminBaccaratTable, AdminSabongArena } from '@sea/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useBaccaratTables,
  useCancelBaccaratRound,
  useCancelFight,
  useEndShoe,
  useSabongArenas,
  useSetTableOpen,
} from '../../api/tables.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { formatAmount } from '../../lib/format.ts';
import { ArenaSettingsDialog, TableSettingsDialog } from './SettingsDialogs.tsx';
import './tables.css';

type Dialog =
  | { kind: 'table'; table: AdminBaccaratTable }
  | { kind: 'arena'; arena: AdminSabongArena }
  | { kind: 'toggle'; game: 'baccarat' | 'sabong'; code: string; name: string; open: boolean }
  | { kind: 'cancelRound'; table: AdminBaccaratTable; roundId: string }
  | { kind: 'endShoe'; table: AdminBaccaratTable }
  | { kind: 'cancelFight'; arena: AdminSabongArena; fightId: string };

const CANCELLABLE_ROUND = new Set(['betting', 'dealing']);
const CANCELLABLE_FIGHT = new Set(['open', 'closed', 'fighting']);
const phaseTone = (phase: string): Tone =>
  phase === 'cancelled'
    ? 'bad'
    : phase === 'settled'
      ? 'neutral'
      : phase === 'betting' || phase === 'open'
        ? 'good'
        : 'info';

function StateBadge({ status, inPlay }: { status: 'open' | 'closed'; inPlay: boolean }) {
  const { t } = useTranslation();
  if (status === 'open') return <Badge tone="good">{t('tables.state.open')}</Badge>;
  return <Badge tone={inPlay ? 'warn' : 'neutral'}>{t(inPlay ? 'tables.state.closing' : 'tables.state.closed')}</Badge>;
}

/** One list of the screen (its heading, loading / error / empty states, and the table with `head` and `rows`). */
function Section(props: {
  id: string;
  title: string;
  empty: string;
  query: UseQueryResult<{ items: unknown[] }>;
  head: ReactNode;
  rows: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {query.isPending && <p role="status">{t('common.loading')}</p>}
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && query.data.items.length === 0 && <p className="bo-muted">{props.empty}</p>}
      {query.data && query.data.items.length > 0 && (
        <div className="bo-table">
          <div className="bo-table__scroll">
            <table>
              <caption className="sr-only">{props.title}</caption>
              <thead>
                <tr>
                  {props.head}
                  <th scope="col">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>{props.rows}</tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

/** A row's action button (its accessible name ends with the table's name). */
function RowButton(props: { label: string; name: string; tone?: 'danger' | 'ghost'; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`bo-btn bo-btn--small${props.tone ? ` bo-btn--${props.tone}` : ''}`}
      onClick={props.onClick}
    >
      {props.label}
      <span className="sr-only"> {props.name}</span>
    </button>
  );
}

/** A name with its code under it. */
function NameCell({ name, code }: { name: string; code: string }) {
  return (
    <td>
      {name}
      <div className="bo-muted">
        <code>{code}</code>
      </div>
    </td>
  );
}

/**
 * Our own table games (issue 27): the baccarat tables and sabong arenas with their state (open / closed, the round
 * or fight in play and its phase, the shoe), their settings (a change applies from the next round and the players'
 * screens show it then), opening and closing (after the round in play), and the cancel / end-of-shoe actions with a
 * reason. Everything is audited.
 */
export function TablesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const manage = can('games.manage');
  const tables = useBaccaratTables();
  const arenas = useSabongArenas();
  const toggle = useSetTableOpen();
  const cancelRound = useCancelBaccaratRound();
  const endShoe = useEndShoe();
  const cancelFight = useCancelFight();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const bac = tables.data;
  const sab = arenas.data;
  const bacMoney = (m: string) => (bac ? formatAmount(m, bac.exponent) : '');
  const sabMoney = (m: string) => (sab ? formatAmount(m, sab.exponent) : '');
  const toggleButton = (game: 'baccarat' | 'sabong', code: string, name: string, status: 'open' | 'closed') => (
    <RowButton
      label={t(status === 'open' ? 'tables.close' : 'tables.open')}
      name={name}
      tone={status === 'open' ? 'danger' : undefined}
      onClick={() => setDialog({ kind: 'toggle', game, code, name, open: status !== 'open' })}
    />
  );

  return (
    <div className="bo-page bo-tables">
      <div className="bo-page__head">
        <h1>{t('tables.title')}</h1>
      </div>
      <p className="bo-muted">{t('tables.intro')}</p>

      <Section
        id="bo-tables-baccarat"
        title={t('tables.baccarat')}
        empty={t('tables.emptyTables')}
        query={tables}
        head={
          <>
            <th scope="col">{t('tables.table')}</th>
            <th scope="col">{t('tables.stateLabel')}</th>
            <th scope="col">{t('tables.round')}</th>
            <th scope="col">{t('tables.shoe')}</th>
            <th scope="col" className="num">
              {t('tables.limits')}
            </th>
            <th scope="col" className="num">
              {t('tables.bettingSeconds')}
            </th>
            <th scope="col">{t('tables.variant')}</th>
          </>
        }
        rows={bac?.items.map((x) => (
          <tr key={x.code}>
            <NameCell name={x.name} code={x.code} />
            <td>
              <StateBadge status={x.status} inPlay={Boolean(x.round?.inPlay)} />
            </td>
            <td>
              {x.round ? (
                <>
                  {t('tables.hand', { hand: x.round.hand })}{' '}
                  <Badge tone={phaseTone(x.round.phase)}>{t(`tables.phase.${x.round.phase}`)}</Badge>
                </>
              ) : (
                <span className="bo-muted">{t('tables.noRound')}</span>
              )}
            </td>
            <td>
              {x.shoe ? (
                <>
                  {t('tables.shoeHands', { id: x.shoe.id, count: x.shoe.hands })}
                  {x.shoe.ending && <div className="bo-muted">{t('tables.shoeEnding')}</div>}
                </>
              ) : (
                <span className="bo-muted">—</span>
              )}
            </td>
            <td className="num">
              {bacMoney(x.minBet)} – {bacMoney(x.maxBet)}
              <div className="bo-muted">{t('tables.perRound', { amount: bacMoney(x.roundMax) })}</div>
              {x.pending && (
                <div className="bo-tables__pending">
                  {t('tables.pending')}: {bacMoney(x.pending.minBet)} – {bacMoney(x.pending.maxBet)} ·{' '}
                  {t('tables.perRound', { amount: bacMoney(x.pending.roundMax) })} ·{' '}
                  {t('tables.seconds', { count: x.pending.bettingSeconds })} ·{' '}
                  {t(`tables.variants.${x.pending.variant}`)}
                </div>
              )}
            </td>
            <td className="num">{t('tables.seconds', { count: x.bettingSeconds })}</td>
            <td>{t(`tables.variants.${x.variant}`)}</td>
            <td>
              {manage && (
                <div className="bo-tables__actions">
                  <RowButton
                    label={t('common.edit')}
                    name={x.name}
                    onClick={() => setDialog({ kind: 'table', table: x })}
                  />
                  {toggleButton('baccarat', x.code, x.name, x.status)}
                  {x.round?.inPlay && CANCELLABLE_ROUND.has(x.round.phase) && (
                    <RowButton
                      label={t('tables.cancelRound')}
                      name={x.name}
                      tone="ghost"
                      onClick={() => setDialog({ kind: 'cancelRound', table: x, roundId: x.round!.id })}
                    />
                  )}
                  {x.shoe && !x.shoe.ending && (
                    <RowButton
                      label={t('tables.endShoe')}
                      name={x.name}
                      tone="ghost"
                      onClick={() => setDialog({ kind: 'endShoe', table: x })}
                    />
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      />

      <Section
        id="bo-tables-sabong"
        title={t('tables.sabong')}
        empty={t('tables.emptyArenas')}
        query={arenas}
        head={
          <>
            <th scope="col">{t('tables.arena')}</th>
            <th scope="col">{t('tables.stateLabel')}</th>
            <th scope="col">{t('tables.fight')}</th>
            <th scope="col" className="num">
              {t('tables.plasada')}
            </th>
            <th scope="col" className="num">
              {t('tables.bettingWindow')}
            </th>
            <th scope="col" className="num">
              {t('tables.limits')}
            </th>
            <th scope="col" className="num">
              {t('tables.minPayout')}
            </th>
          </>
        }
        rows={sab?.items.map((x) => (
          <tr key={x.code}>
            <NameCell name={x.name} code={x.code} />
            <td>
              <StateBadge status={x.status} inPlay={Boolean(x.fight?.inPlay)} />
            </td>
            <td>
              {x.fight ? (
                <>
                  {t('tables.fightNo', { no: x.fight.fightNo })}{' '}
                  <Badge tone={phaseTone(x.fight.phase)}>{t(`tables.fightPhase.${x.fight.phase}`)}</Badge>
                </>
              ) : (
                <span className="bo-muted">{t('tables.noFight')}</span>
              )}
            </td>
            <td className="num">{x.plasadaBps / 100} %</td>
            <td className="num">{t('tables.seconds', { count: x.bettingSeconds })}</td>
            <td className="num">
              {sabMoney(x.minBet)} – {sabMoney(x.maxBet)}
              <div className="bo-muted">{t('tables.perFight', { amount: sabMoney(x.fightMax) })}</div>
              {x.pending && (
                <div className="bo-tables__pending">
                  {t('tables.pending')}: {x.pending.plasadaBps / 100} % ·{' '}
                  {t('tables.seconds', { count: x.pending.bettingSeconds })} · {sabMoney(x.pending.minBet)} –{' '}
                  {sabMoney(x.pending.maxBet)} · {t('tables.perFight', { amount: sabMoney(x.pending.fightMax) })} ·{' '}
                  {t('tables.minPayoutShort', { value: x.pending.minPayout })}
                </div>
              )}
            </td>
            <td className="num">{x.minPayout}</td>
            <td>
              {manage && (
                <div className="bo-tables__actions">
                  <RowButton
                    label={t('common.edit')}
                    name={x.name}
                    onClick={() => setDialog({ kind: 'arena', arena: x })}
                  />
                  {toggleButton('sabong', x.code, x.name, x.status)}
                  {x.fight?.inPlay && CANCELLABLE_FIGHT.has(x.fight.phase) && (
                    <RowButton
                      label={t('tables.cancelFight')}
                      name={x.name}
                      tone="ghost"
                      onClick={() => setDialog({ kind: 'cancelFight', arena: x, fightId: x.fight!.id })}
                    />
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      />

      {dialog?.kind === 'table' && bac && (
        <TableSettingsDialog table={dialog.table} exponent={bac.exponent} currency={bac.currency} onClose={close} />
      )}
      {dialog?.kind === 'arena' && sab && (
        <ArenaSettingsDialog arena={dialog.arena} exponent={sab.exponent} currency={sab.currency} onClose={close} />
      )}
      {dialog?.kind === 'toggle' && (
        <ConfirmDialog
          open
          onClose={close}
          title={t(dialog.open ? 'tables.openTitle' : 'tables.closeTitle', { name: dialog.name })}
          text={t(dialog.open ? 'tables.openText' : 'tables.closeText')}
          confirmLabel={t(dialog.open ? 'tables.open' : 'tables.closeConfirm')}
          danger={!dialog.open}
          mutation={toggle}
          args={{ game: dialog.game, code: dialog.code, open: dialog.open }}
        />
      )}
      {dialog?.kind === 'cancelRound' && (
        <ReasonDialog
          title={t('tables.cancelRoundTitle', { name: dialog.table.name, hand: dialog.table.round?.hand })}
          summary={t('tables.cancelRoundText')}
          confirmLabel={t('tables.cancelRound')}
          onSubmit={(reason) => cancelRound.mutateAsync({ roundId: dialog.roundId, reason })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'endShoe' && (
        <ReasonDialog
          title={t('tables.endShoeTitle', { name: dialog.table.name })}
          summary={t('tables.endShoeText')}
          confirmLabel={t('tables.endShoe')}
          onSubmit={(reason) => endShoe.mutateAsync({ code: dialog.table.code, reason })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'cancelFight' && (
        <ReasonDialog
          title={t('tables.cancelFightTitle', { name: dialog.arena.name, no: dialog.arena.fight?.fightNo })}
          summary={t('tables.cancelFightText')}
          confirmLabel={t('tables.cancelFight')}
          onSubmit={(reason) => cancelFight.mutateAsync({ fightId: dialog.fightId, reason })}
          onClose={close}
        />
      )}
    </div>
  );
}

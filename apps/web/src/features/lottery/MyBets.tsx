import { formatMoney } from '@sea/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type LotteryBetStatus,
  type LotteryGame,
  type MyLotteryBet,
  useCancelLotteryBet,
  useMyLotteryBets,
} from '../../api/lottery.ts';
import { WALLET_KEY } from '../../api/wallet.ts';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { betTypeName } from './parts.tsx';

const PAGE_SIZE = 20;
const STATUSES: readonly LotteryBetStatus[] = ['placed', 'won', 'lost', 'refunded'];
const TONE: Record<LotteryBetStatus, StatusTone> = { placed: 'waiting', won: 'paid', lost: 'failed', refunded: 'void' };

/** The member's bets on this game: status, issue, selection, charge and payout; a bet of the open issue can be cancelled. */
export function MyBets({
  game,
  open,
}: {
  game: Pick<LotteryGame, 'gameCode' | 'exponent'> & { current: { issueId: string } | null };
  open: boolean;
}) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const query = useMyLotteryBets({ gameCode: game.gameCode, status, page, pageSize: PAGE_SIZE });
  const cancel = useCancelLotteryBet();
  const [note, setNote] = useState<string | null>(null);
  const money = (m: string) => formatMoney(m, game.exponent);
  // A bet that was waiting is settled now (a win pays out): the header balance is refetched.
  const qc = useQueryClient();
  const waiting = (query.data?.list ?? []).filter((b) => b.status === 'placed').map((b) => b.ref);
  const waitingKey = waiting.join(',');
  const before = useRef<string[]>([]);
  useEffect(() => {
    const now = waitingKey ? waitingKey.split(',') : [];
    if (before.current.some((ref) => !now.includes(ref))) void qc.invalidateQueries({ queryKey: WALLET_KEY });
    before.current = now;
  }, [waitingKey, qc]);
  const canCancel = (b: MyLotteryBet) => b.status === 'placed' && open && b.issueId === game.current?.issueId;

  return (
    <section className="lot-mybets" aria-labelledby="mybets-title">
      <div className="lot-mybets__head">
        <h2 id="mybets-title">{t('lottery.myBetsTitle')}</h2>
        <label className="field lot-mybets__filter">
          <span className="field__label">{t('lottery.statusFilter')}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('lottery.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`lottery.statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {note && (
        <p className="lot-note" role="status">
          {note}
        </p>
      )}
      <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={t('lottery.myBetsEmpty')}>
        {(data) => (
          <>
            <ul className="lot-mybets__list" data-testid="my-bets">
              {data.list.map((b) => (
                <li key={b.ref} className={`lot-mybet lot-mybet--${b.status}`}>
                  <div className="lot-mybet__top">
                    <strong>{betTypeName(t, b.code)}</strong>
                    <StatusBadge tone={TONE[b.status]}>{t(`lottery.statuses.${b.status}`)}</StatusBadge>
                  </div>
                  <dl className="lot-mybet__facts">
                    <div>
                      <dt>{t('lottery.cols.issue')}</dt>
                      <dd>{b.issueId}</dd>
                    </div>
                    <div>
                      <dt>{t('lottery.cols.selection')}</dt>
                      <dd className="lot-mybet__describe">{b.describe}</dd>
                    </div>
                    <div>
                      <dt>{t('lottery.cols.charge')}</dt>
                      <dd>
                        {t('lottery.unitsCharge', {
                          count: b.units,
                          stake: money(b.unitStake),
                          charge: money(b.charge),
                        })}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('lottery.cols.payout')}</dt>
                      <dd className={b.status === 'won' ? 'lot-mybet__won' : undefined}>{money(b.payout)}</dd>
                    </div>
                    <div>
                      <dt>{t('lottery.cols.placed')}</dt>
                      <dd>
                        <DateTime value={b.createdAt} />
                      </dd>
                    </div>
                  </dl>
                  {canCancel(b) && (
                    <button
                      type="button"
                      className="btn btn--ghost lot-mybet__cancel"
                      disabled={cancel.isPending}
                      onClick={() =>
                        cancel.mutate(b.ref, {
                          onSuccess: () => setNote(t('lottery.cancelled')),
                          onError: (e) => setNote(errorText(t, e)),
                        })
                      }
                    >
                      {t('lottery.cancelBet')}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <p className="lot-mybets__totals" data-testid="my-bets-totals">
              {t('lottery.totals', { charge: money(data.totals.charge), payout: money(data.totals.payout) })}
            </p>
            <Pager
              page={page}
              pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
              onPage={setPage}
              label={t('lottery.pager')}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

import {
  MAX_BANK_ACCOUNTS,
  type ReceiptResult,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawalRequest,
  type WithdrawalRequestResult,
  type WithdrawSettings,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/image.ts';
import { amountFromText } from '../../lib/money.ts';
import { withFreshReference } from '../../lib/reference.ts';
import type { KycWithdrawalGuard } from '../kyc/index.ts';
import { type LedgerModule, memberMain } from '../ledger/index.ts';
import type { TransactionPasswordService } from './transaction-password.service.ts';
import { effectiveSettings, type WithdrawalSettings } from './withdrawal-settings.ts';
import { presentWithdrawal } from './withdrawals.presenter.ts';
import type { WithdrawalPostings } from './withdrawals.ledger.ts';
import {
  createWithdrawalsRepository,
  type WithdrawalRow,
  type WithdrawalsRepository,
} from './withdrawals.repository.ts';
import type { WithdrawalsTables } from './withdrawals.tables.ts';

/** Why a transition found no row: it is not there for this caller (not_found) or not in a state that allows it. */
export async function transitionRefused(
  repo: WithdrawalsRepository,
  merchantId: bigint,
  id: bigint,
  memberId?: bigint,
): Promise<never> {
  const row = await repo.find(merchantId, id, memberId);
  throw row
    ? new AppError('state_invalid', undefined, { status: row.status })
    : new AppError('not_found', 'No such withdrawal.');
}

export interface ReceiptInput {
  result: ReceiptResult;
  receivedAmount?: string;
  /** The uploaded proof image (required for not_received); stored re-encoded. */
  proof?: Uint8Array;
}

/** The member side of withdrawals: settings, requests (funds held), list, cancel, receipt; and the receipt job. */
export function createWithdrawalsService(deps: {
  db: Kysely<WithdrawalsTables>;
  ledger: Pick<LedgerModule, 'balances'>;
  postings: WithdrawalPostings;
  txPassword: Pick<TransactionPasswordService, 'isSet' | 'verify'>;
  /** Above the merchant's KYC threshold a new request needs an approved identity (kyc_required). */
  kyc?: KycWithdrawalGuard;
  clock: () => Date;
  /**
   * Asked before a new withdrawal (bonus money: an active bonus answers bonus_active unless `confirmed`, then is
   * forfeited); set once the bonus module exists.
   */
  guard?: { beforeRequest?: (merchant: Merchant, memberId: bigint, confirmed: boolean) => Promise<void> };
}) {
  const repo = createWithdrawalsRepository(deps.db);
  const settingsOf = async (merchant: Merchant): Promise<WithdrawalSettings> =>
    effectiveSettings(await repo.settings(merchant.id), merchant);
  const present = (row: WithdrawalRow, merchant: Merchant, s: WithdrawalSettings) =>
    presentWithdrawal(row, { exponent: merchant.currencyExponent, cancelAllowed: s.cancelAllowed, now: deps.clock() });

  return {
    settingsOf,

    async settings(merchant: Merchant, memberId: bigint): Promise<WithdrawSettings> {
      const [s, set, balances] = [
        await settingsOf(merchant),
        await deps.txPassword.isSet(merchant, memberId),
        await deps.ledger.balances(merchant.id, [memberMain(memberId)]),
      ];
      return {
        transactionPasswordSet: set,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        minAmount: s.minAmount.toString(),
        maxAmount: s.maxAmount.toString(),
        available: (balances[memberMain(memberId)]?.available ?? 0n).toString(),
        confirmWindowMinutes: s.confirmWindowMinutes,
        cancelAllowed: s.cancelAllowed,
        maxBankAccounts: MAX_BANK_ACCOUNTS,
      };
    },

    /**
     * One transaction: insert the withdrawal and hold the amount through the ledger. When the hold fails
     * (insufficient funds) the whole transaction rolls back, the row and its request id included, so the
     * member can retry the same request id after topping up. A replay of a stored request returns it.
     */
    async request(merchant: Merchant, memberId: bigint, body: WithdrawalRequest): Promise<WithdrawalRequestResult> {
      const s = await settingsOf(merchant);
      const amount = amountFromText(body.amount, merchant.currencyExponent);
      if (amount < s.minAmount || amount > s.maxAmount)
        throw new AppError('amount_out_of_range', undefined, {
          min: s.minAmount.toString(),
          max: s.maxAmount.toString(),
        });
      await deps.kyc?.assertWithdrawalAllowed(merchant, memberId, amount);
      const bankAccountId = BigInt(body.bankAccountId);
      await deps.txPassword.verify(merchant, memberId, body.transactionPassword);

      const replayOf = (row: WithdrawalRow): WithdrawalRequestResult => {
        if (row.bank_account_id !== bankAccountId || row.amount !== amount) throw new AppError('idempotency_conflict');
        return { ...present(row, merchant, s), replay: true };
      };
      const earlier = await repo.findByRequestId(memberId, body.requestId);
      if (earlier) return replayOf(earlier);
      await deps.guard?.beforeRequest?.(merchant, memberId, body.forfeitBonus === true);

      const row = await withFreshReference('WDR', (reference) =>
        deps.db.transaction().execute(async (trx) => {
          const r = createWithdrawalsRepository(trx);
          const account = await r.lockBankAccount(merchant.id, memberId, bankAccountId, 'share');
          if (!account) throw new AppError('not_found', 'No such bank account.');
          const inserted = await r.insert({
            merchant_id: merchant.id,
            member_id: memberId,
            request_id: body.requestId,
            bank_account_id: account.id,
            bank_name: account.bank_name,
            account_number: account.account_number,
            account_name: account.account_name,
            amount,
            currency: merchant.currency,
            reference,
          });
          if (!inserted) return { twin: true as const };
          const holdId = await deps.postings.hold(trx, merchant, inserted);
          return { twin: false as const, row: await r.setHold(inserted.id, holdId) };
        }),
      );
      if (row.twin) {
        // A concurrent request with the same id committed first.
        const twin = await repo.findByRequestId(memberId, body.requestId);
        if (!twin) throw new AppError('conflict', 'Please try again.');
        return replayOf(twin);
      }
      return { ...present(row.row, merchant, s), replay: false };
    },

    async list(
      merchant: Merchant,
      memberId: bigint,
      page: { pageNo: number; pageSize: number },
    ): Promise<WithdrawalPage> {
      const s = await settingsOf(merchant);
      const { total, rows } = await repo.listForMember(merchant.id, memberId, page);
      return { items: rows.map((r) => present(r, merchant, s)), total, ...page };
    },

    /** The id behind a public reference (paths name withdrawals by reference); not_found when there is none. */
    async idOf(merchant: Merchant, reference: string): Promise<bigint> {
      const id = await repo.idByReference(merchant.id, reference);
      if (id === undefined) throw new AppError('not_found', 'No such withdrawal.');
      return id;
    },

    /** Only while 'requested', and only where the merchant allows members to cancel (UK rule: not by default). */
    async cancel(merchant: Merchant, memberId: bigint, id: bigint): Promise<Withdrawal> {
      const s = await settingsOf(merchant);
      if (!s.cancelAllowed) throw new AppError('function_not_enabled', 'A requested withdrawal cannot be cancelled.');
      const row = await deps.db.transaction().execute(async (trx) => {
        const r = createWithdrawalsRepository(trx);
        const now = deps.clock();
        const moved = await r.transition({ merchantId: merchant.id, id, memberId, from: ['requested'] }, 'cancelled', {
          closed_at: now,
          updated_at: now,
        });
        if (!moved) return transitionRefused(r, merchant.id, id, memberId);
        await deps.postings.release(trx, merchant, moved);
        return moved;
      });
      return present(row, merchant, s);
    },

    /**
     * The member's answer after disbursement, before the window closes: received → confirmed; not received
     * (with a proof image) or partially received (with the amount) → disputed, for an operator to follow up.
     */
    async confirmReceipt(merchant: Merchant, memberId: bigint, id: bigint, input: ReceiptInput): Promise<Withdrawal> {
      const s = await settingsOf(merchant);
      const current = await repo.find(merchant.id, id, memberId);
      if (!current) throw new AppError('not_found', 'No such withdrawal.');
      if (current.status !== 'disbursed' || !current.receipt_due_at || current.receipt_due_at <= deps.clock()) {
        throw new AppError('state_invalid', undefined, { status: current.status });
      }
      let receivedAmount: bigint | null = null;
      if (input.result === 'partial') {
        if (!input.receivedAmount)
          throw new AppError('validation_failed', 'Enter the amount you received.', {
            in: 'body',
            fields: [{ field: 'receivedAmount', reason: 'required', message: 'Enter the amount you received.' }],
          });
        receivedAmount = amountFromText(input.receivedAmount, merchant.currencyExponent);
        if (receivedAmount >= current.amount)
          throw new AppError('amount_out_of_range', 'A partial amount is less than the withdrawal.', {
            max: current.amount.toString(),
          });
      }
      if (input.result === 'not_received' && !input.proof) {
        throw new AppError('validation_failed', 'Attach a proof image.', {
          in: 'body',
          fields: [{ field: 'proof', reason: 'required', message: 'Attach a proof image.' }],
        });
      }
      const proof =
        input.result === 'not_received' && input.proof
          ? await reencodeImage(input.proof, { format: 'jpeg', maxSide: 2000 })
          : undefined;
      const row = await deps.db.transaction().execute(async (trx) => {
        const r = createWithdrawalsRepository(trx);
        const now = deps.clock();
        const to = input.result === 'received' ? 'confirmed' : 'disputed';
        const moved = await r.transition(
          { merchantId: merchant.id, id, memberId, from: ['disbursed'], dueAfter: now },
          to,
          {
            receipt_result: input.result,
            received_amount: receivedAmount,
            updated_at: now,
            ...(to === 'confirmed' && { closed_at: now }),
          },
        );
        if (!moved) return transitionRefused(r, merchant.id, id, memberId);
        if (proof) await r.insertProof(id, proof);
        return moved;
      });
      return present(row, merchant, s);
    },

    /**
     * The receipt job's step: every disbursed withdrawal past its window counts as received (no refund).
     * One UPDATE … RETURNING, so running it twice, or in several processes at once, changes each row once.
     */
    async autoConfirmDue(now: Date = deps.clock()): Promise<{ confirmed: string[] }> {
      const rows = await repo.autoConfirmDue(now);
      return { confirmed: rows.map((r) => r.reference) };
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;

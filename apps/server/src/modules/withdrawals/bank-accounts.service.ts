import { type BankAccount, MAX_BANK_ACCOUNTS } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { presentBankAccount } from './withdrawals.presenter.ts';
import { createWithdrawalsRepository } from './withdrawals.repository.ts';
import type { WithdrawalsTables } from './withdrawals.tables.ts';

/** The member's payout bank accounts: at most 5 live ones, no duplicates, none removed while a withdrawal uses it. */
export function createBankAccountsService(deps: { db: Kysely<WithdrawalsTables>; clock: () => Date }) {
  const repo = createWithdrawalsRepository(deps.db);

  return {
    list: async (merchant: Merchant, memberId: bigint): Promise<BankAccount[]> =>
      (await repo.bankAccounts(merchant.id, memberId)).map(presentBankAccount),

    async add(
      merchant: Merchant,
      memberId: bigint,
      v: { bankName: string; accountNumber: string; accountName: string },
    ): Promise<BankAccount> {
      // The member's bank-account lock makes "count, check duplicates, insert" atomic against a concurrent add.
      const row = await deps.db.transaction().execute(async (trx) => {
        const r = createWithdrawalsRepository(trx);
        await r.lockMemberBankAccounts(memberId);
        const live = await r.bankAccounts(merchant.id, memberId);
        if (
          live.some(
            (b) => b.bank_name.toLowerCase() === v.bankName.toLowerCase() && b.account_number === v.accountNumber,
          )
        ) {
          throw new AppError('conflict', 'This bank account is already on your list.');
        }
        if (live.length >= MAX_BANK_ACCOUNTS)
          throw new AppError('conflict', `You can keep at most ${MAX_BANK_ACCOUNTS} bank accounts.`, {
            max: MAX_BANK_ACCOUNTS,
          });
        return r.insertBankAccount({
          merchant_id: merchant.id,
          member_id: memberId,
          bank_name: v.bankName,
          account_number: v.accountNumber,
          account_name: v.accountName,
        });
      });
      return presentBankAccount(row);
    },

    async remove(merchant: Merchant, memberId: bigint, id: bigint): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const r = createWithdrawalsRepository(trx);
        // Locking the account first: a withdrawal being requested on it commits before we look for open ones.
        const account = await r.lockBankAccount(merchant.id, memberId, id);
        if (!account) throw new AppError('not_found', 'No such bank account.');
        if (await r.hasOpenWithdrawal(id))
          throw new AppError('state_invalid', 'This bank account has a withdrawal in progress.');
        await r.deleteBankAccount(id, deps.clock());
      });
    },
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;

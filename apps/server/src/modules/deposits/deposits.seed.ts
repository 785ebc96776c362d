import type { Insertable } from 'kysely';
import type { DepositMethodsTable } from './deposits.tables.ts';

/**
 * Demo payment methods (amounts in minor units of the demo currency, PHP with 2 decimals): one sandbox gateway
 * and one bank transfer. Idempotent: existing codes are left as the operator set them.
 */
export function demoDepositMethods(merchantId: bigint): Insertable<DepositMethodsTable>[] {
  const merchant = { id: merchantId };
  return [
    {
      merchant_id: merchant.id,
      code: 'SANDBOX',
      name: 'Online payment (sandbox)',
      kind: 'gateway',
      gateway: 'sandbox',
      min_amount: 100_00n,
      max_amount: 50_000_00n,
      sort: 1,
    },
    {
      merchant_id: merchant.id,
      code: 'BANK',
      name: 'Bank transfer',
      kind: 'bank_transfer',
      min_amount: 500_00n,
      max_amount: 500_000_00n,
      bank_name: 'Demo Bank',
      account_number: '0012-3456-7890',
      account_name: 'Demo Casino Ltd',
      sort: 2,
    },
  ];
}

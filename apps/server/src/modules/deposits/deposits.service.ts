import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  type AdminDepositItem,
  type DepositItem,
  type DepositMethodList,
  type DepositOrderResult,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/image.ts';
import { amountFromText } from '../../lib/money.ts';
import { withFreshReference } from '../../lib/reference.ts';
import type { AdminModule } from '../admin/index.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { PlayEvent } from '../../lib/play-events.ts';
import type { AnyDb } from '../../db/schema.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import type {
  AdminDepositListRow,
  DepositListRow,
  DepositMethodRow,
  DepositRow,
  DepositsRepository,
} from './deposits.repository.ts';
import type { DepositMethodKind, DepositStatus, DepositsTables } from './deposits.tables.ts';
import type { PaymentGateways } from './payment-gateway.ts';

export interface DepositsDeps {
  db: Kysely<DepositsTables>;
  repo: DepositsRepository;
  ledger: Pick<LedgerModule, 'move'>;
  audit: Pick<AdminModule, 'recordAction' | 'staffUsernames'>;
  members: Pick<MembersModule, 'accountsOf'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  gateways: PaymentGateways;
  /** Responsible gaming: a break or a deposit limit refuses a deposit at request and at credit. */
  rg: Pick<RgGuard, 'assertDeposit' | 'depositRefusal'>;
  clock: () => Date;
  /** The play-event queue: a credited deposit is published in its own transaction (modules/play-events). */
  events?: { publish(trx: AnyDb, e: PlayEvent): Promise<void> };
}

/** Pending deposits younger than this count against a deposit limit when another is requested. */
const PENDING_COUNTED_MS = 24 * 3_600_000;

export interface DepositRequest {
  methodCode: string;
  amount: string;
  requestId: string;
}

export interface AdminActor {
  id: bigint;
  merchantId: bigint;
  ip?: string;
}

/** The page the member comes back to after paying (the SPA shows the outcome of ?deposit=<reference>). */
export const depositReturnPath = (reference: string) => `/member/depositv2?deposit=${encodeURIComponent(reference)}`;

const methodError = (message: string) =>
  new AppError('validation_failed', message, {
    in: 'body',
    fields: [{ field: 'methodCode', reason: 'invalid', message }],
  });

export function presentDeposit(r: DepositListRow): DepositItem {
  return {
    // The public reference is the API's id: the row's sequential id never leaves the server.
    id: r.reference,
    reference: r.reference,
    methodCode: r.method_code,
    methodName: r.method_name,
    kind: r.kind,
    amount: r.amount.toString(),
    status: r.status,
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
    completedAt: r.completed_at ? r.completed_at.toISOString() : null,
  };
}

function presentAdminDeposit(
  r: AdminDepositListRow,
  memberAccount: string,
  staff: ReadonlyMap<bigint, string>,
): AdminDepositItem {
  return {
    ...presentDeposit(r),
    memberId: String(r.member_id),
    memberAccount,
    gatewayRef: r.gateway_ref,
    hasReceipt: Boolean(r.has_receipt),
    reviewedBy: r.reviewed_by === null ? null : String(r.reviewed_by),
    reviewedByUsername: r.reviewed_by === null ? null : (staff.get(r.reviewed_by) ?? null),
  };
}

export function createDepositsService(deps: DepositsDeps) {
  const { db, repo, ledger, clock } = deps;

  /** The method and the amount in minor units, checked against the method's limits. */
  async function checkRequest(
    merchant: Merchant,
    req: DepositRequest,
    kind: DepositMethodKind,
  ): Promise<{ method: DepositMethodRow; amount: bigint }> {
    const method = await repo.findMethod(merchant.id, req.methodCode.trim().toUpperCase());
    if (!method || !method.enabled) throw methodError('This payment method is not available.');
    if (method.kind !== kind)
      throw methodError(kind === 'gateway' ? 'This method is paid by bank transfer.' : 'This method is paid online.');
    const amount = amountFromText(req.amount, merchant.currencyExponent);
    if (amount < method.min_amount || amount > method.max_amount) {
      throw new AppError('amount_out_of_range', undefined, {
        min: method.min_amount.toString(),
        max: method.max_amount.toString(),
      });
    }
    return { method, amount };
  }

  /** An earlier deposit under the same request id: the same request gets the same deposit, another is a conflict. */
  function sameRequest(existing: DepositRow, method: DepositMethodRow, amount: bigint): DepositRow {
    if (existing.method_id !== method.id || existing.amount !== amount) throw new AppError('idempotency_conflict');
    return existing;
  }

  /** Inserts the deposit (or finds its twin under the same request id); `withRow` runs in the same transaction. */
  async function openDeposit(
    merchant: Merchant,
    memberId: bigint,
    req: DepositRequest,
    method: DepositMethodRow,
    amount: bigint,
    withRow?: (trx: Kysely<DepositsTables>, row: DepositRow) => Promise<void>,
  ): Promise<DepositRow> {
    const requestId = req.requestId.trim();
    const existing = await repo.findByRequest(memberId, requestId);
    if (existing) return sameRequest(existing, method, amount);
    const row = await withFreshReference('DEP', (reference) =>
      db.transaction().execute(async (trx) => {
        // Under the member's responsible-gaming lock: credited deposits, the pending ones and this one within limits.
        await deps.rg.assertDeposit(trx, merchant, memberId, amount, () =>
          repo.pendingTotal(trx, memberId, new Date(clock().getTime() - PENDING_COUNTED_MS)),
        );
        const inserted = await repo.insertIfNew(
          {
            merchant_id: merchant.id,
            member_id: memberId,
            method_id: method.id,
            kind: method.kind,
            amount,
            currency: merchant.currency,
            request_id: requestId,
            order_ref: `D${randomBytes(15).toString('base64url')}`,
            reference,
            gateway: method.gateway,
          },
          trx,
        );
        if (inserted && withRow) await withRow(trx, inserted);
        return inserted;
      }),
    );
    if (row) return row;
    // A concurrent twin of this request won the insert.
    return sameRequest((await repo.findByRequest(memberId, requestId))!, method, amount);
  }

  /** The one credit of a deposit: payment clearing → member main wallet, keyed by the deposit id. */
  async function credit(
    trx: Kysely<DepositsTables>,
    d: DepositRow,
    extra: { gatewayRef?: string; reviewedBy?: bigint },
  ): Promise<DepositRow> {
    const r = await ledger.move(
      {
        merchant: { id: d.merchant_id, currency: d.currency },
        scope: 'deposit',
        key: `deposit:${d.id}`,
        kind: 'deposit',
        memberId: d.member_id,
        ref: { depositId: String(d.id), reference: d.reference },
        from: systemAccount('payment_clearing', d.member_id),
        to: memberMain(d.member_id),
        amount: d.amount,
      },
      trx,
    );
    // A credit from a system account cannot fail for funds; anything else is a bug worth a 500 and a rollback.
    if (!r.ok) throw new Error(`deposit ${d.id}: the ledger refused the credit (${r.error})`);
    const at = clock();
    const done = await repo.finish(trx, d.id, { status: 'success', at, journalId: r.journalId, ...extra });
    if (deps.events && !r.replay)
      await deps.events.publish(trx, {
        kind: 'deposit_credited',
        id: `deposit:${d.id}`,
        merchantId: d.merchant_id,
        memberId: d.member_id,
        amount: d.amount,
        first: !(await repo.creditedBefore(trx, d.member_id, d.id)),
        at,
      });
    return done;
  }

  async function listRow(merchantId: bigint, memberId: bigint, id: bigint): Promise<DepositItem> {
    return presentDeposit((await repo.findForMember(merchantId, memberId, id))!);
  }

  return {
    async methods(merchant: Merchant): Promise<DepositMethodList> {
      const rows = await repo.enabledMethods(merchant.id);
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        methods: rows.map((m) => ({
          code: m.code,
          name: m.name,
          kind: m.kind,
          minAmount: m.min_amount.toString(),
          maxAmount: m.max_amount.toString(),
          bank:
            m.kind === 'bank_transfer'
              ? {
                  bankName: m.bank_name ?? '',
                  accountNumber: m.account_number ?? '',
                  accountName: m.account_name ?? '',
                }
              : null,
        })),
      };
    },

    /** A gateway deposit: the row (pending) and the gateway order; the member pays on the gateway's page. */
    async createOrder(merchant: Merchant, memberId: bigint, req: DepositRequest): Promise<DepositOrderResult> {
      const { method, amount } = await checkRequest(merchant, req, 'gateway');
      const gateway = deps.gateways.get(method.gateway ?? '');
      if (!gateway) throw methodError('This payment method is not available.');
      const row = await openDeposit(merchant, memberId, req, method, amount);
      const { redirectUrl } = await gateway.createOrder({
        orderId: row.order_ref,
        amount: row.amount,
        currency: row.currency,
      });
      return { depositId: row.reference, status: row.status, payUrl: redirectUrl };
    },

    /** A manual bank transfer: the row and its receipt in one transaction, pending the operator's review. */
    async createManual(
      merchant: Merchant,
      memberId: bigint,
      req: DepositRequest,
      receipt: Uint8Array,
    ): Promise<DepositItem> {
      const { method, amount } = await checkRequest(merchant, req, 'bank_transfer');
      if (receipt.length === 0)
        throw new AppError('validation_failed', 'Attach the transfer receipt.', {
          in: 'body',
          fields: [{ field: 'receipt', reason: 'required', message: 'Attach the transfer receipt.' }],
        });
      // Re-encoded: only the pixels are kept (an operator opens it; nothing appended to the upload survives).
      const image = await reencodeImage(receipt, { format: 'jpeg', maxSide: 2000 });
      const row = await openDeposit(merchant, memberId, req, method, amount, (trx, r) =>
        repo.insertReceipt(trx, {
          depositId: r.id,
          merchantId: merchant.id,
          contentType: 'image/jpeg',
          content: image,
        }),
      );
      return listRow(merchant.id, memberId, row.id);
    },

    async list(merchant: Merchant, memberId: bigint, page: { pageNo: number; pageSize: number }) {
      const { total, rows } = await repo.listForMember(merchant.id, memberId, page);
      return {
        list: rows.map(presentDeposit),
        total,
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },

    /** The order behind a gateway's hosted page with its merchant's exponent (the sandbox shows the amount). */
    async findOrder(orderRef: string) {
      const order = await repo.findByOrderRef(orderRef);
      const merchant = order && (await deps.merchants.findById(order.merchant_id));
      return order && merchant ? { ...order, exponent: merchant.currencyExponent } : undefined;
    },

    /**
     * A gateway callback: signature first (nothing is read or written before it passes), then under the deposit's
     * row lock either the credit (exactly once: row status and ledger key both guard it) or the failure.
     * A callback for a deposit already final changes nothing and answers its current status.
     */
    async handleCallback(
      gatewayCode: string,
      headers: IncomingHttpHeaders,
      rawBody: Buffer,
    ): Promise<{ depositId: string; status: DepositStatus }> {
      const gateway = deps.gateways.get(gatewayCode);
      if (!gateway) throw new AppError('not_found', 'Unknown payment gateway.');
      const cb = await gateway.verifyCallback(headers, rawBody);
      const found = await repo.findByOrderRef(cb.orderId);
      if (!found || found.gateway !== gateway.code) throw new AppError('not_found', 'Unknown order.');
      const merchant = (await deps.merchants.findById(found.merchant_id))!;
      const row = await db.transaction().execute(async (trx) => {
        const d = (await repo.lockById(trx, found.merchant_id, found.id))!;
        if (d.status !== 'pending') return d;
        if (cb.status === 'failed')
          return repo.finish(trx, d.id, {
            status: 'failed',
            at: clock(),
            gatewayRef: cb.gatewayRef,
            reason: 'Payment failed at the gateway.',
          });
        if (cb.amount !== d.amount || cb.currency !== d.currency)
          throw new AppError('amount_invalid', 'The paid amount differs from the order.');
        // A break or a deposit limit reached since the request: not credited (the payment goes back to the payer).
        const refusal = await deps.rg.depositRefusal(trx, merchant, d.member_id, d.amount, () => Promise.resolve(0n));
        if (refusal)
          return repo.finish(trx, d.id, {
            status: 'failed',
            at: clock(),
            gatewayRef: cb.gatewayRef,
            reason: `${refusal.message} The payment is returned.`,
          });
        return credit(trx, d, { gatewayRef: cb.gatewayRef });
      });
      return { depositId: row.reference, status: row.status };
    },

    async listForReview(
      merchantId: bigint,
      q: Parameters<DepositsRepository['listForReview']>[1],
      merchant: Pick<Merchant, 'currency' | 'currencyExponent'>,
    ) {
      const { total, rows } = await repo.listForReview(merchantId, q);
      const [accounts, staff] = await Promise.all([
        deps.members.accountsOf(
          merchantId,
          rows.map((r) => r.member_id),
        ),
        deps.audit.staffUsernames(rows.flatMap((r) => (r.reviewed_by === null ? [] : [r.reviewed_by]))),
      ]);
      return {
        list: rows.map((r) => presentAdminDeposit(r, accounts.get(r.member_id) ?? '', staff)),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },

    /** The id behind a public reference (paths name deposits by reference); not_found when there is none. */
    async idOf(merchantId: bigint, reference: string): Promise<bigint> {
      const id = await repo.idByReference(merchantId, reference);
      if (id === undefined) throw new AppError('not_found', 'No such deposit.');
      return id;
    },

    async receipt(merchantId: bigint, depositId: bigint) {
      const r = await repo.receipt(merchantId, depositId);
      if (!r) throw new AppError('not_found', 'This deposit has no receipt.');
      return {
        contentType: r.content_type,
        image: `data:${r.content_type};base64,${Buffer.from(r.content).toString('base64')}`,
      };
    },

    /** Operator approval of a bank transfer: the credit, the status and the audit record commit together. */
    async approve(admin: AdminActor, depositId: bigint): Promise<{ id: string; status: DepositStatus }> {
      const merchant = (await deps.merchants.findById(admin.merchantId))!;
      const row = await db.transaction().execute(async (trx) => {
        const d = await repo.lockById(trx, admin.merchantId, depositId);
        if (!d) throw new AppError('not_found', 'No such deposit.');
        if (d.kind !== 'bank_transfer' || d.status !== 'pending')
          throw new AppError('state_invalid', `This deposit is ${d.status}.`, { status: d.status });
        await deps.rg.assertDeposit(trx, merchant, d.member_id, d.amount);
        const done = await credit(trx, d, { reviewedBy: admin.id });
        await deps.audit.recordAction(trx, {
          merchantId: admin.merchantId,
          adminId: admin.id,
          action: 'deposit.approve',
          targetType: 'deposit',
          targetId: d.reference,
          detail: { memberId: d.member_id, amount: d.amount, journalId: done.journal_id },
          ip: admin.ip,
        });
        return done;
      });
      return { id: row.reference, status: row.status };
    },

    async reject(admin: AdminActor, depositId: bigint, reason: string): Promise<{ id: string; status: DepositStatus }> {
      const row = await db.transaction().execute(async (trx) => {
        const d = await repo.lockById(trx, admin.merchantId, depositId);
        if (!d) throw new AppError('not_found', 'No such deposit.');
        if (d.kind !== 'bank_transfer' || d.status !== 'pending')
          throw new AppError('state_invalid', `This deposit is ${d.status}.`, { status: d.status });
        const done = await repo.finish(trx, d.id, { status: 'rejected', at: clock(), reason, reviewedBy: admin.id });
        await deps.audit.recordAction(trx, {
          merchantId: admin.merchantId,
          adminId: admin.id,
          action: 'deposit.reject',
          targetType: 'deposit',
          targetId: d.reference,
          detail: { memberId: d.member_id, amount: d.amount, reason },
          ip: admin.ip,
        });
        return done;
      });
      return { id: row.reference, status: row.status };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;

import {
  type AdminKycFile,
  type AdminKycItem,
  type AdminKycList,
  type AdminKycMember,
  type AdminKycQuery,
  type AdminKycSummary,
  type KycDocumentKind,
  type KycReviewRequest,
  type KycSettings,
  type KycSettingsView,
  type KycStatus,
  kycOverall,
} from '@sea/contracts';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { withFreshReference } from '../../lib/reference.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MembersModule } from '../members/index.ts';
import { checkKycFile } from './kyc.file-check.ts';
import { type KycNoticePort, reviewNotice } from './kyc.notices.ts';
import type { KycDocRow, KycRepository } from './kyc.repository.ts';

/** A member uploads at most this many documents an hour (each is up to 5 MB to decode). */
export const KYC_UPLOADS_PER_HOUR = 20;

/** A unique violation of the one-current-document-per-kind index. */
const isCurrentClash = (e: unknown) => {
  const err = e as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  return (
    err?.code === '23505' &&
    `${String(err.constraint ?? '')} ${String(err.message ?? '')}`.includes('kyc_documents_current_idx')
  );
};

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;

const presentMember = (r: KycDocRow) => ({
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  contentType: r.content_type,
  uploadedAt: r.created_at.toISOString(),
  reviewedAt: r.reviewed_at?.toISOString() ?? null,
});

const presentAdmin = (r: KycDocRow, account: string): AdminKycItem => ({
  reference: r.reference,
  account,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  contentType: r.content_type,
  size: r.size,
  uploadedAt: r.created_at.toISOString(),
  reviewedAt: r.reviewed_at?.toISOString() ?? null,
  reviewedBy: r.reviewed_by_name,
});

export function createKycService(deps: {
  repo: KycRepository;
  members: Pick<MembersModule, 'findByAccount' | 'findById' | 'accountsOf'>;
  audit: Pick<AdminModule, 'recordAction'>;
  limiter: WindowLimiter;
  clock: () => Date;
  /** The member's message about each review (the messages face, built after this module: set through the port). */
  ports: { notify?: KycNoticePort };
}) {
  const { repo, members, clock } = deps;

  /** A member of this merchant by account (another merchant's member is not found either). */
  const memberOf = async (merchant: Merchant, account: string) => {
    const m = await members.findByAccount(merchant.id, account);
    if (!m) throw new AppError('not_found', 'No such member.');
    return m;
  };

  const status = async (merchant: Merchant, memberId: bigint): Promise<KycStatus> => {
    const [docs, threshold] = await Promise.all([repo.current(merchant.id, memberId), repo.threshold(merchant.id)]);
    return {
      overall: kycOverall(docs),
      documents: docs.map(presentMember),
      withdrawalThreshold: threshold?.toString() ?? null,
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
    };
  };

  const settings = async (merchant: Merchant): Promise<KycSettingsView> => {
    const threshold = await repo.threshold(merchant.id);
    return {
      withdrawalThreshold: threshold?.toString() ?? null,
      currency: merchant.currency,
      exponent: merchant.currencyExponent,
    };
  };

  return {
    status,

    /**
     * A member's upload of one document: rate limit, then the content check (kyc.file-check.ts), then one
     * transaction that locks the member's current document of that kind — missing or rejected: the new one becomes
     * current (the rejected one stays as history); pending: kyc_under_review; approved: kyc_already_approved.
     */
    async upload(merchant: Merchant, memberId: bigint, kind: KycDocumentKind, file: Uint8Array | undefined) {
      if (!file || file.length === 0) throw new AppError('kyc_file_missing');
      const limit = await deps.limiter.hit(`kyc:${merchant.id}:${memberId}`, KYC_UPLOADS_PER_HOUR, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const checked = await checkKycFile(file);
      await withFreshReference('KYC', (reference) =>
        repo.transaction(async (trx) => {
          const existing = await repo.lockCurrent(trx, memberId, kind);
          if (existing?.status === 'pending') throw new AppError('kyc_under_review');
          if (existing?.status === 'approved') throw new AppError('kyc_already_approved');
          if (existing) await repo.supersede(trx, existing.id);
          return repo.insert(trx, {
            reference,
            merchant_id: merchant.id,
            member_id: memberId,
            kind,
            content_type: checked.contentType,
            content: checked.content,
            created_at: clock(),
          });
        }),
      ).catch((e: unknown) => {
        // Two first uploads of one kind at once: the unique index keeps one; the other is told it is under review.
        if (isCurrentClash(e)) throw new AppError('kyc_under_review');
        throw e;
      });
      return status(merchant, memberId);
    },

    /** The withdrawals module asks before a new request: above the merchant's threshold an approved identity. */
    async assertWithdrawalAllowed(merchant: Merchant, memberId: bigint, amount: bigint): Promise<void> {
      const threshold = await repo.threshold(merchant.id);
      if (threshold === null || amount <= threshold) return;
      if (kycOverall(await repo.current(merchant.id, memberId)) === 'approved') return;
      throw new AppError('kyc_required', undefined, { threshold: threshold.toString() });
    },

    /** The review queue; an unknown account filter finds nothing (not an error). */
    async queue(merchant: Merchant, q: AdminKycQuery): Promise<AdminKycList> {
      const empty = { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize };
      let memberId: bigint | undefined;
      if (q.account) {
        const m = await members.findByAccount(merchant.id, q.account);
        if (!m) return empty;
        memberId = m.id;
      }
      const { rows, total } = await repo.queue(
        merchant.id,
        { status: q.status, memberId },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      const accounts = await members.accountsOf(merchant.id, [...new Set(rows.map((r) => r.member_id))]);
      return {
        list: rows.map((r) => presentAdmin(r, accounts.get(r.member_id) ?? String(r.member_id))),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      };
    },

    /** A member's current documents for staff (members.kyc). */
    async memberDocuments(merchant: Merchant, account: string): Promise<AdminKycMember> {
      const m = await memberOf(merchant, account);
      const docs = await repo.current(merchant.id, m.id);
      return { account: m.account, overall: kycOverall(docs), documents: docs.map((d) => presentAdmin(d, m.account)) };
    },

    /** The member page's summary (members.view): statuses only. */
    async summary(merchant: Merchant, account: string): Promise<AdminKycSummary> {
      const m = await memberOf(merchant, account);
      const docs = await repo.current(merchant.id, m.id);
      return {
        overall: kycOverall(docs),
        documents: docs.map((d) => ({
          kind: d.kind,
          status: d.status,
          reason: d.reason,
          uploadedAt: d.created_at.toISOString(),
        })),
      };
    },

    /**
     * A document's bytes, for staff of its own merchant only (another merchant's reference is not found). Every
     * opening is audited (kyc.file_open: who, when, which file) before the bytes leave.
     */
    async file(merchant: Merchant, admin: AuthenticatedAdmin, reference: string, ip: string): Promise<AdminKycFile> {
      const f = await repo.file(merchant.id, reference);
      if (!f) throw new AppError('kyc_document_not_found');
      const owner = await members.findById(merchant.id, f.member_id);
      const fileName = `${f.reference}-${f.kind}.${EXTENSIONS[f.content_type]}`;
      await repo.transaction((trx) =>
        deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'kyc.file_open',
          targetType: 'member',
          targetId: owner?.account ?? '',
          detail: { reference, kind: f.kind, fileName },
          ip,
        }),
      );
      return {
        reference: f.reference,
        contentType: f.content_type,
        fileName,
        data: Buffer.from(f.content).toString('base64'),
      };
    },

    /**
     * Approve or reject (with the reason the member reads) a pending current document: the row locked, changed, the
     * audit entry and the member's message written in one transaction; a reviewed or superseded one is
     * kyc_already_reviewed.
     */
    async review(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      reference: string,
      body: KycReviewRequest,
      ip: string,
    ): Promise<AdminKycItem> {
      // The member's account for the audit entry, read before the transaction (PGlite runs one session: no query of
      // another module may wait inside it).
      const seen = await repo.byReference(undefined, merchant.id, reference);
      if (!seen) throw new AppError('kyc_document_not_found');
      const owner = await members.findById(merchant.id, seen.member_id);
      const account = owner?.account ?? '';
      const updated = await repo.transaction(async (trx) => {
        const locked = await repo.byReference(trx, merchant.id, reference, true);
        if (!locked) throw new AppError('kyc_document_not_found');
        if (locked.status !== 'pending' || !locked.is_current) throw new AppError('kyc_already_reviewed');
        const approve = body.decision === 'approve';
        const row = await repo.review(trx, locked.id, {
          status: approve ? 'approved' : 'rejected',
          reason: approve ? null : body.reason!,
          at: clock(),
          adminId: admin.id,
          adminName: admin.username,
        });
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: approve ? 'kyc.approve' : 'kyc.reject',
          targetType: 'member',
          targetId: account,
          detail: { reference, kind: locked.kind, ...(approve ? {} : { reason: body.reason }) },
          ip,
        });
        // The member reads the outcome (and the reason) in the inbox, in the member's language; one transaction.
        if (deps.ports.notify && owner)
          await deps.ports.notify(
            merchant.id,
            locked.member_id,
            reviewNotice(
              owner.language,
              locked.kind,
              approve ? { decision: 'approve' } : { decision: 'reject', reason: body.reason! },
            ),
            trx,
          );
        return row;
      });
      return presentAdmin(updated, account);
    },

    settings,

    /** The merchant's withdrawal rule, audited in the same transaction. */
    async saveSettings(merchant: Merchant, admin: AuthenticatedAdmin, body: KycSettings, ip: string) {
      const threshold = body.withdrawalThreshold === null ? null : BigInt(body.withdrawalThreshold);
      await repo.transaction(async (trx) => {
        await repo.setThreshold(trx, merchant.id, threshold, clock());
        await deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'kyc.settings',
          targetType: 'merchant',
          targetId: merchant.code,
          detail: { withdrawalThreshold: body.withdrawalThreshold },
          ip,
        });
      });
      return settings(merchant);
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;

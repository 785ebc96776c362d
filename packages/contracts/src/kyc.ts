import { z } from 'zod';

/**
 * Identity documents (KYC, issue 25): a member uploads the front and back of an identity document and a selfie
 * (PNG, JPG or PDF, ≤ 5 MB, checked by content). Staff of the member's merchant review each one (approve, or reject
 * with a reason the member sees); a rejected document can be uploaded again. A merchant may require an approved
 * identity (all three documents approved) before withdrawals above an amount.
 */
export const KYC_DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie'] as const;
export const kycDocumentKind = z.enum(KYC_DOCUMENT_KINDS);
export type KycDocumentKind = z.infer<typeof kycDocumentKind>;

export const KYC_DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const kycDocumentStatus = z.enum(KYC_DOCUMENT_STATUSES);
export type KycDocumentStatus = z.infer<typeof kycDocumentStatus>;

/** The member's identity as a whole: approved = all three documents approved. */
export const KYC_OVERALL_STATUSES = ['none', 'incomplete', 'pending', 'rejected', 'approved'] as const;
export const kycOverallStatus = z.enum(KYC_OVERALL_STATUSES);
export type KycOverallStatus = z.infer<typeof kycOverallStatus>;

export const KYC_MAX_BYTES = 5 * 1024 * 1024;
export const KYC_CONTENT_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
export const kycContentType = z.enum(KYC_CONTENT_TYPES);
export const KYC_REASON_MAX_CHARS = 300;

/** One document as the member sees it (the file itself is for staff only). */
export const kycDocument = z.object({
  kind: kycDocumentKind,
  status: kycDocumentStatus,
  /** Why staff rejected it (shown to the member), or null. */
  reason: z.string().nullable(),
  contentType: kycContentType,
  uploadedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type KycDocument = z.infer<typeof kycDocument>;

/** GET /wps/member/kyc: the member's documents (current one per kind) and the merchant's withdrawal rule. */
export const kycStatus = z.object({
  overall: kycOverallStatus,
  documents: z.array(kycDocument),
  /** Withdrawals above this amount (minor units) need an approved identity; null = never. */
  withdrawalThreshold: z.string().nullable(),
  currency: z.string(),
  exponent: z.number().int(),
});
export type KycStatus = z.infer<typeof kycStatus>;

export const kycKindParams = z.object({ kind: kycDocumentKind });

/** The back office: the review queue (pending first, oldest first), filter by status and account. */
export const adminKycQuery = z.object({
  status: kycDocumentStatus.optional(),
  account: z.string().trim().toLowerCase().max(64).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminKycQuery = z.infer<typeof adminKycQuery>;

export const adminKycItem = z.object({
  /** Public reference KYC-XXXXXXXX. */
  reference: z.string(),
  account: z.string(),
  kind: kycDocumentKind,
  status: kycDocumentStatus,
  reason: z.string().nullable(),
  contentType: kycContentType,
  size: z.number().int(),
  uploadedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type AdminKycItem = z.infer<typeof adminKycItem>;
export const adminKycList = z.object({
  list: z.array(adminKycItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminKycList = z.infer<typeof adminKycList>;

/** A member's current documents for staff (each file fetched on its own through the authenticated route). */
export const adminKycMember = z.object({
  account: z.string(),
  overall: kycOverallStatus,
  documents: z.array(adminKycItem),
});
export type AdminKycMember = z.infer<typeof adminKycMember>;

/** GET /admin/api/kyc/documents/:id/file: the stored bytes (base64), never on a public URL. */
export const adminKycFile = z.object({
  reference: z.string(),
  contentType: kycContentType,
  fileName: z.string(),
  data: z.string(),
});
export type AdminKycFile = z.infer<typeof adminKycFile>;

export const kycReviewRequest = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(KYC_REASON_MAX_CHARS).optional(),
  })
  .refine((b) => b.decision === 'approve' || (b.reason !== undefined && b.reason.length > 0), {
    message: 'A rejection needs a reason the member will read.',
    path: ['reason'],
  });
export type KycReviewRequest = z.infer<typeof kycReviewRequest>;

/** The member page's summary (members.view): statuses only, no files. */
export const adminKycSummary = z.object({
  overall: kycOverallStatus,
  documents: z.array(
    z.object({
      kind: kycDocumentKind,
      status: kycDocumentStatus,
      reason: z.string().nullable(),
      uploadedAt: z.string(),
    }),
  ),
});
export type AdminKycSummary = z.infer<typeof adminKycSummary>;

/** The merchant's rule (settings): withdrawals above `withdrawalThreshold` minor units need an approved identity. */
export const kycSettings = z.object({
  withdrawalThreshold: z
    .string()
    .regex(/^\d{1,15}$/, 'An amount in minor units')
    .nullable(),
});
export type KycSettings = z.infer<typeof kycSettings>;
export const kycSettingsView = kycSettings.extend({ currency: z.string(), exponent: z.number().int() });
export type KycSettingsView = z.infer<typeof kycSettingsView>;

/** The overall status from the current documents (one per kind at most). */
export function kycOverall(docs: readonly { kind: KycDocumentKind; status: KycDocumentStatus }[]): KycOverallStatus {
  if (docs.length === 0) return 'none';
  if (docs.some((d) => d.status === 'rejected')) return 'rejected';
  if (KYC_DOCUMENT_KINDS.every((k) => docs.some((d) => d.kind === k && d.status === 'approved'))) return 'approved';
  if (docs.length < KYC_DOCUMENT_KINDS.length) return 'incomplete';
  return 'pending';
}

import {
  adminKycFile,
  adminKycItem,
  adminKycList,
  adminKycMember,
  adminKycQuery,
  adminKycSummary,
  kycKindParams,
  KYC_MAX_BYTES,
  kycReviewRequest,
  kycSettings,
  kycSettingsView,
  kycStatus,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readMultipartForm } from '../../http/multipart.ts';
import { defineAdminRoute, defineMemberRoute, referenceParams } from '../../http/route.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import type { KycService } from './kyc.service.ts';

const accountParams = z.object({ account: z.string().trim().toLowerCase().min(1).max(64) });

/**
 * Identity documents: the member's own status and uploads (/wps/member/kyc, real accounts) and the back office's
 * review (/admin/api/kyc…: members.kyc; the member page's summary members.view; the rule settings.*). The files
 * are never on a public URL: only the authenticated admin route answers them, to staff of the member's merchant.
 */
export function registerKycRoutes(app: FastifyInstance, service: KycService): void {
  const tags = ['member', 'kyc'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/kyc',
      summary: "The member's identity documents (status, reason of a rejection) and the withdrawal rule",
      tags,
      response: kycStatus,
      auth: 'real',
    },
    ({ merchant, member }) => service.status(merchant, member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/kyc/:kind',
      summary:
        'Upload one identity document (id_front, id_back, selfie): multipart with the file in part "file"; PNG, JPG or PDF by content, ≤ 5 MB; again only after a rejection; 20 an hour',
      tags,
      params: kycKindParams,
      response: kycStatus,
      auth: 'real',
    },
    async ({ merchant, member, params, request }) => {
      const { file } = await readMultipartForm(request, {
        fields: z.object({}),
        file: 'file',
        maxBytes: KYC_MAX_BYTES,
      }).catch((e: unknown) => {
        if (isAppError(e) && e.code === 'payload_too_large') throw new AppError('kyc_file_too_large');
        throw e;
      });
      return service.upload(merchant, member.memberId, params.kind, file);
    },
  );

  const adminTags = ['admin: kyc'];
  const params = referenceParams('KYC');
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/kyc/documents',
      permission: 'members.kyc',
      summary: "The review queue: members' current documents, pending first (oldest first); filters status, account",
      tags: adminTags,
      querystring: adminKycQuery,
      response: adminKycList,
    },
    ({ merchant, query }) => service.queue(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/kyc/documents/:id/file',
      permission: 'members.kyc',
      summary:
        "One document's file (base64 with its type): only through this authenticated route; audited (kyc.file_open)",
      tags: adminTags,
      params,
      response: adminKycFile,
    },
    ({ merchant, admin, ip, params: p }) => service.file(merchant, admin, p.id, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/kyc/documents/:id/review',
      permission: 'members.kyc',
      summary: 'Approve or reject (with a reason the member sees) a pending document; audited',
      tags: adminTags,
      params,
      body: kycReviewRequest,
      response: adminKycItem,
    },
    ({ merchant, admin, ip, params: p, body }) => service.review(merchant, admin, p.id, body, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/kyc/members/:account',
      permission: 'members.kyc',
      summary: "A member's current identity documents (files through …/documents/:id/file)",
      tags: adminTags,
      params: accountParams,
      response: adminKycMember,
    },
    ({ merchant, params: p }) => service.memberDocuments(merchant, p.account),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/members/:account/kyc',
      permission: 'members.view',
      summary: "A member's identity verification status (no files)",
      tags: adminTags,
      params: accountParams,
      response: adminKycSummary,
    },
    ({ merchant, params: p }) => service.summary(merchant, p.account),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/kyc/settings',
      permission: 'settings.view',
      summary: 'The withdrawal rule: withdrawals above this amount (minor units) need an approved identity; null = off',
      tags: adminTags,
      response: kycSettingsView,
    },
    ({ merchant }) => service.settings(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/kyc/settings',
      permission: 'settings.manage',
      summary: 'Set the withdrawal rule (minor units, null = off); audited',
      tags: adminTags,
      body: kycSettings,
      response: kycSettingsView,
    },
    ({ merchant, admin, ip, body }) => service.saveSettings(merchant, admin, body, ip),
  );
}

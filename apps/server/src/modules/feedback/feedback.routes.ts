import {
  adminFeedbackDetail,
  adminFeedbackItem,
  adminFeedbackList,
  adminFeedbackQuery,
  FEEDBACK_MAX_IMAGES,
  feedbackItem,
  feedbackPage,
  feedbackPageQuery,
  feedbackReplyRequest,
  feedbackRequest,
  type FeedbackRequest,
} from '@sea/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readMultipartFiles, validationError } from '../../http/multipart.ts';
import { defineAdminRoute, defineMemberRoute, referenceParams } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { FeedbackService } from './feedback.service.ts';

/** JSON `{questionType, content}`, or multipart with those fields and up to 3 image parts named `images`. */
async function readFeedback(request: FastifyRequest): Promise<{ req: FeedbackRequest; images: Buffer[] }> {
  if (!request.isMultipart()) {
    const parsed = feedbackRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return { req: parsed.data, images: [] };
  }
  const { fields, files } = await readMultipartFiles(request, {
    fields: feedbackRequest,
    file: 'images',
    maxFiles: FEEDBACK_MAX_IMAGES,
    tooMany: () => new AppError('feedback_too_many_images'),
    fieldSize: 32 * 1024,
  });
  return { req: fields, images: files };
}

/** The member's feedback (/wps/feedback: real accounts) and the back office's inbox (/admin/api/feedback). */
export function registerFeedbackRoutes(app: FastifyInstance, service: FeedbackService): void {
  const tags = ['member', 'feedback'];
  defineMemberRoute(
    app,
    {
      method: 'PUT',
      url: '/wps/feedback',
      summary:
        'Send feedback: questionType, content (5–300 words); multipart with up to 3 PNG/JPG images (part "images", ≤ 5 MB each) or JSON without images; 10 an hour',
      tags,
      response: feedbackItem,
      auth: 'real',
    },
    async ({ merchant, member, request }) => {
      const { req, images } = await readFeedback(request);
      return service.submit(merchant, member, req, images);
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/feedback',
      summary: "The member's own feedback, newest first, with the staff's replies",
      tags,
      querystring: feedbackPageQuery,
      response: feedbackPage,
      auth: 'real',
    },
    ({ merchant, member, query }) => service.memberList(merchant, member, query),
  );

  const adminTags = ['admin: feedback'];
  const params = referenceParams('FBK');
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/feedback',
      permission: 'feedback.view',
      summary: "The members' feedback, newest first; filters: status, questionType, account",
      tags: adminTags,
      querystring: adminFeedbackQuery,
      response: adminFeedbackList,
    },
    ({ merchant, query }) => service.adminList(merchant, query),
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/feedback/:id',
      permission: 'feedback.view',
      summary: 'One feedback (FBK-…) with its images',
      tags: adminTags,
      params,
      response: adminFeedbackDetail,
    },
    ({ merchant, params: p }) => service.adminDetail(merchant, p.id),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/feedback/:id/reply',
      permission: 'feedback.reply',
      summary: "Answer a feedback: the reply goes to the member's messages; the feedback becomes answered (audited)",
      tags: adminTags,
      params,
      body: feedbackReplyRequest,
      response: adminFeedbackItem,
    },
    ({ merchant, admin, ip, params: p, body }) => service.reply(merchant, admin, p.id, body.reply, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/feedback/:id/close',
      permission: 'feedback.reply',
      summary: 'Close a feedback (answered or not); audited',
      tags: adminTags,
      params,
      response: adminFeedbackItem,
    },
    ({ merchant, admin, ip, params: p }) => service.close(merchant, admin, p.id, ip),
  );
}

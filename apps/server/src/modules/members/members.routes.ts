import { languageRequest, memberInfo } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readMultipartForm } from '../../http/multipart.ts';
import { defineMemberRoute } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { MembersService } from './members.service.ts';

const avatar = z.object({ image: z.string().nullable().describe('data:image/png;base64,… or null') });
const pngDataUri = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`;

export function registerMembersRoutes(app: FastifyInstance, members: MembersService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/info',
      summary: 'The logged-in member',
      tags: ['member'],
      response: memberInfo,
      auth: 'member',
    },
    ({ merchant, member }) => members.info(merchant, member.memberId),
  );

  defineMemberRoute(
    app,
    {
      method: 'PUT',
      url: '/wps/member/language',
      summary: 'Set the member language',
      tags: ['member'],
      body: languageRequest,
      response: z.null(),
      auth: 'member',
    },
    async ({ merchant, member, body }) => {
      await members.setLanguage(merchant, member.memberId, body.language);
      return null;
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/info/icon',
      summary: 'The member avatar (PNG data URI)',
      tags: ['member'],
      response: avatar,
      auth: 'member',
    },
    async ({ member }) => {
      const png = await members.avatar(member.memberId);
      return { image: png ? pngDataUri(png) : null };
    },
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/info/icon',
      summary: 'Upload an avatar (multipart field "file": PNG or JPG, ≤ 5 MB)',
      tags: ['member'],
      response: avatar,
      auth: 'member',
    },
    async ({ member, request }) => {
      const { file } = await readMultipartForm(request, { fields: z.object({}), file: 'file' });
      if (!file)
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'file', reason: 'required', message: 'Choose an image.' }],
        });
      return { image: pngDataUri(await members.saveAvatar(member.memberId, file)) };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { defineRoute } from '../../gateways/route.ts';
import { AppError } from '../../lib/errors.ts';
import { AVATAR_MAX_BYTES, reencodeAvatar } from './avatar.ts';

const avatar = z.object({ image: z.string().nullable().describe('data:image/png;base64,… or null') });

export function registerAvatarRoutes(app: FastifyInstance, db: Kysely<DB>): void {
  defineRoute(
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
      const row = await db
        .selectFrom('member_avatars')
        .select('content')
        .where('member_id', '=', member.memberId)
        .executeTakeFirst();
      return { image: row ? `data:image/png;base64,${Buffer.from(row.content).toString('base64')}` : null };
    },
  );

  defineRoute(
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
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the image as multipart/form-data.');
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file)
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'file', reason: 'required', message: 'Choose an image.' }],
        });
      const buf = await file.toBuffer().catch(() => {
        throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
      });
      if (file.file.truncated) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
      const png = await reencodeAvatar(buf);
      await db
        .insertInto('member_avatars')
        .values({ member_id: member.memberId, content: png, updated_at: new Date() })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ content: png, updated_at: new Date() }))
        .execute();
      return { image: `data:image/png;base64,${png.toString('base64')}` };
    },
  );
}

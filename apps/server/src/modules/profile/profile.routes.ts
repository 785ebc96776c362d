import {
  accountCloseRequest,
  emailVerifyConfirm,
  adminMemberProfile,
  memberAccountParams,
  memberProfile,
  memberReopenRequest,
  mobileChangeCodeRequest,
  mobileChanged,
  mobileChangeRequest,
  profileSettings,
  profileSettingsPatch,
  profileUpdate,
  smsCodeSent,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineAdminRoute, defineMemberRoute, defineRoute } from '../../http/route.ts';
import type { MobileChangeService } from './mobile-change.service.ts';
import type { ProfileService } from './profile.service.ts';

/**
 * The member's profile, mobile number and closure (/wps/member/profile, /wps/member/mobile, /wps/member/close) and
 * the back office's.
 */
export function registerProfileRoutes(app: FastifyInstance, service: ProfileService & MobileChangeService): void {
  const tags = ['member'];
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/profile',
      summary: "The member's profile fields, the phone, whether the real name is set, the merchant's field settings",
      tags,
      response: memberProfile,
      auth: 'real',
    },
    ({ merchant, member }) => service.memberView(merchant, member.memberId),
  );
  defineMemberRoute(
    app,
    {
      method: 'PUT',
      url: '/wps/member/profile',
      summary:
        'Set profile fields (those sent; empty clears): each checked against its mode, the real name once, the age',
      tags,
      body: profileUpdate,
      response: memberProfile,
      auth: 'real',
    },
    ({ merchant, member, body }) => service.memberUpdate(merchant, member.memberId, body),
  );
  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/close',
      summary: 'Close the account (password; every wallet at zero): kept with status closed, every session ends',
      tags,
      body: accountCloseRequest,
      response: z.object({ closedAt: z.string() }),
      auth: 'real',
    },
    ({ merchant, member, body, ip }) => service.close(merchant, member.memberId, body.password, ip),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/profile/email/verify',
      summary: "Send a verification link to the member's e-mail (24 hours, single use; 3 an hour)",
      tags,
      response: z.null(),
      auth: 'real',
    },
    async ({ merchant, member, request }) => {
      const host = String(request.headers.host ?? 'localhost');
      await service.sendEmailLink(merchant, member.memberId, `${request.protocol}://${host}`);
      return null;
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/profile/email/confirm',
      summary: 'Open a verification link: the address is verified while it is still the member e-mail',
      tags,
      body: emailVerifyConfirm,
      response: z.object({ email: z.string() }),
    },
    ({ merchant, body }) => service.confirmEmail(merchant, body.token),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/mobile/code',
      summary:
        'Send a code by SMS to a new mobile number (the login password required; 3 codes an hour, the SMS caps apply)',
      tags,
      body: mobileChangeCodeRequest,
      response: smsCodeSent,
      auth: 'real',
    },
    ({ merchant, member, body, ip }) => service.sendMobileCode(merchant, member.memberId, body, ip),
  );
  defineMemberRoute(
    app,
    {
      method: 'PUT',
      url: '/wps/member/mobile',
      summary: 'Change the mobile number with the code sent to it; audited; the sessions stay',
      tags,
      body: mobileChangeRequest,
      response: mobileChanged,
      auth: 'real',
    },
    ({ merchant, member, body, ip }) => service.changeMobile(merchant, member.memberId, body, ip),
  );

  const adminTags = ['admin: members'];
  const admin = '/admin/api/members/:account/profile';
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: admin,
      permission: 'members.view',
      summary: "A member's profile fields and the merchant's field settings; when the member closed the account",
      tags: adminTags,
      params: memberAccountParams,
      response: adminMemberProfile,
    },
    ({ merchant, params }) => service.staffView(merchant, params.account),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: admin,
      permission: 'members.manage',
      summary: "Change a member's profile fields (the real name too); audited with each change",
      tags: adminTags,
      params: memberAccountParams,
      body: profileUpdate,
      response: adminMemberProfile,
    },
    ({ merchant, admin: a, ip, params, body }) =>
      service.staffUpdate(merchant, { adminId: a.id, ip }, params.account, body),
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/members/:account/reopen',
      permission: 'members.manage',
      summary:
        'Reopen a closed account (a reason required; audited as member.reopen); refused once its personal data was erased',
      tags: adminTags,
      params: memberAccountParams,
      body: memberReopenRequest,
      response: adminMemberProfile,
    },
    ({ merchant, admin: a, ip, params, body }) =>
      service.reopen(merchant, { adminId: a.id, ip }, params.account, body.reason),
  );

  const settingsTags = ['admin: settings'];
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/site-settings/profile',
      permission: 'settings.view',
      summary: 'The profile fields (required / optional / hidden) and the minimum age',
      tags: settingsTags,
      response: profileSettings,
    },
    ({ merchant }) => service.settings(merchant.id),
  );
  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/site-settings/profile',
      permission: 'settings.manage',
      summary: 'Set the minimum age and / or profile fields as required, optional or hidden (audited)',
      tags: settingsTags,
      body: profileSettingsPatch,
      response: profileSettings,
    },
    ({ merchant, admin: a, ip, body }) => service.saveSettings(merchant, { adminId: a.id, ip }, body),
  );
}

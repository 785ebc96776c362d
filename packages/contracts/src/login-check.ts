import { z } from 'zod';
import { loginResult } from './auth.ts';

/**
 * New-device / new-IP login checks (spec §4 login: "login from an unregistered IP triggers extra verification").
 * A login with the right password from an IP and a device the member has never used gets no session: the answer
 * is the error `login_check_required` whose value is a `LoginCheckChallenge`; the session comes from answering it.
 */

/** The merchant's choice: off, or the check asked first (another one when the member cannot do it). */
export const LOGIN_CHECK_SETTINGS = ['off', 'sms', 'email', 'bank_name'] as const;
export const loginCheckSetting = z.enum(LOGIN_CHECK_SETTINGS);
export type LoginCheckSetting = z.infer<typeof loginCheckSetting>;
export type LoginCheckMethod = Exclude<LoginCheckSetting, 'off'>;

/** The header the web app sends with its device id (random, kept in the browser's storage). */
export const DEVICE_ID_HEADER = 'device-id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The value of the `login_check_required` error. */
export const loginCheckChallenge = z.object({
  /** Opaque, single use; only its hash is stored. */
  challengeId: z.string(),
  method: z.enum(['sms', 'email', 'bank_name']),
  /** Where the code went, masked (`+63 •••• 2222`, `m•••@example.com`); null for the bank account name. */
  destination: z.string().nullable(),
  expiresAt: z.string(),
  attemptsLeft: z.number().int(),
  /** Seconds before another code may be sent (0: now; always 0 for the bank account name). */
  resendAfterSeconds: z.number().int(),
});
export type LoginCheckChallenge = z.infer<typeof loginCheckChallenge>;

const challengeId = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a challenge id');

/** POST /wps/session/login/check/send: another code for the same challenge (after the cooldown). */
export const loginCheckResend = z.object({ challengeId });
export const loginCheckSent = z.object({ resendAfterSeconds: z.number().int(), expiresAt: z.string() });

/** POST /wps/session/login/check: the code, or the bank account holder's name; answers the session. */
export const loginCheckAnswer = z.object({
  challengeId,
  code: z.string().trim().max(10).optional(),
  bankAccountName: z.string().trim().max(100).optional(),
});
export type LoginCheckAnswer = z.infer<typeof loginCheckAnswer>;
export const loginCheckResult = loginResult;

/** The security centre's remembered devices (GET /wps/member/devices). */
export const memberDevice = z.object({
  id: z.string(),
  /** From the user agent ("Chrome on Android"); "Unknown device" when it says nothing. */
  label: z.string(),
  ip: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The device this request comes from. */
  current: z.boolean(),
});
export type MemberDevice = z.infer<typeof memberDevice>;
export const memberDevices = z.array(memberDevice);
export const deviceParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

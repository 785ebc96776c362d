import { z } from 'zod';
import { captchaAnswer } from './registration.ts';

export const loginRequest = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  username: z.string().trim().max(64).optional(),
  password: z.string().max(128).optional(),
  mobileNum: z.string().trim().max(20).optional(),
  countryDialingCode: z.string().trim().max(5).optional(),
  code: z.string().trim().max(10).optional(),
  /** 'agent' for the agent page login: only agent types get in. */
  area: z.enum(['member', 'agent']).default('member'),
  ...captchaAnswer,
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResult = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  previousLoginAt: z.string().nullable(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const memberInfo = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  language: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  previousLoginAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const languageRequest = z.object({ language: z.string().min(2).max(10) });

/** PUT /wps/member/register and /register/mobile (spec §3 registration user). */
export const registerRequest = z.object({
  username: z.string().trim().max(64).optional(),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(200).optional(),
  qqNum: z.string().trim().max(50).optional(),
  mobileNum: z.string().trim().max(20).optional(),
  countryDialingCode: z.string().trim().max(5).optional(),
  recommenderId: z.string().trim().max(50).optional(),
  verificationCode: z.string().trim().max(255).optional(),
  affiliateCode: z.string().trim().max(50).optional(),
  paymentPassword: z.string().max(50).optional(),
  line: z.string().trim().max(100).optional(),
  whatsapp: z.string().trim().max(100).optional(),
  facebook: z.string().trim().max(100).optional(),
  wechat: z.string().trim().max(100).optional(),
  idNumber: z.string().trim().max(50).optional(),
  referralCode: z.string().trim().max(50).optional(),
  domain: z.string().max(253).optional(),
  registerUrl: z.string().max(2000).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  /** The 18+ and terms checkbox. */
  agreeTerms: z.boolean().optional(),
  captchaId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
  captcha: z.string().max(16).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const affiliateQuery = z.object({ affiliateCode: z.string().trim().min(1).max(50) });
export const affiliateResult = z.object({ valid: z.literal(true), agentName: z.string() });

export const changePasswordRequest = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
});

/** POST /wps/member/password/verification: forgot password by phone, then automatic login. */
export const resetByPhoneRequest = z.object({
  mobileNum: z.string().trim().min(1).max(20),
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/),
  verificationCode: z.string().trim().min(1).max(10),
  newPassword: z.string().min(1).max(128),
});

export const freeplayRequest = z.object({
  os: z.string().max(40).optional(),
  platform: z.string().max(4).optional(),
  Encryption: z.unknown().optional(),
  gatewayVersion: z.union([z.number(), z.string()]).optional(),
});

export const emailResetRequest = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(3).max(200),
});
export const emailResetComplete = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
  newPassword: z.string().min(1).max(128),
});

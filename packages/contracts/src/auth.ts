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

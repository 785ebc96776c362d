import { z } from 'zod';
import { FEATURE_FLAG_KEYS } from './flags.ts';

/** 0 normal, 1 maintenance, 2 region restriction (maintenance wins). */
export const SystemStatusCode = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;

export const statusQuery = z.object({
  host: z.string().max(253).optional().describe('Current host of the page (the permission call sends it)'),
});

export const systemStatus = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  merchantCode: z.string(),
  merchantName: z.string(),
  currency: z.string(),
  currencyExponent: z.number().int(),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  timezone: z.string(),
  utcOffsetMinutes: z
    .number()
    .int()
    .nullable()
    .describe(
      "The merchant zone's offset from UTC in minutes when it has had one offset for the last 25 months and keeps it for the next 13 (no daylight saving); null otherwise",
    ),
  ip: z.string(),
  country: z.string().nullable(),
  maintenance: z
    .object({ message: z.string().nullable(), endsAt: z.string().nullable() })
    .nullable()
    .describe('Set when status is 1'),
  customerServiceUrl: z.string().nullable(),
});
export type SystemStatus = z.infer<typeof systemStatus>;

export const whitelabel = z.object(
  Object.fromEntries(FEATURE_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<
    (typeof FEATURE_FLAG_KEYS)[number],
    z.ZodBoolean
  >,
);
export type Whitelabel = z.infer<typeof whitelabel>;

export const domainRoute = z.object({
  domain: z.string(),
  kind: z.enum(['web', 'mobile', 'agent', 'api']),
  primary: z.boolean(),
});
export const domainRoutes = z.array(domainRoute);
export type DomainRoute = z.infer<typeof domainRoute>;

export const helpCenterQuery = z.object({
  lang: z.string().min(2).max(10).optional(),
  device: z.enum(['WEB', 'MOBILE']).optional(),
});
export const helpArticle = z.object({
  tag: z.string(),
  title: z.string(),
  content: z.string().describe('HTML'),
});
export const helpCategory = z.object({
  id: z.string(),
  title: z.string(),
  articles: z.array(helpArticle),
});
export const helpCenter = z.array(helpCategory);
/** The merchant's agent policy (AGENTPOLICY3): its articles (commission, rebate, contract terms) for agents. */
export const agentPolicyQuery = z.object({ lang: z.string().min(2).max(10).optional() });
export const agentPolicy = z.object({ articles: z.array(helpArticle) });
export type AgentPolicy = z.infer<typeof agentPolicy>;
export type HelpCategory = z.infer<typeof helpCategory>;

export const location = z.object({ ip: z.string(), country: z.string().nullable() });
export type Location = z.infer<typeof location>;

/** Public site configuration the shell needs: links for header, footer and right bar. */
export const siteResource = z.object({
  key: z
    .string()
    .describe(
      'ANDROID, IOS, MOBILECONFIG, FACEBOOK, TELEGRAM, INSTAGRAM, WHATSAPP, VIBER, YOUTUBE, LIVECHAT, TELEPHONE',
    ),
  url: z.string(),
  label: z.string(),
});
export const siteConfig = z.object({
  resources: z.array(siteResource),
  paymentMethods: z.array(z.string()),
  copyrightYear: z.number().int(),
});
export type SiteConfig = z.infer<typeof siteConfig>;

/** GET /wps/system/publicKey: RSA-OAEP (SHA-256) key for payload encryption; `required` per merchant. */
export const publicKeyInfo = z.object({
  keyId: z.string(),
  publicKey: z.string(),
  algorithm: z.string(),
  required: z.boolean(),
});
export type PublicKeyInfo = z.infer<typeof publicKeyInfo>;

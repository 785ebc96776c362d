import type {
  AgentPolicy,
  DomainRoute,
  HelpCategory,
  Location,
  SiteConfig,
  SystemStatus,
  Whitelabel,
} from '@sea/contracts';
import { AppError } from '../../lib/errors.ts';
import { fixedOffsetMinutes } from '../../lib/zone-time.ts';
import type { CountryLookup } from '../../lib/geo.ts';
import type { AccessStatus, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { SystemRepository } from './system.repository.ts';
import { statusFor } from './system.policy.ts';

/** The help-article category the operator publishes the agent policy in (shown to agents only). */
export const AGENT_POLICY_CATEGORY = 'agentPolicy';

export function createSystemService(deps: {
  repo: SystemRepository;
  merchants: Pick<MerchantsModule, 'flags' | 'domains'>;
  countryOf: CountryLookup;
  clock: () => Date;
}) {
  const { repo, merchants, countryOf } = deps;
  /** The zone's fixed offset now (an unknown zone name: none, the site falls back to Intl and then UTC). */
  const offsetOf = (timeZone: string): number | null => {
    try {
      return fixedOffsetMinutes(deps.clock(), timeZone);
    } catch {
      return null;
    }
  };

  /** The help articles in the asked language, else (none in it) the merchant's default language. */
  async function articlesIn(merchant: Merchant, lang: string | undefined, device: 'WEB' | 'MOBILE') {
    const wanted = lang?.toLowerCase();
    const language = wanted && merchant.languages.includes(wanted) ? wanted : merchant.defaultLanguage;
    const rows = await repo.helpArticles(merchant.id, language, device);
    if (rows.length > 0 || language === merchant.defaultLanguage) return rows;
    return repo.helpArticles(merchant.id, merchant.defaultLanguage, device);
  }

  return {
    /** The gate every open route takes: maintenance (1) wins over a blocked region (2). */
    accessStatus(merchant: Merchant, ip: string): AccessStatus {
      return statusFor(merchant, countryOf(ip));
    },

    location(ip: string): Location {
      return { ip, country: countryOf(ip) };
    },

    status(merchant: Merchant, ip: string): SystemStatus {
      const country = countryOf(ip);
      const status = statusFor(merchant, country);
      return {
        status,
        merchantCode: merchant.code,
        merchantName: merchant.name,
        currency: merchant.currency,
        currencyExponent: merchant.currencyExponent,
        defaultLanguage: merchant.defaultLanguage,
        languages: merchant.languages,
        timezone: merchant.timezone,
        utcOffsetMinutes: offsetOf(merchant.timezone),
        ip,
        country,
        maintenance:
          status === 1
            ? { message: merchant.maintenanceMessage, endsAt: merchant.maintenanceEndsAt?.toISOString() ?? null }
            : null,
        customerServiceUrl: merchant.customerServiceUrl,
      };
    },

    whitelabel: (merchant: Merchant): Promise<Whitelabel> => merchants.flags(merchant.id),

    /**
     * The merchant's agent policy (commission, rebate and contract terms as the operator publishes them: help articles
     * of the category agentPolicy), for agents only, while the merchant has AGENTPOLICY3 on.
     */
    async agentPolicy(
      merchant: Merchant,
      member: Pick<AuthenticatedMember, 'type'>,
      lang: string | undefined,
    ): Promise<AgentPolicy> {
      if (!merchant.agentTypes.includes(member.type)) throw new AppError('agent_required');
      if (!(await merchants.flags(merchant.id)).AGENTPOLICY3) throw new AppError('function_not_enabled');
      const rows = await articlesIn(merchant, lang, 'WEB');
      return {
        articles: rows
          .filter((r) => r.category === AGENT_POLICY_CATEGORY)
          .map((r) => ({ tag: r.tag, title: r.title, content: r.content })),
      };
    },

    async domainRoutes(merchant: Merchant): Promise<DomainRoute[]> {
      const rows = await merchants.domains(merchant.id);
      return rows.map((r) => ({ domain: r.domain, kind: r.kind, primary: r.is_primary }));
    },

    /**
     * Help articles in the asked language, else the merchant's default, grouped by category in order; the agent
     * policy's articles are for agents only (agentPolicy).
     */
    async helpCenter(merchant: Merchant, lang: string | undefined, device: 'WEB' | 'MOBILE'): Promise<HelpCategory[]> {
      const rows = await articlesIn(merchant, lang, device);
      const byCategory = new Map<string, HelpCategory>();
      for (const r of rows.filter((row) => row.category !== AGENT_POLICY_CATEGORY)) {
        let cat = byCategory.get(r.category);
        if (!cat) {
          cat = { id: r.category, title: r.category_title, articles: [] };
          byCategory.set(r.category, cat);
        }
        cat.articles.push({ tag: r.tag, title: r.title, content: r.content });
      }
      return [...byCategory.values()];
    },

    async site(merchant: Merchant): Promise<SiteConfig> {
      const resources = await repo.siteResources(merchant.id);
      return {
        resources,
        paymentMethods: merchant.paymentMethods,
        copyrightYear: 2024,
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;

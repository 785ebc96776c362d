import type { DomainRoute, HelpCategory, Location, SiteConfig, SystemStatus, Whitelabel } from '@sea/contracts';
import type { CountryLookup } from '../../lib/geo.ts';
import type { AccessStatus, Merchant } from '../../http/principals.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { SystemRepository } from './system.repository.ts';
import { statusFor } from './system.policy.ts';

export function createSystemService(deps: {
  repo: SystemRepository;
  merchants: Pick<MerchantsModule, 'flags' | 'domains'>;
  countryOf: CountryLookup;
  clock: () => Date;
}) {
  const { repo, merchants, countryOf } = deps;

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

    async domainRoutes(merchant: Merchant): Promise<DomainRoute[]> {
      const rows = await merchants.domains(merchant.id);
      return rows.map((r) => ({ domain: r.domain, kind: r.kind, primary: r.is_primary }));
    },

    /** Help articles in the asked language, else the merchant's default, grouped by category in order. */
    async helpCenter(merchant: Merchant, lang: string | undefined, device: 'WEB' | 'MOBILE'): Promise<HelpCategory[]> {
      const wanted = lang?.toLowerCase();
      const language = wanted && merchant.languages.includes(wanted) ? wanted : merchant.defaultLanguage;
      let rows = await repo.helpArticles(merchant.id, language, device);
      if (rows.length === 0 && language !== merchant.defaultLanguage) {
        rows = await repo.helpArticles(merchant.id, merchant.defaultLanguage, device);
      }
      const byCategory = new Map<string, HelpCategory>();
      for (const r of rows) {
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

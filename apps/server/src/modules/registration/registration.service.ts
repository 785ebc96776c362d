import { REGISTER_FIELDS, type RegisterField, type RegisterFieldRule, type RegisterSettings } from '@sea/contracts';
import type { AnyDb } from '../../db/schema.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { MERCHANT_CACHE_TTL_MS } from '../merchants/index.ts';
import { DEFAULT_REGISTER_RULES } from './register-defaults.ts';
import type { RegistrationRepository } from './registration.repository.ts';

export function createRegistrationService(deps: { repo: RegistrationRepository }) {
  const { repo } = deps;
  const cache = new TtlCache<Record<RegisterField, RegisterFieldRule>>(MERCHANT_CACHE_TTL_MS);

  return {
    /** Every field's rule for the merchant: its own row, else the default. */
    rules(merchantId: bigint): Promise<Record<RegisterField, RegisterFieldRule>> {
      return cache.get(String(merchantId), async () => {
        const rules = structuredClone(DEFAULT_REGISTER_RULES);
        for (const r of await repo.rules(merchantId)) {
          if (!(REGISTER_FIELDS as readonly string[]).includes(r.field)) continue;
          rules[r.field as RegisterField] = {
            enabled: r.enabled,
            required: r.required,
            minLength: r.min_length,
            maxLength: r.max_length,
            patternId: r.pattern_id,
            acceptedPattern: r.accepted_pattern,
          };
        }
        return rules;
      });
    },

    /** The form the site shows: enabled fields only (spec: a field appears only if the server enables it). */
    async settings(merchantId: bigint): Promise<RegisterSettings> {
      const rules = await this.rules(merchantId);
      return Object.fromEntries(Object.entries(rules).filter(([, r]) => r.enabled)) as RegisterSettings;
    },

    /** Sets a field's rule (inside another module's transaction: `executor`; call `forget()` after it commits). */
    async setRule(merchantId: bigint, field: RegisterField, rule: RegisterFieldRule, executor?: AnyDb): Promise<void> {
      await repo.upsertRule(merchantId, field, rule, executor);
      cache.clear();
    },

    /** This process forgets the cached rules. */
    forget: () => cache.clear(),
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

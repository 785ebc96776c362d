import {
  FEATURE_FLAGS,
  FEATURE_FLAG_KEYS,
  type FeatureFlag,
  type RegisterField,
  type RegisterFieldRule,
  type SiteSettings,
  type SiteSettingsPatch,
} from '@sea/contracts';
import type { AuthenticatedAdmin, Merchant } from '../../http/principals.ts';
import type { AnyDb } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MerchantSettingsPatch, MerchantsModule } from '../merchants/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import type { RegistrationModule } from '../registration/index.ts';

export function createSiteSettingsService(deps: {
  db: AnyDb;
  merchants: Pick<MerchantsModule, 'flags' | 'setFlag' | 'updateSettings' | 'changed' | 'domains' | 'findByCode'>;
  registration: Pick<RegistrationModule, 'rules' | 'setRule' | 'forget'>;
  audit: Pick<AdminModule, 'recordAction'>;
  realtime?: Pick<RealtimeModule, 'maintenance'>;
}) {
  const { merchants, registration } = deps;

  /** One change and its audit record in one transaction; every process forgets its cached settings after it. */
  async function change(
    merchant: Merchant,
    admin: AuthenticatedAdmin,
    ip: string,
    action: string,
    detail: Record<string, unknown>,
    write: (trx: AnyDb) => Promise<void>,
  ): Promise<SiteSettings> {
    await deps.db.transaction().execute(async (trx) => {
      await write(trx);
      await deps.audit.recordAction(trx, {
        merchantId: merchant.id,
        adminId: admin.id,
        action,
        targetType: 'merchant',
        targetId: merchant.code,
        detail,
        ip,
      });
    });
    merchants.changed();
    registration.forget();
    const after = await read(merchant.code);
    // Committed: the merchant's open sockets hear a maintenance change at once (fire-and-forget).
    const m = after;
    if (
      m.maintenance !== merchant.maintenance ||
      m.maintenanceMessage !== merchant.maintenanceMessage ||
      m.maintenanceEndsAt !== (merchant.maintenanceEndsAt?.toISOString() ?? null)
    )
      deps.realtime?.maintenance(merchant.id, {
        on: m.maintenance,
        message: m.maintenanceMessage,
        endsAt: m.maintenanceEndsAt,
      });
    return after;
  }

  async function read(code: string): Promise<SiteSettings> {
    const m = await merchants.findByCode(code);
    if (!m) throw new AppError('not_found', 'No such merchant.');
    const [flags, domains, rules] = await Promise.all([
      merchants.flags(m.id),
      merchants.domains(m.id),
      registration.rules(m.id),
    ]);
    return {
      merchant: {
        code: m.code,
        name: m.name,
        currency: m.currency,
        timezone: m.timezone,
        defaultLanguage: m.defaultLanguage,
        languages: m.languages,
      },
      maintenance: m.maintenance,
      maintenanceMessage: m.maintenanceMessage,
      maintenanceEndsAt: m.maintenanceEndsAt?.toISOString() ?? null,
      regionMode: m.regionMode,
      regionCountries: m.regionCountries,
      requireEncryption: m.requireEncryption,
      loginCheck: m.loginCheck,
      flags: FEATURE_FLAG_KEYS.map((flag) => ({
        flag,
        description: FEATURE_FLAGS[flag].description,
        enabled: flags[flag],
        default: FEATURE_FLAGS[flag].default,
      })),
      domains: domains.map((d) => ({ domain: d.domain, kind: d.kind, primary: d.is_primary })),
      registration: (Object.keys(rules) as RegisterField[]).map((field) => ({ field, rule: rules[field] })),
    };
  }

  return {
    get: (merchant: Merchant) => read(merchant.code),

    update(merchant: Merchant, admin: AuthenticatedAdmin, patch: SiteSettingsPatch, ip: string) {
      const countries = patch.regionCountries && [...new Set(patch.regionCountries)].sort();
      const mode = patch.regionMode ?? merchant.regionMode;
      if (patch.regionMode && mode !== 'off' && !(countries ?? merchant.regionCountries).length) {
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [
            { field: 'regionCountries', reason: 'required', message: 'A region rule needs at least one country' },
          ],
        });
      }
      const { maintenanceEndsAt, ...rest } = patch;
      const settings: MerchantSettingsPatch = {
        ...rest,
        ...(countries && { regionCountries: countries }),
        ...(maintenanceEndsAt !== undefined && {
          maintenanceEndsAt: maintenanceEndsAt === null ? null : new Date(maintenanceEndsAt),
        }),
      };
      return change(merchant, admin, ip, 'site.settings', { ...patch }, (trx) =>
        merchants.updateSettings(merchant.id, settings, trx),
      );
    },

    setFlag(merchant: Merchant, admin: AuthenticatedAdmin, flag: FeatureFlag, enabled: boolean, ip: string) {
      return change(merchant, admin, ip, 'site.flag', { flag, enabled }, (trx) =>
        merchants.setFlag(merchant.id, flag, enabled, trx),
      );
    },

    setRegistrationRule(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      field: RegisterField,
      rule: RegisterFieldRule,
      ip: string,
    ) {
      if (rule.acceptedPattern !== '*') {
        try {
          new RegExp(rule.acceptedPattern, 'u');
        } catch {
          throw new AppError('validation_failed', undefined, {
            in: 'body',
            fields: [{ field: 'acceptedPattern', reason: 'invalid', message: 'Not a valid regular expression' }],
          });
        }
      }
      return change(merchant, admin, ip, 'site.registration_field', { field, ...rule }, (trx) =>
        registration.setRule(merchant.id, field, rule, trx),
      );
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;

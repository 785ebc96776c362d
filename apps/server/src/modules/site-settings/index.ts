import type { FastifyInstance } from 'fastify';
import type { AnyDb } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RegistrationModule } from '../registration/index.ts';
import { registerSiteSettingsRoutes } from './site-settings.routes.ts';
import { createSiteSettingsService } from './site-settings.service.ts';

/**
 * The merchant's site settings for the back office: maintenance, region rule, payload encryption, feature flags,
 * registration fields (and the domains, read only). No tables: it edits them through the merchants and
 * registration faces, each change audited in the same transaction.
 */
export function createSiteSettingsModule(deps: {
  db: AnyDb;
  merchants: Pick<MerchantsModule, 'flags' | 'setFlag' | 'updateSettings' | 'changed' | 'domains' | 'findByCode'>;
  registration: Pick<RegistrationModule, 'rules' | 'setRule' | 'forget'>;
  audit: Pick<AdminModule, 'recordAction'>;
}) {
  const service = createSiteSettingsService(deps);
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerSiteSettingsRoutes(app, service);
    },
  };
}

export type SiteSettingsModule = ReturnType<typeof createSiteSettingsModule>;

import {
  flagChange,
  flagParams,
  registerFieldParams,
  registerFieldRule,
  siteSettings,
  siteSettingsPatch,
} from '@sea/contracts';
import type { FeatureFlag } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineAdminRoute } from '../../http/route.ts';
import type { SiteSettingsService } from './site-settings.service.ts';

const tags = ['admin: settings'];

export function registerSiteSettingsRoutes(app: FastifyInstance, settings: SiteSettingsService): void {
  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/site-settings',
      permission: 'settings.view',
      summary: 'The site settings: maintenance, region rule, encryption, feature flags, registration fields, domains',
      tags,
      response: siteSettings,
    },
    ({ merchant }) => settings.get(merchant),
  );

  defineAdminRoute(
    app,
    {
      method: 'PATCH',
      url: '/admin/api/site-settings',
      permission: 'settings.manage',
      summary: 'Change maintenance, the region rule or payload encryption (applies on every process within 2 s)',
      tags,
      body: siteSettingsPatch,
      response: siteSettings,
    },
    ({ merchant, admin, body, ip }) => settings.update(merchant, admin, body, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/site-settings/flags/:flag',
      permission: 'settings.manage',
      summary: 'Turn a feature flag on or off',
      tags,
      params: flagParams,
      body: flagChange,
      response: siteSettings,
    },
    ({ merchant, admin, params, body, ip }) =>
      settings.setFlag(merchant, admin, params.flag as FeatureFlag, body.enabled, ip),
  );

  defineAdminRoute(
    app,
    {
      method: 'PUT',
      url: '/admin/api/site-settings/registration/:field',
      permission: 'settings.manage',
      summary: 'Set a registration field: shown, required, lengths, pattern',
      tags,
      params: registerFieldParams,
      body: registerFieldRule,
      response: siteSettings,
    },
    ({ merchant, admin, params, body, ip }) => settings.setRegistrationRule(merchant, admin, params.field, body, ip),
  );
}

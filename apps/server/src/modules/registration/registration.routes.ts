import { countries, registerSettings } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import { COUNTRIES } from './countries.ts';
import type { RegistrationService } from './registration.service.ts';

const tags = ['registration'];

export function registerRegistrationRoutes(app: FastifyInstance, registration: RegistrationService): void {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/setting/register',
      summary: 'Registration form rules: enabled fields with required, min/max length, patternId, acceptedPattern',
      tags,
      response: registerSettings,
    },
    ({ merchant }) => registration.settings(merchant.id),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/system/country',
      summary: 'Country dialing codes for mobile numbers',
      tags,
      response: countries,
      access: 'system',
    },
    () => COUNTRIES,
  );
}

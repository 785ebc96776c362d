import type { FastifyInstance } from 'fastify';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import { createRegistrationRepository } from './registration.repository.ts';
import { registerRegistrationRoutes } from './registration.routes.ts';
import { createRegistrationService } from './registration.service.ts';
import type { RegistrationTables } from './registration.tables.ts';

export { COUNTRIES } from './countries.ts';

/** The registration form's rules per merchant (fields, lengths, patterns) and the country dialing codes. */
export function createRegistrationModule(deps: { db: AnyDb }) {
  const service = createRegistrationService({
    repo: createRegistrationRepository(tablesOf<RegistrationTables>(deps.db)),
  });
  return {
    ...service,
    register(app: FastifyInstance): void {
      registerRegistrationRoutes(app, service);
    },
  };
}

export type RegistrationModule = ReturnType<typeof createRegistrationModule>;

import type { AdminMe, StaffMember } from '@sea/contracts';
import { ADMIN_PERMISSIONS } from '@sea/contracts';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AdminProviders, newQueryClient } from '../app/App.tsx';
import { AdminRoutes } from '../app/routes.tsx';
import { adminI18n } from '../i18n/index.ts';
import { useAdminSession } from '../state/session.ts';
import { server } from '../../test/server.ts';

/** Test helpers of the back office: the app at a path (signed in or not) and the server's answers (msw). */

export const ok = <T,>(value: T) => HttpResponse.json({ success: true, value, message: 'OK', code: 'ok' });
export const fail = (status: number, code: string, message: string, value: unknown = null) =>
  HttpResponse.json({ success: false, value, message, code }, { status });

export const meOf = (over: Partial<AdminMe> = {}): AdminMe => ({
  id: '1',
  username: 'owner1',
  merchantCode: 'demo',
  displayName: 'Olivia Owner',
  role: 'owner',
  roleName: 'Owner',
  permissions: [...ADMIN_PERMISSIONS],
  mustChangePassword: false,
  twoFactorEnabled: true,
  twoFactorRequired: true,
  lastLoginAt: null,
  ...over,
});

export const staffOf = (over: Partial<StaffMember> = {}): StaffMember => ({
  id: '2',
  username: 'fin1',
  displayName: 'Fiona Finance',
  role: 'finance',
  roleName: 'Finance',
  status: 'active',
  twoFactorEnabled: false,
  twoFactorRequired: true,
  mustChangePassword: true,
  lockedUntil: null,
  lastLoginAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});

/** GET /admin/api/me answering `me`. */
export const meHandler = (me: AdminMe = meOf()) => http.get('*/admin/api/me', () => ok(me));

/** The back office at `path` (under /admin), signed in when `token` is given. */
export function renderAdmin(path: string, opts: { token?: string } = {}) {
  if (opts.token)
    useAdminSession.getState().signIn(opts.token, { mustChangePassword: false, twoFactorSetupRequired: false });
  // The back office's routes as App.tsx renders them (AdminRoutes), under a memory router the tests can read and move.
  const router = createMemoryRouter([{ path: '*', element: <AdminRoutes /> }], {
    initialEntries: [`/admin${path}`],
    basename: '/admin',
  });
  const client = newQueryClient();
  client.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const view = render(
    <AdminProviders client={client}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return { router, client, ...view };
}

/** The URL's query of the app's current location, as an object. */
export const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

/** Records the requests a handler answered (path, query, body). */
export function recorder() {
  const calls: { method: string; path: string; query: Record<string, string>; body: unknown; auth: string | null }[] =
    [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    calls.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      auth: request.headers.get('authorization'),
    });
  };
  return { calls, record };
}

afterEach(async () => {
  useAdminSession.getState().signOut();
  useAdminSession.getState().clearNotice();
  await adminI18n.changeLanguage('en');
});

export { server };

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AdminApiError } from '../api/client.ts';
import { adminI18n } from '../i18n/index.ts';
import { useAdminSession } from '../state/session.ts';
import { AdminRoutes } from './routes.tsx';

/** A refused or invalid call is not retried; a lost connection is, once. */
export function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => count < 1 && !(err instanceof AdminApiError && err.status > 0 && err.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AdminProviders({ client, children }: { client: QueryClient; children: React.ReactNode }) {
  // Signing out (or a 401) forgets every answer of that session: the next staff member never sees them.
  useEffect(
    () =>
      useAdminSession.subscribe((s, prev) => {
        if (prev.token && !s.token) client.clear();
      }),
    [client],
  );
  return (
    <I18nextProvider i18n={adminI18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

/** The back office at /admin: its routes under that base. */
export function App() {
  const [client] = useState(newQueryClient);
  return (
    <AdminProviders client={client}>
      <BrowserRouter basename="/admin">
        <AdminRoutes />
      </BrowserRouter>
    </AdminProviders>
  );
}

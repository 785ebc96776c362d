import type { SystemStatus } from '@sea/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useSystem } from '../state/system.ts';
import { AppRoutes } from '../app/routes.tsx';
import { baseStatus } from './server.ts';

/**
 * The mounted app (after boot) at a path, with a given system status: the site's routes (AppRoutes, as App.tsx renders
 * them) under a memory router whose state and navigate() the tests use.
 */
export function renderAt(path: string, status: SystemStatus = baseStatus) {
  useSystem.getState().set(status);
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteError.tsx';

function Throws({ error }: { error: Error }): never {
  throw error;
}

function Pages({ error }: { error: Error }) {
  return (
    <RouteErrorBoundary>
      {useRoutes([
        { path: '/', element: <Throws error={error} /> },
        { path: '/fine', element: <p>Fine page</p> },
      ])}
    </RouteErrorBoundary>
  );
}

/** The boundary as the app uses it (app/routes.tsx: AppRoutes), with a link outside it to navigate away. */
function Site({ error }: { error: Error }) {
  return (
    <>
      <Link to="/fine">Go on</Link>
      <Pages error={error} />
    </>
  );
}

const renderThrowing = (error: Error) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <Site error={error} /> }])} />);

describe('RouteError', () => {
  it('shows a translated message and a reload button for an unexpected error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderThrowing(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('explains a failed chunk load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderThrowing(new TypeError('Failed to fetch dynamically imported module: /assets/Join.js'));
    expect(await screen.findByRole('heading', { name: 'The page took too long to load' })).toBeTruthy();
  });

  it('renders the pages again after a navigation to another location', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderThrowing(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    screen.getByRole('link', { name: 'Go on' }).click();
    expect(await screen.findByText('Fine page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});

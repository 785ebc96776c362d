import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError.tsx';

function Throws({ error }: { error: Error }): never {
  throw error;
}

const renderThrowing = (error: Error) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <Throws error={error} />, errorElement: <RouteError /> }])}
    />,
  );

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
});

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meHandler, renderAdmin, server } from '../test/render-admin.tsx';

// A back-office page that fails while rendering (a bug, a bad answer): the rest of the back office stays usable.
vi.mock('../features/dashboard/DashboardPage.tsx', () => ({
  DashboardPage: () => {
    throw new Error('boom');
  },
}));

describe('a back-office page that throws while rendering', () => {
  it('shows what happened and a reload in the staff language, and the other pages still open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(meHandler());
    const { router } = renderAdmin('/dashboard', { token: 't'.repeat(43) });
    expect(await screen.findByRole('heading', { name: 'This page failed' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('other pages still work');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    // Inside the shell: the navigation and the top bar stay, so the other pages are a click away.
    expect(screen.getByRole('complementary', { name: 'Back-office navigation' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    await router.navigate('/admin/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page failed' })).toBeNull();
  });
});

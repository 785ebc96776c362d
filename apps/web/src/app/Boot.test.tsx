import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, statusHandler } from '../test/server.ts';
import { Boot } from './Boot.tsx';

describe('Boot (permission call before mount)', () => {
  it('shows the maintenance page when the status is 1, with the operator message', async () => {
    server.use(statusHandler({ status: 1, maintenance: { message: 'Back at noon', endsAt: null } }));
    render(<Boot />);
    expect(await screen.findByRole('heading', { name: 'System maintenance' })).toBeTruthy();
    expect(screen.getByText('Back at noon')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the region page with the visitor IP when the status is 2', async () => {
    server.use(statusHandler({ status: 2, ip: '8.8.8.8', country: 'US' }));
    render(<Boot />);
    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeTruthy();
    expect(screen.getByText('Your IP address: 8.8.8.8')).toBeTruthy();
  });

  it('offers a retry when the status call fails, and mounts the app when it then works', async () => {
    server.use(http.get('*/wps/system/status', () => HttpResponse.error(), { once: true }));
    render(<Boot />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 15_000 })).toBeTruthy();
  }, 20_000);
});

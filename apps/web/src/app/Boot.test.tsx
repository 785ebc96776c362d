import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { baseStatus, server, statusHandler } from '../test/server.ts';
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

  it('keeps the home’s first paint from the HTML until the app (or a full-page state) replaces it', async () => {
    const firstPaint = () => document.getElementById('first-paint');
    document.body.insertAdjacentHTML('afterbegin', '<div id="first-paint" class="first-paint"><h2>Banner</h2></div>');
    render(<Boot />);
    expect(firstPaint()).not.toBeNull();
    expect(await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 15_000 })).toBeTruthy();
    expect(firstPaint()).toBeNull();

    document.body.insertAdjacentHTML('afterbegin', '<div id="first-paint" class="first-paint"><h2>Banner</h2></div>');
    server.use(statusHandler({ status: 1, maintenance: { message: 'Back soon', endsAt: null } }));
    render(<Boot />);
    expect(await screen.findByText('Back soon')).toBeTruthy();
    expect(firstPaint()).toBeNull();
  }, 20_000);

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

  it('uses the status the server wrote into the page, without calling the API (one round trip less)', async () => {
    let calls = 0;
    server.use(
      http.get('*/wps/system/status', () => {
        calls += 1;
        return HttpResponse.error();
      }),
    );
    embed(JSON.stringify({ ...baseStatus, status: 1, maintenance: { message: 'From the page', endsAt: null } }));
    render(<Boot />);
    expect(await screen.findByText('From the page')).toBeTruthy();
    expect(calls).toBe(0);
    expect(document.getElementById('boot-status')).toBeNull();
  });

  it('calls the API when the embedded status is unreadable', async () => {
    server.use(statusHandler({ status: 2, ip: '8.8.4.4' }));
    embed('{not json');
    render(<Boot />);
    expect(await screen.findByText('Your IP address: 8.8.4.4')).toBeTruthy();
  });
});

function embed(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'boot-status';
  el.textContent = text;
  document.head.append(el);
}

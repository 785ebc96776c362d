import type { Banner } from '@sea/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server.ts';
import { BannerGroup } from './BannerGroup.tsx';

const banner: Banner = {
  id: '1',
  url: `/media/${'a'.repeat(64)}.png`,
  groupName: 'w_home',
  linkageType: 'none',
  link: null,
  title: 'Weekend reload',
  text: '50% on Saturday',
};

function embed(value: unknown) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'boot-banners';
  el.textContent = JSON.stringify(value);
  document.head.append(el);
}

const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BannerGroup group="w_home" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('home banners at first paint', () => {
  it('the first render shows the banners the page carried (no empty box first), without asking the API', () => {
    let asked = 0;
    server.use(
      http.get('*/wps/relay/MCSFE_banners', () => {
        asked += 1;
        return HttpResponse.json({ success: true, value: { list: [] }, message: '', code: 'ok' });
      }),
    );
    embed({ language: 'en', list: [banner] });
    mount();
    // synchronously, in the very first render
    expect(screen.getByText('Weekend reload')).toBeTruthy();
    expect(document.querySelector('.banner__slide--placeholder')).toBeNull();
    expect(document.getElementById('boot-banners')).toBeNull(); // taken once
    expect(asked).toBe(0); // fresh for the stale time: no second call for the same list
  });
});

import type { PromotionDetail, PromotionItem } from '@sea/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const item = (id: string, title: string, over: Partial<PromotionItem> = {}): PromotionItem => ({
  id,
  title,
  imageUrl: `/promotions/${id}.svg`,
  category: null,
  startsAt: Date.parse('2026-11-01T00:00:00Z'),
  endsAt: null,
  ...over,
});

const list = [
  item('7', 'Welcome bonus', { category: 'NEW' }),
  item('3', 'Weekend cashback', { imageUrl: null, endsAt: Date.parse('2026-11-30T15:00:00Z') }),
];
const details: Record<string, PromotionDetail> = {
  '7': { ...list[0]!, content: '<p>Deposit <b>100</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>' },
};

function setup(promotions = list) {
  server.use(
    http.get('*/wps/promotions', () => ok({ list: promotions })),
    http.get('*/wps/promotions/:id', ({ params }) =>
      details[String(params.id)]
        ? ok(details[String(params.id)])
        : HttpResponse.json(
            { success: false, code: 'promotion_not_found', message: 'gone', value: null },
            { status: 404 },
          ),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('promotions page', () => {
  it('lists the current promotions as cards with image, title and period, each a link to its detail', async () => {
    setup();
    renderAt('/promotions');
    expect(await screen.findByRole('heading', { name: 'Promotions', level: 1 })).toBeTruthy();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Details of Welcome bonus' })).toBeTruthy();
    expect(first.getByText('NEW')).toBeTruthy();
    expect(first.getByText('From 01/11/2026')).toBeTruthy();
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe('/promotions/7.svg');
    // the period in the merchant's time zone (Asia/Manila: the end is the 30th, 23:00)
    expect(within(cards[1]!).getByText('01/11/2026 – 30/11/2026')).toBeTruthy();
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(first.getByRole('link').getAttribute('href')).toBe('/promotions#7');
  });

  it('opens a promotion from its card by keyboard, with its HTML formatting; back returns to the list', async () => {
    setup();
    const user = userEvent.setup();
    const router = renderAt('/promotions');
    await screen.findAllByRole('article');
    await user.tab();
    let focused = document.activeElement as HTMLElement;
    while (focused.getAttribute('href') !== '/promotions#7') {
      await user.tab();
      focused = document.activeElement as HTMLElement;
    }
    await user.keyboard('{Enter}');
    const title = await screen.findByRole('heading', { name: 'Welcome bonus', level: 1 });
    expect(router.state.location.hash).toBe('#7');
    await waitFor(() => expect(document.activeElement).toBe(title));
    // The operator's HTML keeps its formatting (its sanitising is checked in the browser: e2e/tests/promos.test.ts).
    expect(screen.getByText('100').tagName).toBe('B');
    await user.click(screen.getByRole('link', { name: /All promotions/ }));
    expect(await screen.findByRole('heading', { name: 'Promotions', level: 1 })).toBeTruthy();
    expect(router.state.location.hash).toBe('');
  });

  it('says so when a linked promotion is over, and when there are none', async () => {
    setup([]);
    renderAt('/promotions#99');
    expect(await screen.findByText('This promotion is over or no longer exists.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /All promotions/ })).toBeTruthy();
    renderAt('/promotions');
    expect(await screen.findByText('There are no promotions running right now. Please check back soon.')).toBeTruthy();
  });

  it('shows a loading state, then an error with a retry when the list cannot load', async () => {
    let fail = true;
    server.use(
      http.get('*/wps/promotions', () =>
        fail
          ? HttpResponse.json({ success: false, code: 'internal_error', message: 'x', value: null }, { status: 500 })
          : ok({ list }),
      ),
    );
    renderAt('/promotions');
    expect(await screen.findByText('Loading…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });

  it('the home shows the same promotions in its promotions block, loaded once it comes near the view', async () => {
    setup();
    // Each section below the fold has an observer of its own, made when the page settles (in no fixed order): the
    // promotions block's is found by the element it watches.
    const watched: { el: Element; cb: (entries: { isIntersecting: boolean }[]) => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly cb: (entries: { isIntersecting: boolean }[]) => void) {}
        observe(el: Element) {
          watched.push({ el, cb: this.cb });
        }
        disconnect() {}
      },
    );
    renderAt('/');
    const block = await screen.findByRole('region', { name: 'Promotions' });
    const mine = () => watched.find((w) => block.contains(w.el));
    await waitFor(() => expect(mine()).toBeDefined());
    expect(within(block).queryByRole('article')).toBeNull();
    act(() => mine()!.cb([{ isIntersecting: true }]));
    expect(await within(block).findAllByRole('article')).toHaveLength(2);
    expect(
      within(block)
        .getByRole('link', { name: /All promotions/ })
        .getAttribute('href'),
    ).toBe('/promotions');
    expect(within(block).getByRole('heading', { level: 3, name: 'Details of Weekend cashback' })).toBeTruthy();
  });
});

import type { JoinItem, JoinPage } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const item = (over: Partial<JoinItem>): JoinItem => ({
  promotionId: '1',
  title: 'Sign-up gift',
  imageUrl: null,
  category: null,
  startsAt: Date.parse('2026-11-01T00:00:00Z'),
  endsAt: null,
  type: 'signup',
  amount: '1500',
  percentBp: null,
  maxBonus: null,
  multiplier: 5,
  state: 'join',
  reason: null,
  ...over,
});

/** /join: a visitor's prompt, the states and actions (join, reward request, application with images). */
function setup(list: JoinItem[]) {
  const page = (l: JoinItem[]): JoinPage => ({ currency: 'PHP', exponent: 2, list: l });
  const calls: { url: string; comment?: string; images?: string[] }[] = [];
  let current = list;
  server.use(
    http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
    http.get('*/wps/join/public', () => ok(page(current.map((i) => ({ ...i, state: 'join' as const }))))),
    http.get('*/wps/join', () => ok(page(current))),
    http.post('*/wps/join/:id', ({ params }) => {
      calls.push({ url: `join ${params.id}` });
      current = current.map((i) => (i.promotionId === params.id ? { ...i, state: 'claim' } : i));
      return ok({});
    }),
    http.post('*/wps/join/:id/reward', ({ params }) => {
      calls.push({ url: `reward ${params.id}` });
      current = current.map((i) => (i.promotionId === params.id ? { ...i, state: 'issued' } : i));
      return ok({});
    }),
    http.put('*/wps/join/:id/application', async ({ request, params }) => {
      const form = await request.formData();
      const images: string[] = [];
      for (const [k, v] of form) if (k === 'images' && typeof v !== 'string') images.push(v.name);
      calls.push({ url: `apply ${params.id}`, comment: String(form.get('comment')), images });
      current = current.map((i) => (i.promotionId === params.id ? { ...i, state: 'applying' } : i));
      return ok({});
    }),
  );
  return calls;
}

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('/join', () => {
  it('asks a visitor to log in or register and shows no join buttons', async () => {
    setup([item({})]);
    renderAt('/join');
    expect(await screen.findByRole('heading', { name: 'Join promotions', level: 1 })).toBeTruthy();
    const prompt = screen.getByRole('note');
    expect(within(prompt).getByText('Log in or register to join a promotion and request its reward.')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Register' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Sign-up gift' });
    expect(within(card).queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('joins the sign-up promotion, then requests its reward; shows each state', async () => {
    useSession.getState().setToken('j'.repeat(43));
    const calls = setup([
      item({}),
      item({ promotionId: '2', title: 'Photo contest', type: 'application', state: 'rejected', reason: 'Blurry' }),
      item({ promotionId: '3', title: 'Soon', type: 'reload', percentBp: 5000, state: 'coming soon' }),
    ]);
    const user = userEvent.setup();
    renderAt('/join');
    const card = await screen.findByRole('article', { name: 'Sign-up gift' });
    expect(within(card).getByText('Sign-up bonus')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Join' }));
    await user.click(await within(card).findByRole('button', { name: 'Request reward' }));
    expect(await within(card).findByText('Issued')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['join 1', 'reward 1']);
    const contest = screen.getByRole('article', { name: 'Photo contest' });
    expect(within(contest).getByText('Reason: Blurry')).toBeTruthy();
    const soon = screen.getByRole('article', { name: 'Soon' });
    expect(within(soon).getByText('Coming soon')).toBeTruthy();
    expect(within(soon).queryByRole('button')).toBeNull();
  });

  it('applies with a comment (140 characters as seen) and images; refuses a GIF and a long comment', async () => {
    useSession.getState().setToken('k'.repeat(43));
    const calls = setup([item({ promotionId: '2', title: 'Photo contest', type: 'application', amount: null })]);
    const user = userEvent.setup({ applyAccept: false });
    renderAt('/join');
    const card = await screen.findByRole('article', { name: 'Photo contest' });
    await user.click(within(card).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    const comment = within(dialog).getByLabelText(/Comment/);
    await user.type(comment, 'x'.repeat(141));
    await user.upload(within(dialog).getByLabelText('Image 1'), new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(await within(dialog).findByText('At most 140 characters.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a PNG or JPG image.')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.clear(comment);
    // 140 emoji with skin tones: 140 characters as the user sees them.
    await user.type(comment, '👍🏽'.repeat(3));
    expect(within(dialog).getByText('3 / 140 characters')).toBeTruthy();
    await user.upload(within(dialog).getByLabelText('Image 1'), png('a.png'));
    await user.upload(within(dialog).getByLabelText('Image 2'), png('b.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(calls).toEqual([{ url: 'apply 2', comment: '👍🏽👍🏽👍🏽', images: ['a.png', 'b.png'] }]));
    expect(await within(card).findByText('Applying')).toBeTruthy();
  });
});

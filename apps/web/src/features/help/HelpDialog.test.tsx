import type { Notice } from '@sea/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../state/session.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';

const helpNotice: Notice = {
  id: '7',
  type: 'H',
  audience: 'all',
  title: 'Withdrawals paused tonight',
  content: '<p>Bank maintenance 01:00–03:00.</p>',
  startDateStr: Date.parse('2026-11-10T04:05:06Z'),
  promotionType: null,
};

/** Only H notices are asked for here; the server filters by the requested types, so does this double. */
function notices(list: Notice[]) {
  const asked: string[] = [];
  server.use(
    http.get('*/wps/relay/MCSFE_notices', ({ request }) => {
      const types = new URL(request.url).searchParams.get('types')!.split(',');
      asked.push(types.join(','));
      return ok({ list: list.filter((n) => types.includes(n.type)) });
    }),
  );
  return asked;
}

afterEach(() => useSession.getState().clear());

describe('help centre popup', { timeout: 30_000 }, () => {
  it('pins the help notices (type H) on top and opens the feedback popup; a visitor is sent to log in', async () => {
    const asked = notices([helpNotice, { ...helpNotice, id: '8', type: 'B', title: 'Marquee only' }]);
    const user = userEvent.setup();
    renderAt('/help');
    const help = await screen.findByRole('dialog', { name: 'Help centre' });
    const pinned = await within(help).findByRole('region', { name: 'Notices' });
    expect(within(pinned).getByText('Withdrawals paused tonight')).toBeTruthy();
    expect(within(pinned).getByText('Bank maintenance 01:00–03:00.')).toBeTruthy();
    expect(within(help).queryByText('Marquee only')).toBeNull();
    expect(asked).toContain('H');

    await user.click(within(help).getByRole('button', { name: 'Send feedback' }));
    const popup = await screen.findByRole('dialog', { name: 'Send feedback' });
    expect(within(popup).getByText(/Log in to send feedback/)).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('a member gets the feedback form in the popup, with the page’s checks', async () => {
    notices([]);
    useSession.getState().setToken('f'.repeat(43));
    const user = userEvent.setup();
    const router = renderAt('/help');
    const help = await screen.findByRole('dialog', { name: 'Help centre' });
    expect(within(help).queryByRole('region', { name: 'Notices' })).toBeNull();
    await user.click(within(help).getByRole('button', { name: 'Send feedback' }));
    const popup = await screen.findByRole('dialog', { name: 'Send feedback' });
    const form = await within(popup).findByRole('form', { name: 'Send feedback' });
    await user.type(within(form).getByLabelText(/Content/), 'too few words');
    await user.click(within(form).getByRole('button', { name: 'Send feedback' }));
    expect(await within(form).findByText('Choose a question type')).toBeTruthy();
    expect(within(form).getByText('Feedback content is between 5 and 300 words.')).toBeTruthy();
    expect(within(form).getByLabelText('Image 3')).toBeTruthy();
    // closing it leaves /help for the home, as closing the help centre does
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Send feedback' })).toBeNull();
  });
});

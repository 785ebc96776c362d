import type { AdminMission } from '@sea/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, meHandler, meOf, ok, renderAdmin, server } from '../../test/render-admin.tsx';

// The list kit (ListPageHead + ListTable + useEditing) through a page built on it: the missions list.
const money = { currency: 'PHP', exponent: 2 };
const mission = (id: string, title: string): AdminMission => ({
  id,
  kind: 'check_in',
  period: 'daily',
  category: null,
  title,
  target: '1',
  reward: '500',
  streakBonus: '0',
  startsAt: null,
  endsAt: null,
  sortOrder: 0,
  active: true,
  payAs: 'cash',
  bonusTerms: null,
});
const staff = meOf({ role: 'rewards', permissions: ['rewards.view', 'rewards.manage'] });

describe('the list kit (settings lists)', () => {
  it('shows loading, then the rows; New waits for the list; the table scrolls and its actions work from the keyboard', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    server.use(
      meHandler(staff),
      http.get('*/admin/api/rewards/missions', async () => {
        await held;
        return ok({ list: [mission('1', 'Morning bonus'), mission('2', 'Evening bonus')], ...money });
      }),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    const table = await screen.findByRole('region', { name: 'Missions' });
    expect(await within(table).findByText('Loading…')).toBeTruthy();
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'New mission' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await within(table).findByText('Evening bonus')).toBeTruthy();
    expect(within(table).queryByText('Loading…')).toBeNull();
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(within(table).getAllByRole('row')).toHaveLength(3); // header + 2
    expect((screen.getByRole('button', { name: 'New mission' }) as HTMLButtonElement).disabled).toBe(false);

    // Keyboard: the scroll area takes focus (a wide list scrolls sideways), then each row's named actions.
    const scroll = within(table).getByRole('group', { name: 'Missions' });
    scroll.focus();
    expect(document.activeElement).toBe(scroll);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Morning bonus' }));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByDisplayValue('Morning bonus').length).toBeGreaterThan(0);
  });

  it('shows the empty text once loaded with nothing', async () => {
    server.use(
      meHandler(staff),
      http.get('*/admin/api/rewards/missions', () => ok({ list: [], ...money })),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    const table = await screen.findByRole('region', { name: 'Missions' });
    expect(await within(table).findByText(/No missions yet/)).toBeTruthy();
    expect(within(table).queryByText('Loading…')).toBeNull();
  });

  it('shows the error with a retry that loads the list; a row action’s failure shows above the table', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.use(
      meHandler(staff),
      http.get('*/admin/api/rewards/missions', async () => {
        calls++;
        await delay(10);
        return calls === 1
          ? fail(503, 'service_unavailable', 'Try again in a moment')
          : ok({ list: [mission('1', 'Morning bonus')], ...money });
      }),
      http.put('*/admin/api/rewards/missions/:id', () => fail(409, 'conflict', 'Changed meanwhile')),
    );
    renderAdmin('/rewards/missions', { token: 't' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Try again in a moment/);
    await user.click(within(alert).getByRole('button', { name: /retry|try again/i }));
    const table = screen.getByRole('region', { name: 'Missions' });
    expect(await within(table).findByText('Morning bonus')).toBeTruthy();
    expect(screen.queryByText(/Try again in a moment/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Turn off Morning bonus' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Changed meanwhile/);
  });
});

import type { Fairness } from '@sea/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { HouseApi } from '../../api/house.ts';
import { createPlayI18n } from '../../i18n/play.ts';
import { FairnessPanel } from './FairnessPanel.tsx';
import { GameContext, type GameContextValue } from './game-context.tsx';

const first: Fairness = {
  serverSeedHash: 'aa'.repeat(32),
  nextServerSeedHash: 'bb'.repeat(32),
  clientSeed: 'c',
  nonce: 3,
};

/** The panel in a game page whose server answers a rotation with `nextHash` as the new pair's server seed hash. */
function Page({ nextHash }: { nextHash: string }) {
  const [fairness, setFairness] = useState(first);
  const api = {
    rotateSeed: async () => ({
      revealed: { serverSeed: 'old seed', serverSeedHash: first.serverSeedHash, clientSeed: 'c', rounds: 3 },
      next: { serverSeedHash: nextHash, nextServerSeedHash: 'cc'.repeat(32), clientSeed: 'mine', nonce: 0 },
    }),
  } as unknown as HouseApi;
  const value = { api, fairness, setFairness, lastRound: null } as unknown as GameContextValue;
  return (
    <GameContext.Provider value={value}>
      <FairnessPanel />
    </GameContext.Provider>
  );
}

const renderPage = (nextHash: string) =>
  render(
    <I18nextProvider i18n={createPlayI18n('en')}>
      <Page nextHash={nextHash} />
    </I18nextProvider>,
  );

describe('FairnessPanel', () => {
  it('shows the next server seed hash before the client seed is chosen, and checks the new pair kept it', async () => {
    renderPage('bb'.repeat(32));
    expect(screen.getByTestId('next-server-seed-hash').textContent).toBe('bb'.repeat(32));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New client seed'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Change seed and reveal' }));
    expect((await screen.findByTestId('next-seed-kept')).textContent).toMatch(/^✓ The new pair uses/);
    // The panel now commits to the following seed.
    expect(screen.getByTestId('next-server-seed-hash').textContent).toBe('cc'.repeat(32));
  });

  it('says so when the new server seed is not the one committed in advance', async () => {
    renderPage('dd'.repeat(32));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change seed and reveal' }));
    expect((await screen.findByTestId('next-seed-kept')).textContent).toMatch(/^✗ /);
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LotteryIssue } from '../../api/lottery.ts';
import { renderAt } from '../../test/render.tsx';
import { ok, server } from '../../test/server.ts';
import { BEACON_ROUND, beaconIssue, drawnIssue } from './test-data.ts';

function serve(issue: LotteryIssue, beaconValue = BEACON_ROUND.value) {
  server.use(
    http.get('*/lgw/lottery/beacon/:round', ({ params }) =>
      ok({ ...BEACON_ROUND, round: Number(params.round), value: beaconValue, publishedAt: issue.drawsAt }),
    ),
    http.get('*/lgw/lottery/lobby', () =>
      ok({ serverTime: new Date().toISOString(), exponent: 2, currency: 'PHP', games: [] }),
    ),
    http.get('*/lgw/lottery/issues/:id', () => ok(issue)),
  );
}

describe('lottery verifier', { timeout: 30_000 }, () => {
  it('recomputes a drawn issue: chain link ✓, its own chain’s commitment ✓, result ✓, and shows the totals', async () => {
    serve(drawnIssue());
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(await within(verdict).findByText('Verified', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      within(verdict).getByText('Hashing the issue hash 961 times gives chain #1’s published commitment.'),
    ).toBeTruthy();
    expect(screen.getByTestId('chain-seq').textContent).toBe('Chain #1');
    expect(screen.getByText('20261126-0001 – 20270203-0640')).toBeTruthy();
    expect(within(verdict).getByText('SHA-256 of the issue hash equals the previous hash.')).toBeTruthy();
    expect(within(verdict).getByText('The recomputed result matches the stored result.')).toBeTruthy();
    expect(screen.getByText('2,400.00')).toBeTruthy();
    expect(screen.getByText('980.00')).toBeTruthy();
  });

  it('fails a stored result that is not the draw, and a hash that does not link', async () => {
    const good = drawnIssue();
    const wrong = good.result!.map((d, i) => (i === 0 ? (d + 1) % 10 : d));
    serve({ ...good, result: wrong, previousHash: 'b'.repeat(64) });
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(within(verdict).getByText('Verification failed')).toBeTruthy();
    expect(within(verdict).getByText('SHA-256 of the issue hash does not equal the previous hash.')).toBeTruthy();
    expect(within(verdict).getByText('The recomputed result does not match the stored result.')).toBeTruthy();
  });

  it('an issue of chain #2 checks against chain #2’s commitment, not another chain’s', async () => {
    const good = drawnIssue();
    serve({ ...good, chain: { ...good.chain, seq: 2, terminalHash: 'c'.repeat(64) } });
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(await within(verdict).findByText('Verification failed', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      within(verdict).getByText('Hashing the issue hash 961 times does not give chain #2’s published commitment.'),
    ).toBeTruthy();
    expect(within(verdict).getByText('SHA-256 of the issue hash equals the previous hash.')).toBeTruthy();
    expect(screen.getByTestId('chain-seq').textContent).toBe('Chain #2');
  });

  it('a beacon chain: the beacon round from its source is the value mixed in, published at the draw; labelled simulated', async () => {
    serve(beaconIssue());
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(await within(verdict).findByText('Verified', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      within(verdict).getByText(
        /^Beacon round 59270442, as its source publishes it, has the value mixed into this draw/,
      ),
    ).toBeTruthy();
    expect(within(verdict).getByText('The recomputed result matches the stored result.')).toBeTruthy();
    expect(screen.getByTestId('beacon-source').textContent).toBe(
      'simulated-beacon-30s — simulated for the demo, not a public source',
    );
    expect(screen.getByTestId('secret-held-by').textContent).toBe('The signer’s own key store (not the game database)');
  });

  it('a beacon value the source did not publish fails, and so does a result drawn without the beacon', async () => {
    serve(beaconIssue(), '6f'.repeat(32));
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    let verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(await within(verdict).findByText('Verification failed', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      within(verdict).getByText(/^Beacon round 59270442, as its source publishes it, does not match/),
    ).toBeTruthy();
    cleanup();
    const good = beaconIssue();
    serve({ ...good, result: drawnIssue().result });
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(within(verdict).getByText('The recomputed result does not match the stored result.')).toBeTruthy();
  });

  it('an issue not drawn yet has nothing to check', async () => {
    serve(drawnIssue({ status: 'open', hash: null, result: null, totals: null }));
    renderAt('/lottery/verify?game=elott-ssc-1m&issue=20261126-0961');
    expect(
      await screen.findByText(
        'This issue is not drawn yet: its hash is revealed after the draw.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { slipFromShared } from './bet-slip.ts';

describe('a slip shared in the chat room', () => {
  it('re-checks shared bets with the engine and the stake bounds, leaving out what is not valid', () => {
    let n = 0;
    const bets = slipFromShared(
      'ssc',
      [
        { code: 'ssc.bsoe.1', selection: { sides: ['big', 'odd'] }, unitStake: '100' },
        { code: 'ssc.bsoe.1', selection: { sides: ['nonsense'] }, unitStake: '100' },
        { code: 'no.such.bet', selection: {}, unitStake: '100' },
        { code: 'ssc.bsoe.1', selection: { sides: ['big'] }, unitStake: '1' },
      ],
      { min: 100n, max: 100_000n },
      () => `t${++n}`,
    );
    expect(bets).toHaveLength(1);
    expect(bets[0]).toMatchObject({ id: 't1', code: 'ssc.bsoe.1', units: 2, unitStake: 100n });
  });
});

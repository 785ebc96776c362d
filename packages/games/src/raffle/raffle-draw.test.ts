import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawRaffle, holderOfTicket, ticketRanges } from './raffle-draw.ts';

/** An independent implementation of the published algorithm (node:crypto, a plain array). */
function reference(seed: string, raffleId: string, tickets: number, prizes: number): number[] {
  let round = 0;
  let buf = Buffer.alloc(0);
  const word = () => {
    if (buf.length < 4) buf = createHmac('sha256', seed).update(`raffle:${raffleId}:${round++}`).digest();
    const w = buf.readUInt32BE(0);
    buf = buf.subarray(4);
    return w;
  };
  const int = (m: number) => {
    const limit = 2 ** 32 - (2 ** 32 % m);
    for (;;) {
      const w = word();
      if (w < limit) return w % m;
    }
  };
  const list = Array.from({ length: tickets }, (_, i) => i + 1);
  const out: number[] = [];
  for (let k = 0; k < Math.min(tickets, prizes); k++) {
    const j = k + int(tickets - k);
    [list[k], list[j]] = [list[j]!, list[k]!];
    out.push(list[k]!);
  }
  return out;
}

describe('raffle draw', () => {
  it('equals an independent recomputation, distinct tickets, in range', () => {
    for (const [n, p] of [
      [1, 3],
      [7, 3],
      [1000, 10],
      [5, 5],
    ] as const) {
      const w = drawRaffle('seed-abc', '42', n, p);
      expect(w).toEqual(reference('seed-abc', '42', n, p));
      expect(new Set(w).size).toBe(w.length);
      expect(w.length).toBe(Math.min(n, p));
      for (const t of w) expect(t >= 1 && t <= n).toBe(true);
    }
    expect(drawRaffle('s', '1', 0, 3)).toEqual([]);
    expect(drawRaffle('s', '1', 100_000, 3)).not.toEqual(drawRaffle('s', '2', 100_000, 3));
  });

  it('gives every ticket the same chance of the first prize (chi-square, 4 tickets)', () => {
    const counts = [0, 0, 0, 0];
    const draws = 8000;
    for (let i = 0; i < draws; i++) counts[drawRaffle(`seed-${i}`, '9', 4, 1)[0]! - 1]! += 1;
    const e = draws / 4;
    const chi = counts.reduce((s, c) => s + (c - e) ** 2 / e, 0);
    expect(chi).toBeLessThan(16.27); // 3 degrees of freedom, p = 0.001
  });

  it('numbers tickets in list order', () => {
    const blocks = [
      { holder: 'a', tickets: 2 },
      { holder: 'b', tickets: 0 },
      { holder: 'c', tickets: 3 },
    ];
    expect(ticketRanges(blocks)).toEqual([
      { from: 1, to: 2 },
      { from: 3, to: 2 },
      { from: 3, to: 5 },
    ]);
    expect([1, 2, 3, 5, 6].map((t) => holderOfTicket(blocks, t))).toEqual([0, 0, 2, 2, -1]);
  });
});

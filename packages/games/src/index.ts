// @sea/games: pure game engines and the provably-fair RNG. No I/O and no Node-only API: the server settles rounds
// with these functions and the browser replays and verifies them with the same code.
export * from './errors.ts';
export * from './rational.ts';
export * from './rng/fair-rng.ts';
export * from './slot/slot-math.ts';
export * from './slot/lucky-dragon.ts';
export * from './slot/slot-round.ts';
export * from './slot/slot-par.ts';
export * from './slot/slot-full-cycle.ts';
export * from './video-poker/cards.ts';
export * from './video-poker/poker-hand.ts';
export * from './video-poker/jacks-or-better.ts';
export * from './video-poker/vp-round.ts';
export * from './video-poker/vp-strategy.ts';
export * from './video-poker/vp-analysis.ts';
export * from './scratch/scratch-math.ts';
export * from './scratch/scratch-round.ts';
export * from './catalogue.ts';
export * from './lottery/bet-types.ts';
export * from './lottery/draw-chain.ts';
export * from './lottery/ssc.ts';
export * from './lottery/k3.ts';
export * from './lottery/elott.ts';
export * from './lottery/odds.ts';
export * from './lottery/vn.ts';
export * from './lottery/thai.ts';
export * from './lottery/fourd.ts';

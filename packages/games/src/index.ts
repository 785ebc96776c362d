// @sea/games: pure game engines and the provably-fair RNG. No I/O and no Node-only API: the server settles rounds
// with these functions and the browser replays and verifies them with the same code.
export * from './errors.ts';
export * from './rational.ts';
export * from './rng/fair-rng.ts';

export * from './auth.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './flags.ts';
export * from './registration.ts';
export * from './system.ts';
export * from './money.ts';

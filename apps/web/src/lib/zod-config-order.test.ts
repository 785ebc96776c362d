import { describe, expect, it } from 'vitest';

describe('zod jitless set before zod loads', () => {
  it('is the configuration zod uses once it is imported later', async () => {
    await import('./zod-config.ts');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
  });
});

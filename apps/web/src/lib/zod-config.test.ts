import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';
import { describe, expect, it, vi } from 'vitest';

describe('zod in the browser', () => {
  it('is configured jitless by main.tsx, so no string is ever evaluated (CSP without unsafe-eval)', async () => {
    const main = await import('../main.tsx?raw');
    expect((main as { default: string }).default.split('\n')[0]).toBe("import './lib/zod-config.ts';");
    await import('./zod-config.ts');
    expect(globalConfig.jitless).toBe(true);
    // With eval refused, object schemas still parse.
    const spy = vi.spyOn(globalThis, 'Function').mockImplementation(() => {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
    });
    try {
      const schema = z.object({ a: z.string(), b: z.number().int() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

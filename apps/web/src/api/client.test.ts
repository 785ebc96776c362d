import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from './client.ts';

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('starts its fetch in a task of its own, not in the caller’s (the home’s queries all start in one commit)', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ success: true, value: 7 }))));
    const answers = [apiGet<number>('/a'), apiGet<number>('/b')];
    // Nothing was sent while the caller's task ran…
    expect(fetch).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    // …and both calls go out, with their answers, once it has ended.
    expect(await Promise.all(answers)).toEqual([7, 7]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/a', '/b']);
  });
});

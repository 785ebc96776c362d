import { ApiError } from './api-error.ts';
import { getMerchantCode } from './merchant.ts';

/**
 * The calls of our own table games' pages (baccarat, sabong): the envelope of the API with the launch's game session
 * token in X-Game-Session (the light game entry never loads zod: only types come from the contracts).
 */
export function gameSessionCall(token: string, language: string) {
  return async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Language: language,
      Device: 'WEB',
      'X-Game-Session': token,
    };
    const merchant = getMerchantCode();
    if (merchant) headers.Merchant = merchant;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError('network_error', 'Network link abnormal', 0);
    }
    let env: { success?: unknown; value?: T; message?: string; code?: string } | undefined;
    try {
      env = (await res.json()) as typeof env;
    } catch {
      env = undefined;
    }
    if (!env || typeof env.success !== 'boolean') throw new ApiError('internal_error', 'Unexpected answer', res.status);
    if (!env.success) throw new ApiError(env.code ?? 'internal_error', env.message ?? '', res.status, env.value);
    return env.value as T;
  };
}

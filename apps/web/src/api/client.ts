import type { Envelope } from '@sea/contracts';
import { useSession } from '../state/session.ts';
import { i18n } from '../i18n/index.ts';
import { deviceId } from '../lib/device-id.ts';
import { nextTask } from '../lib/next-task.ts';
import { getMerchantCode } from './merchant.ts';
import { ApiError } from './api-error.ts';
import { encryptPayload, forgetPayloadKey } from './payload-crypto.ts';

export { ApiError };

function headers(): Record<string, string> {
  const h: Record<string, string> = {
    Accept: 'application/json',
    Language: i18n.language || 'en',
    Device: 'WEB',
    'Device-Id': deviceId(),
  };
  const merchant = getMerchantCode();
  if (merchant) h.Merchant = merchant;
  const token = useSession.getState().token;
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

export async function apiRequest<T>(
  method: string,
  path: string,
  opts: { query?: Record<string, string | undefined>; body?: unknown; form?: FormData; encrypt?: boolean } = {},
): Promise<T> {
  // Each call builds its headers and starts its fetch in a task of its own: the home's queries all start in the
  // effects of one commit, and a fetch() call costs a few ms of main thread (≈ 40 ms for the home's calls under
  // Lighthouse's 4× CPU slowdown, in the one long task of that commit).
  await nextTask();
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) qs.set(k, v);
  const url = qs.size ? `${path}?${qs}` : path;
  const body =
    opts.encrypt && opts.body !== undefined
      ? await encryptPayload(opts.body, () => apiGet('/wps/system/publicKey'))
      : opts.body;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { ...headers(), ...(body !== undefined && { 'Content-Type': 'application/json' }) },
      body: opts.form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch {
    throw new ApiError('network_error', 'Network link abnormal', 0);
  }
  let env: Envelope<T> | undefined;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = undefined;
  }
  if (res.status === 401) useSession.getState().clear();
  if (!env || typeof env.success !== 'boolean') throw new ApiError('internal_error', 'Unexpected answer', res.status);
  if (!env.success) {
    // The merchant switched encryption on since the key was read: read it again and retry once.
    if (env.code === 'encryption_required' && opts.encrypt && !retried.has(opts)) {
      forgetPayloadKey();
      retried.add(opts);
      return apiRequest<T>(method, path, opts);
    }
    throw new ApiError(env.code, env.message, res.status, env.value);
  }
  return env.value;
}

const retried = new WeakSet<object>();

export const apiGet = <T>(path: string, query?: Record<string, string | undefined>) =>
  apiRequest<T>('GET', path, { query });

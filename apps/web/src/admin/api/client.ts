import type { Envelope, FieldError } from '@sea/contracts';
import { adminI18n } from '../i18n/index.ts';
import { useAdminSession } from '../state/session.ts';

/** A failed back-office call: `code` from the error catalogue (or `network_error`), `message` the envelope's text. */
export class AdminApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }

  /** The envelope's `value.fields` of a validation error (empty otherwise). */
  get fields(): FieldError[] {
    const fields = (this.value as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as FieldError[]).filter((f) => typeof f?.field === 'string') : [];
  }
}

export type Query = Record<string, string | number | undefined | null>;

/**
 * The one fetch of the back office: bearer token, language, the envelope unwrapped. A 401 on any call but the
 * sign-in itself ends the session (the app returns to sign-in); the sign-in's own 401s (wrong password, code
 * needed) are the form's to show.
 */
export async function adminRequest<T>(
  method: string,
  path: string,
  opts: { query?: Query; body?: unknown; keepSessionOn401?: boolean } = {},
): Promise<T> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const url = qs.size ? `${path}?${qs}` : path;
  const token = useAdminSession.getState().token;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        Language: adminI18n.language || 'en',
        ...(token && { Authorization: `Bearer ${token}` }),
        // A FormData body (an upload) sets its own multipart content type with the boundary.
        ...(opts.body !== undefined && !(opts.body instanceof FormData) && { 'Content-Type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
    });
  } catch {
    throw new AdminApiError('network_error', adminI18n.t('errors.network'), 0);
  }
  let env: Envelope<T> | undefined;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    env = undefined;
  }
  if (res.status === 401 && token && !opts.keepSessionOn401) useAdminSession.getState().signOut('expired');
  if (!env || typeof env.success !== 'boolean')
    throw new AdminApiError('internal_error', adminI18n.t('errors.unexpected', { status: res.status }), res.status);
  if (!env.success) throw new AdminApiError(env.code, env.message, res.status, env.value);
  return env.value;
}

export const adminGet = <T>(path: string, query?: Query) => adminRequest<T>('GET', path, { query });
export const adminPost = <T>(path: string, body?: unknown) => adminRequest<T>('POST', path, { body: body ?? {} });
export const adminPut = <T>(path: string, body: unknown) => adminRequest<T>('PUT', path, { body });
export const adminPatch = <T>(path: string, body: unknown) => adminRequest<T>('PATCH', path, { body });
export const adminDelete = <T>(path: string) => adminRequest<T>('DELETE', path);

/** A reference or id as one path segment. */
export const seg = (id: string) => encodeURIComponent(id);

/** Every page of a list (CSV export of all rows matching the filters), at most `limit` rows. */
export async function allPages<T>(
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ total: number; items: T[] }>,
  limit = 10_000,
): Promise<T[]> {
  const pageSize = 100;
  const out: T[] = [];
  for (let pageNo = 1; out.length < limit; pageNo++) {
    const page = await fetchPage(pageNo, pageSize);
    out.push(...page.items);
    if (page.items.length < pageSize || out.length >= page.total) break;
  }
  return out.slice(0, limit);
}

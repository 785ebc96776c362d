import assert from 'node:assert/strict';
import { demo, server } from './harness.ts';

/** A POST to the server's API on the demo merchant (an admin's or a member's token, or none); the envelope's value. */
export async function post<T = unknown>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      merchant: 'demo',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body ?? {}),
  });
  const env = (await res.json()) as { success: boolean; value: T };
  assert.ok(env.success, `${path}: ${JSON.stringify(env)}`);
  return env.value;
}

/** A new back-office admin of the demo merchant (made through the admin face), logged in: its session token. */
export async function adminToken(name: string): Promise<string> {
  const username = `e2e${name}admin${Date.now().toString(36)}`;
  const password = `${name} e2e admin password`;
  await server.app.modules.admin.create({ merchantId: demo.id, username, password });
  return (await post<{ token: string }>('/admin/api/session/login', null, { username, password })).token;
}

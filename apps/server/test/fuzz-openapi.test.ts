import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { newPlayer } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A property test driven by the two OpenAPI documents — the player API (/docs/json, what anyone sees) and the
 * whole document with the back office (/admin/api/openapi, read with a staff session): for every operation, a
 * plausible request from its schema (strings matching the declared patterns, so the request reaches the
 * service), then the same request with each parameter and body field replaced by hostile values (control
 * characters, NUL, lone surrogates, invalid UTF-8 bytes in the raw body, huge, wrong types), by numbers at and
 * past every integer limit the schema declares and past JavaScript's and PostgreSQL's integers (2^31, 2^53,
 * int8), and whole bodies of the wrong shape (empty, unknown fields only), size, depth and content type. No
 * answer may be a 5xx or carry a stack trace, and the server must be healthy afterwards.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const deep = (n: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u001b[31mred',
  '\u0007\u0008\u000b\u000c',
  'line\r\nInjected: header',
  "' OR '1'='1' --",
  '"; drop table members; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://x/a}',
  '\ud800',
  '\uffff\ufeff\u202e',
  '🂡'.repeat(300),
  'x'.repeat(20_000),
  '-1',
  '1e309',
  '99999999999999999999999999',
  'NaN',
  '0x1F',
  '__proto__',
  'constructor',
];
const WRONG_TYPES: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  Number.MIN_SAFE_INTEGER - 2,
  true,
  null,
  [],
  {},
  ['a', 1],
  { $gt: '' },
  deep(30),
];

const PARAM_VALUES: string[] = [...HOSTILE_STRINGS, '1e3', '-5'];
const FIELD_VALUES: unknown[] = [...HOSTILE_STRINGS, ...WRONG_TYPES];

/** Integers past which some layer overflows: int4, the largest exact double, int8 (both ends), far past int8. */
const BIG_INTEGERS = [
  '2147483648',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '9'.repeat(32),
];

/** A string's bytes that are not UTF-8: a lone continuation byte, an encoded surrogate, 0xff. */
const INVALID_UTF8 = Buffer.from([0x78, 0x80, 0xed, 0xa0, 0x80, 0xff, 0x79]);

/** The values at and just past the integer limits a schema declares, then past every integer width. */
function limitsOf(schema: JsonSchema | undefined): (number | string)[] {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  const declared =
    type === 'integer' || type === 'number'
      ? [schema?.minimum, schema?.maximum].flatMap((b) =>
          b === undefined ? [] : [b, b === schema?.minimum ? b - 1 : b + 1],
        )
      : [];
  return [...declared, ...BIG_INTEGERS];
}

/**
 * `n` values of `list` for the `k`-th parameter: NUL always, the rest rotating, so that every value meets many
 * fields over the run while the run stays within a minute.
 */
function sample<T>(list: T[], n: number, k: number): T[] {
  const out = [list[3]!];
  for (let i = 0; i < n - 1; i++) out.push(list[(k * (n - 1) + i) % list.length]!);
  return out;
}

/**
 * A string matching the schema's pattern, printable and within its lengths when fast-check finds one (seeded, so
 * every run sends the same requests).
 */
function matching(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return '2026-01-02T03:04:05Z';
  if (!schema.pattern) return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  const samples = fc.sample(fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' }), {
    numRuns: 40,
    seed: 26,
  });
  const fits = (v: string) =>
    /^[\x20-\x7e]+$/.test(v) && v.length >= (schema.minLength ?? 1) && v.length <= (schema.maxLength ?? 1e9);
  return samples.find(fits) ?? samples[0]!;
}

/** A value the schema would accept in the simple cases (enough to get past the first field). */
function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return exampleOf(alt[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, exampleOf(s)]));
    case 'array':
      return [exampleOf(schema.items)];
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return matching(schema);
  }
}

/** A path parameter: an id, code or name our seeded data has when the schema allows one, else its example. */
function pathExample(schema: JsonSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  const known = ['1', 'DEMO', 'demo'].find((v) => !schema?.pattern || new RegExp(schema.pattern).test(v));
  return known ?? String(exampleOf(schema));
}

/** Percent-encoding that survives a lone surrogate (sent as the raw, invalid UTF-8 bytes). */
const encode = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
};

const STACK_TRACE = /\n\s+at |node_modules|\.ts:\d+|\/src\/|\bat [\w.<>]+ \(/;

type Document = { paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>> };
let t: TestApp;
let merchant: Merchant;
let playerDoc: Document;
let adminDoc: Document;
/** The back-office operations run on a merchant of their own: what they change (maintenance, registration fields,
 * flags, staff) must not close the demo merchant's player API to the rest of the run. */
let operatorMerchant: string;
beforeAll(async () => {
  t = await buildTestApp();
  merchant = (await t.app.modules.merchants.findByCode('demo'))!;
  operatorMerchant = (await createMerchant(t.database.all)).code;
  // The documents as a client reads them: /docs/json for anyone, the whole one with a staff session.
  playerDoc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  const staff = await createTestAdmin(t);
  const whole = await t.app.inject({
    method: 'GET',
    url: '/admin/api/openapi',
    headers: { authorization: `Bearer ${staff.token}` },
  });
  adminDoc = whole.json().value;
});
afterAll(() => t.close());

describe('OpenAPI-driven fuzzing', () => {
  it(
    'no operation answers 5xx or leaks a stack trace, and the server stays healthy',
    { timeout: 300_000 }, // ~15 s alone; generous for a loaded machine running other files beside it
    async () => {
      const started = Date.now();
      const operationsOf = (doc: Document) =>
        Object.entries(doc.paths).flatMap(([path, ops]) =>
          (Object.entries(ops) as [Lowercase<Method>, Operation][]).map(([m, op]) => ({
            path,
            method: m.toUpperCase() as Method,
            op,
          })),
        );
      const player = operationsOf(playerDoc);
      const admin = operationsOf(adminDoc).filter((o) => o.path.startsWith('/admin/api/'));
      expect(player.length).toBeGreaterThan(50);
      expect(player.some((o) => o.path.startsWith('/admin/'))).toBe(false);
      expect(admin.length).toBeGreaterThan(50);
      // Every operation of the whole document is one of the two (nothing outside both escapes the run).
      expect(player.length + admin.length).toBe(operationsOf(adminDoc).length);
      const operations = [...player, ...admin];
      const failures: string[] = [];
      let requests = 0;
      let seq = 0;
      let rotation = 0;

      for (const { path, method, op } of operations) {
        // Fresh principals per operation: an earlier one (logout, password change) may have ended the last ones.
        const secured = Boolean(op.security?.length);
        const isAdmin = path.startsWith('/admin/api/');
        const token = secured
          ? isAdmin
            ? (await createTestAdmin(t, { merchantCode: operatorMerchant })).token
            : (await newPlayer(t, merchant, { fund: 100_000n })).token
          : undefined;
        const params = op.parameters ?? [];
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const baseQuery = Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, String(exampleOf(p.schema))]),
        );
        const basePath = Object.fromEntries(
          params.filter((p) => p.in === 'path').map((p) => [p.name, pathExample(p.schema)]),
        );
        const baseBody = bodySchema ? (exampleOf(bodySchema) as Record<string, unknown>) : undefined;

        const send = async (v: {
          query?: Record<string, string>;
          pathParams?: Record<string, string>;
          payload?: string | Buffer;
          contentType?: string;
          what: string;
        }) => {
          seq += 1;
          const url =
            path.replace(/\{(\w+)\}/g, (_m, name: string) => encode((v.pathParams ?? basePath)[name] ?? '1')) +
            (Object.keys(v.query ?? baseQuery).length
              ? `?${Object.entries(v.query ?? baseQuery)
                  .map(([k, x]) => `${k}=${encode(x)}`)
                  .join('&')}`
              : '');
          const headers: Record<string, string> = {};
          if (token) headers.authorization = `Bearer ${token}`;
          if (isAdmin) headers.merchant = operatorMerchant;
          if (v.contentType) headers['content-type'] = v.contentType;
          const res = await t.app.inject({
            method,
            url,
            headers,
            ...(v.payload !== undefined && { payload: v.payload }),
            remoteAddress: `198.51.${(seq >> 8) % 256}.${seq % 256}`,
          });
          requests += 1;
          if (res.statusCode >= 500 && !(res.statusCode === 503 && res.json().code === 'system_maintenance'))
            failures.push(`${method} ${path} [${v.what}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (path !== '/admin/api/openapi' && STACK_TRACE.test(res.body))
            failures.push(`${method} ${path} [${v.what}] leaks: ${res.body.slice(0, 200)}`);
        };
        const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });
        const withBody = method !== 'GET' && method !== 'DELETE';

        // The plausible request, then every query and path parameter made hostile, at and past its integer
        // limits, a lone surrogate.
        await send({ what: 'example', ...(withBody && baseBody !== undefined && json(baseBody)) });
        for (const p of params.filter((x) => x.in === 'query' || x.in === 'path')) {
          const values = [...sample(PARAM_VALUES, 4, ++rotation), ...limitsOf(p.schema).map(String), 'x\ud800y'];
          for (const value of values) {
            const what = `${p.in} ${p.name}=${JSON.stringify(value).slice(0, 20)}`;
            if (p.in === 'query') await send({ what, query: { ...baseQuery, [p.name]: value } });
            else await send({ what, pathParams: { ...basePath, [p.name]: value } });
          }
        }
        if (!withBody) continue;

        // Every body field: hostile strings, wrong types, integers at and past the limits (as numbers and as
        // digit strings), a lone surrogate (JSON's \ud800 escape) and bytes that are not UTF-8.
        if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
          const properties = bodySchema?.properties ?? {};
          for (const field of Object.keys(baseBody)) {
            const limits = limitsOf(properties[field]);
            const values = [
              ...sample(FIELD_VALUES, 4, ++rotation),
              ...limits.map((v) => (typeof v === 'number' ? v : [v, Number(v)][rotation % 2])),
              ...BIG_INTEGERS.slice(2, 4),
              'x\ud800y',
              '\udc00',
            ];
            for (const value of values)
              await send({
                what: `body.${field}=${JSON.stringify(value).slice(0, 20)}`,
                ...json({ ...baseBody, [field]: value }),
              });
            const marker = '\u0001marker\u0001';
            const [before, after] = JSON.stringify({ ...baseBody, [field]: marker }).split(JSON.stringify(marker));
            await send({
              what: `body.${field}=<invalid UTF-8>`,
              payload: Buffer.concat([Buffer.from(`${before}"`), INVALID_UTF8, Buffer.from(`"${after}`)]),
              contentType: 'application/json',
            });
          }
        }
        // Whole bodies of the wrong shape, size, depth and content type.
        for (const [what, body] of [
          ['empty object', {}],
          ['unknown field only', { unknownField: 1 }],
          ['null body', null],
          ['array body', [baseBody]],
          ['string body', 'x'],
          ['number body', 42],
          ['proto body', JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')],
          ['wide body', Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))],
        ] as const)
          await send({ what, ...json(body) });
        const text = JSON.stringify(baseBody ?? {});
        for (const [what, payload, contentType] of [
          ['huge body', `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, 'application/json'],
          ['broken json', '{"a":', 'application/json'],
          ['deep body', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, 'application/json'],
          ['deeper body', `${'['.repeat(200_000)}${']'.repeat(200_000)}`, 'application/json'],
          ['text/plain', text, 'text/plain'],
          ['xml', '<a>1</a>', 'application/xml'],
          ['form', 'a=1&b=%00', 'application/x-www-form-urlencoded'],
          ['multipart without boundary', '--x\r\n', 'multipart/form-data'],
          ['multipart garbage', '--b\r\nnonsense', 'multipart/form-data; boundary=b'],
          ['utf-16 json', Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16'],
          ['binary', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]), 'application/octet-stream'],
          ['no content type', text, undefined],
        ] as const)
          await send({ what, payload, contentType });
      }

      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(5_000);
      // Healthy afterwards: health, readiness and a real request.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().success).toBe(true);
      const member = await newPlayer(t, merchant);
      const info = await t.app.inject({
        method: 'GET',
        url: '/wps/member/info',
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(info.json().value.account).toBe(member.account);
      console.info(`fuzz: ${operations.length} operations, ${requests} requests in ${Date.now() - started} ms`);
    },
  );
});

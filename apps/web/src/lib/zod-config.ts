/**
 * zod compiles fast object parsers with `new Function()` and probes for it with `Function('')` on first use; the
 * site's CSP (script-src 'self', no 'unsafe-eval') refuses that and the browser reports a violation on every load.
 * Jitless parsing never evaluates strings. Imported first by main.tsx, before any schema runs.
 *
 * This is `z.config({ jitless: true })` without importing zod on the first page: zod keeps its configuration in
 * `globalThis.__zod_globalConfig` (zod/v4/core `globalConfig`, created only if absent), so the flag set here is
 * the one zod reads once it loads with the forms (lib/zod-config.test.ts checks it against zod's own object).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};

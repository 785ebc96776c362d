import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return. PostgreSQL cannot store NUL in text
 * (`invalid byte sequence for encoding "UTF8": 0x00`), and no field of this API has a use for the others.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

const MAX_DEPTH = 64;

export type TextProblem = { path: (string | number)[]; reason: 'control_character' | 'too_deep'; message: string };

const problem = (path: (string | number)[], reason: TextProblem['reason']): TextProblem => ({
  path,
  reason,
  message: reason === 'too_deep' ? 'The value is nested too deeply.' : CONTROL_CHARACTER_MESSAGE,
});

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed.';

/**
 * The first string (or object key) holding a forbidden control character, or a structure nested deeper than 64
 * levels (no schema of ours goes near that); undefined when the value is clean.
 */
export function findTextProblem(value: unknown, path: (string | number)[] = []): TextProblem | undefined {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? problem(path, 'control_character') : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (path.length >= MAX_DEPTH) return problem(path, 'too_deep');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findTextProblem(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) return problem([...path, key], 'control_character');
    const found = findTextProblem(v, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The validator every route schema goes through: the zod validator of fastify-type-provider-zod, preceded by a
 * walk that refuses control characters (and absurd nesting) anywhere in the body, query string or path parameters (one rule for
 * every route, written once).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const bad = findTextProblem(data);
    if (bad) {
      return {
        error: [
          {
            keyword: bad.reason,
            instancePath: `/${bad.path.join('/')}`,
            schemaPath: '#',
            params: {},
            message: bad.message,
          },
        ],
      };
    }
    return validate(data);
  };
};

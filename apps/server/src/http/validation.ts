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

/**
 * The path of the first string (or object key) holding a forbidden control character, or undefined when there is
 * none. Also refuses structures nested deeper than 64 levels (no schema of ours goes near that).
 */
export function findControlCharacter(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (path.length >= MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    if (FORBIDDEN.test(key)) return [...path, key];
    const found = findControlCharacter(v, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed.';

/**
 * The validator every route schema goes through: the zod validator of fastify-type-provider-zod, preceded by a
 * walk that refuses control characters anywhere in the body, query string or path parameters (one rule for
 * every route, written once).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const path = findControlCharacter(data);
    if (path) {
      return {
        error: [
          {
            keyword: 'control_character',
            instancePath: `/${path.join('/')}`,
            schemaPath: '#',
            params: {},
            message: CONTROL_CHARACTER_MESSAGE,
          },
        ],
      };
    }
    return validate(data);
  };
};

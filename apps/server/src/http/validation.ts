import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * C0 control characters other than tab, line feed and carriage return. PostgreSQL cannot store NUL in text
 * (`invalid byte sequence for encoding "UTF8": 0x00`), and no field of this API has a use for the others.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * A UTF-16 surrogate without its pair (JSON's "\ud800"): not a character, so not valid UTF-8 either — PostgreSQL
 * refuses it in text and jsonb (`invalid input syntax for type json`, `unsupported Unicode escape sequence`).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MAX_DEPTH = 64;

export type TextProblem = {
  path: (string | number)[];
  reason: 'control_character' | 'lone_surrogate' | 'too_deep';
  message: string;
};

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed.';
export const LONE_SURROGATE_MESSAGE = 'The text is not valid Unicode (a lone surrogate).';

const MESSAGES: Record<TextProblem['reason'], string> = {
  control_character: CONTROL_CHARACTER_MESSAGE,
  lone_surrogate: LONE_SURROGATE_MESSAGE,
  too_deep: 'The value is nested too deeply.',
};

const problem = (path: (string | number)[], reason: TextProblem['reason']): TextProblem => ({
  path,
  reason,
  message: MESSAGES[reason],
});

/** What is wrong with one string, if anything. */
export function textReason(value: string): TextProblem['reason'] | undefined {
  if (FORBIDDEN.test(value)) return 'control_character';
  if (LONE_SURROGATE.test(value)) return 'lone_surrogate';
  return undefined;
}

/**
 * The first string (or object key) holding a forbidden control character or a lone surrogate, or a structure nested deeper than 64
 * levels (no schema of ours goes near that); undefined when the value is clean.
 */
export function findTextProblem(value: unknown, path: (string | number)[] = []): TextProblem | undefined {
  if (typeof value === 'string') {
    const reason = textReason(value);
    return reason ? problem(path, reason) : undefined;
  }
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
    const keyReason = textReason(key);
    if (keyReason) return problem([...path, key], keyReason);
    const found = findTextProblem(v, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * The validator every route schema goes through: the zod validator of fastify-type-provider-zod, preceded by a
 * walk that refuses control characters, lone surrogates (and absurd nesting) anywhere in the body, query string or path parameters (one rule for
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

import { z } from 'zod';

/** Game category codes as typed: "SLOT, live" (empty: every category). */
export const categoriesText = z
  .string()
  .trim()
  .regex(/^([A-Za-z0-9_]{1,32}(\s*,\s*[A-Za-z0-9_]{1,32})*)?$/, 'cashbackAdmin.categoriesInvalid');

/** The typed codes, upper case, each once. */
export const parseCategories = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  ),
];

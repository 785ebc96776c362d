import { amountString, formatMoney, parseAmount } from '@sea/contracts';

export interface AmountRules {
  exponent: number;
  /** Minor units; absent when the amount only has to be above zero. */
  min?: string;
  max?: string;
  /** What may be spent now (minor units); null or absent when not limited by a balance. */
  available?: string | null;
}

/**
 * The problem with a typed major-unit amount as [i18n key, options], or null when it can be sent: the one amount
 * check of the site (the text → minor units conversion is the contracts' parseAmount). `prefix` is the feature's
 * text namespace, which has amountRequired, amountFormat, amountDecimals (and amountRange with min/max, exceeds
 * with `available`).
 */
export function amountProblem(
  text: string,
  rules: AmountRules,
  prefix: string,
): [string, Record<string, string | number>?] | null {
  if (!text.trim()) return [`${prefix}.amountRequired`];
  if (!amountString.safeParse(text).success) return [`${prefix}.amountFormat`];
  let minor: bigint;
  try {
    minor = parseAmount(text, rules.exponent);
  } catch {
    return [`${prefix}.amountDecimals`, { count: rules.exponent }];
  }
  if (minor <= 0n) return [`${prefix}.amountFormat`];
  if (rules.min !== undefined && rules.max !== undefined && (minor < BigInt(rules.min) || minor > BigInt(rules.max))) {
    return [
      `${prefix}.amountRange`,
      { min: formatMoney(rules.min, rules.exponent), max: formatMoney(rules.max, rules.exponent) },
    ];
  }
  if (rules.available !== undefined && rules.available !== null && minor > BigInt(rules.available))
    return [`${prefix}.exceeds`];
  return null;
}

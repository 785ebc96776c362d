/** Money on a game page: the session's currency; stakes and wins are credits of the game (× creditValue). */
export interface PlayMoney {
  currency: string;
  exponent: number;
  /** Minor units one credit is worth. */
  creditValue: bigint;
}

export const creditsToMinor = (m: PlayMoney, credits: number): bigint => BigInt(credits) * m.creditValue;

/**
 * "1,234.50": the site's one money format (formatMoney of @sea/contracts), restated here because importing the
 * contracts' index would load zod into the light game page; money.test.ts holds the two to the same answers.
 */
export function formatMinor(m: Pick<PlayMoney, 'exponent'>, minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  const cents = m.exponent >= 2 ? abs / 10n ** BigInt(m.exponent - 2) : abs * 10n ** BigInt(2 - m.exponent);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}

export const formatCredits = (m: PlayMoney, credits: number): string => formatMinor(m, creditsToMinor(m, credits));

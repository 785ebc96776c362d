import type { TFunction } from 'i18next';

/**
 * A payment method's name in the player's language: the server sends the operator's name (in English); the second
 * language has texts for the methods it knows by code (the demo's SANDBOX and BANK); any other keeps the operator's
 * name.
 */
export function methodName(t: TFunction, code: string, serverName: string): string {
  return t(`deposit.methodNames.${code}`, { defaultValue: serverName });
}

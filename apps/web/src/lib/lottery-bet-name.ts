import type { TFunction } from 'i18next';

/** A bet type's name, fast (lottery.codes) or feed (lottery.feed.codes: VN, Thai, 4D); its code when unknown. */
export function betTypeName(t: TFunction, code: string): string {
  return t(`lottery.codes.${code}`, { defaultValue: t(`lottery.feed.codes.${code}`, { defaultValue: code }) });
}

/**
 * A lottery bet's summary as the bet records send it ("<issue> · <bet code> <selection>") with the bet's name in
 * the player's language instead of its code; any other summary as it is.
 */
export function lotterySummary(t: TFunction, summary: string): string {
  const m = /^(\S+) · (\S+) (.*)$/.exec(summary);
  if (!m) return summary;
  const name = betTypeName(t, m[2]!);
  return name === m[2] ? summary : `${m[1]} · ${name} ${m[3]}`;
}

import type { TFunction } from 'i18next';

/** The hands of video poker as the server writes them (modules/house/house-summary.ts HAND_WORDS) → their keys. */
const HANDS: Record<string, string> = {
  'No win': 'nothing',
  'Jacks or better': 'jacksOrBetter',
  'Two pair': 'twoPair',
  'Three of a kind': 'threeOfAKind',
  Straight: 'straight',
  Flush: 'flush',
  'Full house': 'fullHouse',
  'Four of a kind': 'fourOfAKind',
  'Straight flush': 'straightFlush',
  'Royal flush': 'royalFlush',
};

/**
 * A round summary of our own games in the player's language. The server writes each in English in one of four
 * forms (modules/house/house-summary.ts: "No win"; the slot's "<n> credits · <k> line win(s)[ · <f> free spins]";
 * the scratch card's "Match 3 × <prize> · <n> credits"; video poker's "<hand> · <n> credits"); each form is a key
 * under history.house with the numbers as values. Anything else (a vendor's words, a form this build does not
 * know) is shown as the server wrote it.
 */
export function houseSummary(t: TFunction, summary: string): string {
  const text = (key: string, values: Record<string, string | number> = {}) =>
    t(`history.house.${key}`, { ...values, defaultValue: summary });
  if (summary === 'No win') return text('noWin');
  const slot = /^(\d+) credits · (\d+) line wins?(?: · (\d+) free spins)?$/.exec(summary);
  if (slot) {
    const lines = Number(slot[2]);
    const wins =
      lines === 1 ? text('slotWinOne', { credits: slot[1]! }) : text('slotWin', { credits: slot[1]!, count: lines });
    return slot[3] ? `${wins} · ${text('freeSpins', { count: Number(slot[3]) })}` : wins;
  }
  const scratch = /^Match 3 × (\S+) · (\d+) credits$/.exec(summary);
  if (scratch) return text('scratchWin', { prize: scratch[1]!, credits: scratch[2]! });
  const hand = /^(.+) · (\d+) credits$/.exec(summary);
  const key = hand && HANDS[hand[1]!];
  if (hand && key)
    return text('handWin', { hand: t(`history.house.hands.${key}`, { defaultValue: hand[1]! }), credits: hand[2]! });
  return summary;
}

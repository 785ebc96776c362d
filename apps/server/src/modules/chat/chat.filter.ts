/**
 * The text of a chat message as it is kept and shown (pure functions; chat.filter.test.ts). Messages are plain text
 * rendered as text by the site (never as HTML), so the filter need not escape anything; it removes what could
 * disguise or break a line (control, zero-width and direction-override characters), collapses white space,
 * replaces links and the merchant's blocked words with asterisks.
 */

// C0/C1 controls, zero-width characters, bidi embeddings/overrides/isolates, BOM, soft hyphen, word joiner.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const SPACES = /\s+/gu;

/** NFC, invisible characters removed, runs of white space (line breaks too) made one space, trimmed. */
export function sanitiseText(raw: string): string {
  return raw.normalize('NFC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

const TLDS =
  'com|net|org|io|me|co|cc|vn|th|ph|id|my|sg|xyz|top|app|link|info|biz|ly|gg|tv|bet|vip|club|site|online|shop|live';
/** The rest of a link: no spaces, not ending in sentence punctuation. */
const TAIL = String.raw`(?:\S*[^\s.,!?;:'")\]])`;
/** URLs with a scheme, `www.` hosts and bare host names on common TLDs (t.me/x, example.com/path). */
const LINK = new RegExp(
  String.raw`(?:\b[a-z][a-z0-9+.-]*:\/\/${TAIL})|(?:\bwww\.${TAIL})|(?:\b(?:[a-z0-9-]+\.)+(?:${TLDS})\b(?:[/?#]${TAIL}?)?)`,
  'giu',
);
export const LINK_MASK = '***';

export function maskLinks(text: string): string {
  return text.replace(LINK, LINK_MASK);
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A matcher of the merchant's blocked words, case-insensitive, each replaced by as many asterisks as it has
 * characters (longer words first, so a word containing another is masked whole).
 */
export function blockedWordMasker(words: readonly string[]): (text: string) => string {
  const list = [...new Set(words.map((w) => w.trim().normalize('NFC').toLowerCase()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  if (!list.length) return (t) => t;
  const re = new RegExp(list.map(escapeRegex).join('|'), 'giu');
  return (text) => text.replace(re, (m) => '*'.repeat([...m].length));
}

/** The stored text of a message: sanitised, links masked, blocked words masked. */
export function filterMessage(raw: string, maskBlocked: (text: string) => string): string {
  return maskBlocked(maskLinks(sanitiseText(raw)));
}

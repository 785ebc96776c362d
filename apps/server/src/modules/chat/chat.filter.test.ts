import { describe, expect, it } from 'vitest';
import { blockedWordMasker, filterMessage, maskLinks, sanitiseText } from './chat.filter.ts';

describe('chat text filter', () => {
  it('removes control, zero-width and direction-override characters and collapses white space', () => {
    expect(sanitiseText('  hi\u0000 there\u200B\n\n\tfriend\u202E  ')).toBe('hi there friend');
    expect(sanitiseText('e\u0301')).toBe('é'); // NFC
    expect(sanitiseText('\u200B\u200D \n')).toBe('');
  });

  it('keeps markup as plain text (the site renders it as text, never as HTML)', () => {
    expect(sanitiseText('<img src=x onerror=alert(1)> & <b>')).toBe('<img src=x onerror=alert(1)> & <b>');
  });

  it('masks links with a scheme, www. hosts and bare host names', () => {
    expect(maskLinks('see https://evil.example/x?y=1 now')).toBe('see *** now');
    expect(maskLinks('go www.spam.net please')).toBe('go *** please');
    expect(maskLinks('join t.me/bonus or BIG-WIN.com/promo')).toBe('join *** or ***');
    expect(maskLinks('odds 1.95 and 3.5x, e.g. fine')).toBe('odds 1.95 and 3.5x, e.g. fine');
  });

  it('masks blocked words case-insensitively, longest first, keeping their length', () => {
    const mask = blockedWordMasker(['scam', 'scammer', ' Cheat ']);
    expect(mask('SCAMMER and Scam and cheater')).toBe('******* and **** and *****er');
    expect(blockedWordMasker([])('anything')).toBe('anything');
    expect(blockedWordMasker(['a.b'])('axb a.b')).toBe('axb ***'); // regex characters are literal
  });

  it('filters in order: sanitise, links, blocked words', () => {
    expect(filterMessage(' buy\u200B at scam.com,  scam!\n', blockedWordMasker(['scam']))).toBe('buy at ***, ****!');
  });
});

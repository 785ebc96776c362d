import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import '../../i18n/areas/lottery.ts';
import { lotterySummary } from '../../lib/lottery-bet-name.ts';

describe('lottery bet summaries in the bet records', () => {
  it("name the bet type in the player's language instead of its code; other summaries stay", async () => {
    const t = i18n.getFixedT('en');
    expect(lotterySummary(t, '20261126-0961 · ssc.bsoe.sum big')).toBe('20261126-0961 · Sum of 5 big');
    expect(lotterySummary(t, '20261126-0961 · no.such.code 1')).toBe('20261126-0961 · no.such.code 1');
    expect(lotterySummary(t, '3 dragons on line 7')).toBe('3 dragons on line 7');
    await i18n.loadLanguages('ty');
    expect(lotterySummary(i18n.getFixedT('ty'), '20261126-0961 · ssc.bsoe.sum big')).toBe(
      '20261126-0961 · Tổng 5 số big',
    );
  });
});

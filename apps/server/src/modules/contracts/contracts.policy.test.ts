import { describe, expect, it } from 'vitest';
import type { Tier } from './contract-rules.ts';
import {
  assertDirectDownline,
  assertMayOffer,
  assertOfferedTo,
  assertParty,
  assertTiersValid,
  assertWithinUpline,
} from './contracts.policy.ts';

const agent = { memberId: 10n, isAgent: true };
const code = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { code: string }).code;
  }
};
const tiers = (rates: number[]): Tier[] =>
  rates.map((rateBp, i) => ({
    minValidBet: BigInt(i + 1) * 1000n,
    minActive: i,
    minProfit: 0n,
    rateBp,
    lossRateBp: null,
  }));

describe('contracts policy', () => {
  it('only agents offer, and only to an active direct downline', () => {
    expect(code(() => assertMayOffer({ memberId: 1n, isAgent: false }))).toBe('forbidden');
    expect(code(() => assertMayOffer(agent))).toBeNull();
    expect(code(() => assertDirectDownline(agent, undefined))).toBe('contract_not_direct_downline');
    expect(code(() => assertDirectDownline(agent, { id: 11n, upline_id: 99n, status: 'active' }))).toBe(
      'contract_not_direct_downline',
    );
    expect(code(() => assertDirectDownline(agent, { id: 10n, upline_id: 10n, status: 'active' }))).toBe(
      'contract_not_direct_downline',
    );
    expect(code(() => assertDirectDownline(agent, { id: 11n, upline_id: 10n, status: 'disabled' }))).toBe('forbidden');
    expect(code(() => assertDirectDownline(agent, { id: 11n, upline_id: 10n, status: 'active' }))).toBeNull();
  });
  it("accept/reject are the offered agent's, terminate either party's; others see not found", () => {
    const c = { agent_id: 11n, upline_id: 10n };
    expect(code(() => assertOfferedTo(agent, c))).toBe('contract_not_found');
    expect(code(() => assertOfferedTo({ memberId: 11n, isAgent: true }, c))).toBeNull();
    expect(code(() => assertParty(agent, c))).toBeNull();
    expect(code(() => assertParty({ memberId: 11n, isAgent: true }, c))).toBeNull();
    expect(code(() => assertParty({ memberId: 12n, isAgent: true }, c))).toBe('contract_not_found');
    expect(code(() => assertParty({ memberId: 12n, isAgent: true }, undefined))).toBe('contract_not_found');
  });
  it("tiers are checked, and capped by the upline's own contract", () => {
    expect(code(() => assertTiersValid('daily_wage', tiers([10, 20])))).toBe('contract_tiers_invalid');
    expect(code(() => assertTiersValid('daily_wage', tiers([10, 20, 30])))).toBeNull();
    expect(code(() => assertWithinUpline(tiers([10, 20, 30]), undefined))).toBe('contract_upline_required');
    expect(code(() => assertWithinUpline(tiers([10, 20, 31]), { tiers: tiers([10, 20, 30]) }))).toBe(
      'contract_rate_exceeds_upline',
    );
    expect(code(() => assertWithinUpline(tiers([10, 20, 30]), { tiers: tiers([10, 20, 30]) }))).toBeNull();
  });
});

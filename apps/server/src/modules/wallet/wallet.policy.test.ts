import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import {
  assertInOwnDownline,
  assertMayReachDownline,
  assertVendorAccepts,
  requireUpline,
  transferRoute,
} from './wallet.policy.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : 'other';
  }
};

describe('wallet policy', () => {
  it('routes main ↔ vendor only', () => {
    expect(transferRoute('MAIN', 'saba')).toEqual({ direction: 'to_vendor', vendorCode: 'SABA' });
    expect(transferRoute(' evo ', 'main')).toEqual({ direction: 'from_vendor', vendorCode: 'EVO' });
    expect(codeOf(() => transferRoute('EVO', 'SABA'))).toBe('transfer_not_supported');
    expect(codeOf(() => transferRoute('main', 'MAIN'))).toBe('transfer_not_supported');
    expect(codeOf(() => transferRoute('MAIN', 'a b'))).toBe('not_found');
  });

  it('accepts transfer vendors; money may leave a closed one but not enter it', () => {
    const to = { direction: 'to_vendor', vendorCode: 'X' } as const;
    const from = { direction: 'from_vendor', vendorCode: 'X' } as const;
    expect(codeOf(() => assertVendorAccepts(to, { wallet_mode: 'transfer', status: 'active' }))).toBe('ok');
    expect(codeOf(() => assertVendorAccepts(to, { wallet_mode: 'seamless', status: 'active' }))).toBe(
      'transfer_not_supported',
    );
    expect(codeOf(() => assertVendorAccepts(to, { wallet_mode: 'transfer', status: 'disabled' }))).toBe(
      'transfer_not_supported',
    );
    expect(codeOf(() => assertVendorAccepts(from, { wallet_mode: 'transfer', status: 'disabled' }))).toBe('ok');
    expect(codeOf(() => assertVendorAccepts(to, undefined))).toBe('not_found');
  });

  it('holds the hierarchy rule', () => {
    const agent = { memberId: 1n, isAgent: true };
    expect(codeOf(() => assertMayReachDownline({ memberId: 2n, isAgent: false }))).toBe('forbidden');
    expect(codeOf(() => assertMayReachDownline(agent))).toBe('ok');
    expect(codeOf(() => assertInOwnDownline(agent, undefined))).toBe('not_in_hierarchy');
    expect(codeOf(() => assertInOwnDownline(agent, { id: 1n }))).toBe('not_in_hierarchy');
    expect(codeOf(() => assertInOwnDownline(agent, { id: 5n }))).toBe('ok');
    expect(codeOf(() => requireUpline(null))).toBe('not_in_hierarchy');
    expect(requireUpline(9n)).toBe(9n);
  });
});

import type { ReferralOverview } from '@sea/contracts';
import { apiGet } from './client.ts';
import { useMemberQuery } from './member-query.ts';

/** The member's referral code, link, the programme's rules, friends and rewards (GET /wps/referral). */
export const useReferral = () => useMemberQuery(['referral'], [], () => apiGet<ReferralOverview>('/wps/referral'));

import type { KycDocumentStatus, KycOverallStatus } from '@sea/contracts';
import type { Tone } from './Badge.tsx';

/** Identity documents' tones (shared by features/kyc and features/members): pending waits for staff, approved is good. */
export const kycTone: Record<KycDocumentStatus, Tone> = { pending: 'warn', approved: 'good', rejected: 'bad' };
export const kycOverallTone: Record<KycOverallStatus, Tone> = {
  none: 'neutral',
  incomplete: 'neutral',
  pending: 'warn',
  rejected: 'bad',
  approved: 'good',
};

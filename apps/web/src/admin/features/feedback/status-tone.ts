import type { FeedbackStatus } from '@sea/contracts';
import type { Tone } from '../../components/Badge.tsx';

/** New feedback waits for staff (warn); answered is done (good); closed is over (neutral). */
export const feedbackTone: Record<FeedbackStatus, Tone> = { new: 'warn', answered: 'good', closed: 'neutral' };

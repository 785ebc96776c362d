import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';
import type { FeedbackQuestionType, FeedbackStatus } from '@sea/contracts';

export interface MemberFeedbackTable {
  id: Int8Id;
  /** Public reference FBK-XXXXXXXX (the API and the audit log name feedback only by it). */
  reference: string;
  merchant_id: Int8;
  member_id: Int8;
  question_type: FeedbackQuestionType;
  content: string;
  status: Generated<FeedbackStatus>;
  image_count: Generated<number>;
  reply: string | null;
  reply_message_id: Int8 | null;
  replied_at: Date | null;
  closed_at: Date | null;
  handled_by: Int8 | null;
  handled_by_name: string | null;
  created_at: CreatedAt;
}

export interface MemberFeedbackImagesTable {
  feedback_id: Int8;
  position: number;
  content_type: 'image/png' | 'image/jpeg';
  content: Uint8Array;
}

export interface FeedbackTables {
  member_feedback: MemberFeedbackTable;
  member_feedback_images: MemberFeedbackImagesTable;
}

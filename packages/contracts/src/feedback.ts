import { z } from 'zod';

/**
 * Member feedback (spec §2 "help / feedback", §5: content between {0} and {1} words; png or jpg images, at most 3,
 * 5 MB each; §7 `PUT /wps/feedback` {question type, content}). Staff answer it in the back office: the reply reaches
 * the member as a message (the messages inbox) and the feedback becomes "answered"; closing ends it.
 */
export const FEEDBACK_MIN_WORDS = 5;
export const FEEDBACK_MAX_WORDS = 300;
export const FEEDBACK_MAX_CHARS = 5000;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_REPLY_MAX_CHARS = 5000;

export const FEEDBACK_QUESTION_TYPES = [
  'deposit',
  'withdrawal',
  'games',
  'account',
  'promotion',
  'suggestion',
  'other',
] as const;
export const feedbackQuestionType = z.enum(FEEDBACK_QUESTION_TYPES);
export type FeedbackQuestionType = z.infer<typeof feedbackQuestionType>;

export const FEEDBACK_STATUSES = ['new', 'answered', 'closed'] as const;
export const feedbackStatus = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof feedbackStatus>;

/** Words as the member sees them: runs of non-space characters (Vietnamese and Thai-with-spaces count per word). */
export const countWords = (text: string): number => text.trim().split(/\s+/u).filter(Boolean).length;

export const feedbackWordsMessage = `Feedback content is between ${FEEDBACK_MIN_WORDS} and ${FEEDBACK_MAX_WORDS} words.`;

/** The text fields of `PUT /wps/feedback` (multipart with up to 3 image parts named `images`, or JSON without images). */
export const feedbackRequest = z.object({
  questionType: feedbackQuestionType,
  content: z
    .string()
    .max(FEEDBACK_MAX_CHARS, feedbackWordsMessage)
    .refine((c) => {
      const n = countWords(c);
      return n >= FEEDBACK_MIN_WORDS && n <= FEEDBACK_MAX_WORDS;
    }, feedbackWordsMessage),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;

export const feedbackItem = z.object({
  /** Public reference, FBK-XXXXXXXX. */
  reference: z.string(),
  questionType: feedbackQuestionType,
  content: z.string(),
  status: feedbackStatus,
  imageCount: z.number().int(),
  /** The staff's answer (also sent as a message), or null. */
  reply: z.string().nullable(),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const feedbackPage = z.object({
  list: z.array(feedbackItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type FeedbackPage = z.infer<typeof feedbackPage>;

// ---- back office ----

export const adminFeedbackQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: feedbackStatus.optional(),
  questionType: feedbackQuestionType.optional(),
  /** The member's account, exactly. */
  account: z.string().trim().min(1).max(64).optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuery>;

export const adminFeedbackItem = feedbackItem.extend({
  account: z.string(),
  /** The staff member who answered or closed it last, or null. */
  handledBy: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItem>;
export const adminFeedbackList = z.object({
  list: z.array(adminFeedbackItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminFeedbackList = z.infer<typeof adminFeedbackList>;

/** One feedback with its images (data URIs of the re-encoded JPEGs). */
export const adminFeedbackDetail = adminFeedbackItem.extend({ images: z.array(z.string()) });
export type AdminFeedbackDetail = z.infer<typeof adminFeedbackDetail>;

export const feedbackReplyRequest = z.object({
  reply: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX_CHARS),
});
export type FeedbackReplyRequest = z.infer<typeof feedbackReplyRequest>;

import {
  countWords,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_WORDS,
  FEEDBACK_MIN_WORDS,
  feedbackQuestionType,
} from '@sea/contracts';
import { z } from 'zod';
import { imageFile, message } from '../../lib/validation.ts';

const image = imageFile({ required: null, type: 'feedback.imageType', size: 'feedback.imageSize' });
const words = message('feedback.words', { min: FEEDBACK_MIN_WORDS, max: FEEDBACK_MAX_WORDS });

/** The feedback form: question type, content (the server's word bounds), up to 3 optional PNG/JPG images ≤ 5 MB. */
export const feedbackSchema = z.object({
  questionType: z.union([feedbackQuestionType, z.literal('')]).refine((v) => v !== '', 'feedback.typeRequired'),
  content: z
    .string()
    .max(FEEDBACK_MAX_CHARS, words)
    .refine((c) => {
      const n = countWords(c);
      return n >= FEEDBACK_MIN_WORDS && n <= FEEDBACK_MAX_WORDS;
    }, words),
  image1: image,
  image2: image,
  image3: image,
});
export type FeedbackFormValues = z.input<typeof feedbackSchema>;

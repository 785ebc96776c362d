import { ACTIVITY_COMMENT_MAX, visibleLength } from '@sea/contracts';
import { z } from 'zod';
import { imageFile } from '../../lib/validation.ts';

const image = imageFile({ required: null, type: 'join.imageType', size: 'join.imageSize' });

/** The activity application: a comment (≤ 140 characters as seen), up to 3 optional PNG/JPG images ≤ 5 MB. */
export const applySchema = z.object({
  comment: z
    .string()
    .refine((c) => c.trim().length > 0, 'join.commentRequired')
    .refine((c) => visibleLength(c.trim()) <= ACTIVITY_COMMENT_MAX, 'join.commentTooLong'),
  image1: image,
  image2: image,
  image3: image,
});
export type ApplyFormValues = z.input<typeof applySchema>;
export const EMPTY_APPLICATION: ApplyFormValues = { comment: '', image1: null, image2: null, image3: null };

import { KYC_MAX_BYTES } from '@sea/contracts';
import { z } from 'zod';

/** What the file input offers; the server decides by the content (kyc.file-check.ts). */
export const KYC_ACCEPT = 'image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf';
const TYPES = ['image/png', 'image/jpeg', 'application/pdf'];

/** One document's upload: a PNG, JPG or PDF of at most 5 MB (checked again, by content, on the server). */
export const kycUploadSchema = z.object({
  file: z.custom<File | null>().superRefine((file, ctx) => {
    if (!(file instanceof File)) return void ctx.addIssue({ code: 'custom', message: 'kyc.chooseFile' });
    if (!TYPES.includes(file.type)) ctx.addIssue({ code: 'custom', message: 'errors.kyc_file_type' });
    else if (file.size > KYC_MAX_BYTES) ctx.addIssue({ code: 'custom', message: 'errors.kyc_file_too_large' });
  }),
});
export type KycUploadValues = z.input<typeof kycUploadSchema>;

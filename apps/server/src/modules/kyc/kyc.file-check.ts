import { KYC_MAX_BYTES } from '@sea/contracts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { reencodeForWeb } from '../../lib/image.ts';
import type { KycContentType } from './kyc.tables.ts';

/** Longest side of a stored document image: enough to read a card's small print. */
const MAX_SIDE = 2400;
const PDF_HEADER = /^%PDF-[12]\.\d/;

/**
 * What a member's upload is, by its content (never its name or declared type): a PNG or JPEG is decoded and
 * re-encoded (metadata and anything appended dropped; lib/image.ts), a PDF must start with a PDF header and end with
 * its end-of-file marker (kept as sent: staff download it, nothing renders it on the site). Anything else, an empty
 * file or one over 5 MB is refused with a kyc_* code before anything is written.
 */
export async function checkKycFile(input: Uint8Array): Promise<{ contentType: KycContentType; content: Buffer }> {
  if (input.length === 0) throw new AppError('kyc_file_missing');
  if (input.length > KYC_MAX_BYTES) throw new AppError('kyc_file_too_large');
  const head = Buffer.from(input.subarray(0, 16)).toString('latin1');
  if (PDF_HEADER.test(head)) {
    const tail = Buffer.from(input.subarray(Math.max(0, input.length - 2048))).toString('latin1');
    if (!tail.includes('%%EOF')) throw new AppError('kyc_file_type', 'The PDF file is incomplete or damaged.');
    return { contentType: 'application/pdf', content: Buffer.from(input) };
  }
  try {
    const image = await reencodeForWeb(input, MAX_SIDE);
    return { contentType: image.format === 'png' ? 'image/png' : 'image/jpeg', content: image.data };
  } catch (e) {
    if (isAppError(e) && e.code === 'payload_too_large') throw new AppError('kyc_file_too_large');
    if (isAppError(e) && e.code === 'unsupported_media_type') throw new AppError('kyc_file_type');
    throw e;
  }
}

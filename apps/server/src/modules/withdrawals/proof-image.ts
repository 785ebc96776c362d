import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (buf: Uint8Array, magic: number[]) => magic.every((b, i) => buf[i] === b);

/**
 * A "not received" proof: PNG or JPEG by magic bytes (never the name or declared type), at most 5 MB, re-encoded
 * to a JPEG of at most 2000 px a side so metadata and anything smuggled in the upload are dropped, while the
 * operator can still read a bank screenshot.
 */
export async function reencodeProof(input: Uint8Array): Promise<Buffer> {
  if (input.length > PROOF_MAX_BYTES) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
  if (!startsWith(input, PNG) && !startsWith(input, JPEG))
    throw new AppError('unsupported_media_type', 'Only PNG or JPG images are accepted.');
  try {
    return await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(2000, 2000, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('unsupported_media_type', 'The image could not be read.');
  }
}

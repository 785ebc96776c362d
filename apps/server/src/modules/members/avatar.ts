import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (buf: Uint8Array, magic: number[]) => magic.every((b, i) => buf[i] === b);

/**
 * Accepts PNG or JPEG by their magic bytes (never the file name or declared type), at most 5 MB, and
 * re-encodes to a 256×256 PNG: metadata and anything smuggled in the original are dropped.
 */
export async function reencodeAvatar(input: Uint8Array): Promise<Buffer> {
  if (input.length > AVATAR_MAX_BYTES) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
  if (!startsWith(input, PNG) && !startsWith(input, JPEG))
    throw new AppError('unsupported_media_type', 'Only PNG or JPG images are accepted.');
  try {
    return await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(256, 256, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('unsupported_media_type', 'The image could not be read.');
  }
}

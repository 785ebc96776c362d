import sharp from 'sharp';
import { AppError } from './errors.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (buf: Uint8Array, magic: number[]) => magic.every((b, i) => buf[i] === b);

export type ImageOutput =
  /** A square PNG of `size` px (avatars). */
  | { format: 'png'; size: number }
  /** A JPEG of at most `maxSide` px a side, never enlarged (receipts, proofs: an operator must read them). */
  | { format: 'jpeg'; maxSide: number };

/**
 * Every uploaded image goes through here: PNG or JPEG by its magic bytes (never the file name or declared
 * type), at most 5 MB, decoded and re-encoded, so metadata and anything appended to or smuggled in the upload
 * are dropped and only pixels come back.
 */
export async function reencodeImage(input: Uint8Array, out: ImageOutput): Promise<Buffer> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
  if (!startsWith(input, PNG) && !startsWith(input, JPEG))
    throw new AppError('unsupported_media_type', 'Only PNG or JPG images are accepted.');
  try {
    const img = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).rotate();
    if (out.format === 'png') return await img.resize(out.size, out.size, { fit: 'cover' }).png().toBuffer();
    return await img
      .resize(out.maxSide, out.maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('unsupported_media_type', 'The image could not be read.');
  }
}

/**
 * Images the site shows as they were made (banners, icons): PNG stays PNG (transparency kept), JPEG stays JPEG,
 * at most `maxSide` px a side, never enlarged; the same checks and re-encoding as reencodeImage.
 */
export async function reencodeForWeb(
  input: Uint8Array,
  maxSide: number,
): Promise<{ data: Buffer; format: 'png' | 'jpeg'; width: number; height: number }> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
  const png = startsWith(input, PNG);
  if (!png && !startsWith(input, JPEG))
    throw new AppError('unsupported_media_type', 'Only PNG or JPG images are accepted.');
  try {
    const img = sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    const out = png
      ? await img.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await img.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true });
    return { data: out.data, format: png ? 'png' : 'jpeg', width: out.info.width, height: out.info.height };
  } catch {
    throw new AppError('unsupported_media_type', 'The image could not be read.');
  }
}

import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (buf: Uint8Array, magic: number[]) => magic.every((b, i) => buf[i] === b);

/**
 * A transfer receipt: PNG or JPEG by its magic bytes (never the file name or declared type), at most 5 MB, and
 * readable as an image. Kept as uploaded (it is evidence); served to operators only with its checked type.
 */
export async function checkReceipt(input: Uint8Array): Promise<'image/png' | 'image/jpeg'> {
  if (input.length === 0)
    throw new AppError('validation_failed', 'Attach the transfer receipt.', {
      in: 'body',
      fields: [{ field: 'receipt', reason: 'required', message: 'Attach the transfer receipt.' }],
    });
  if (input.length > RECEIPT_MAX_BYTES) throw new AppError('payload_too_large', 'Images must be 5 MB or smaller.');
  const type = startsWith(input, PNG) ? 'image/png' : startsWith(input, JPEG) ? 'image/jpeg' : null;
  if (!type) throw new AppError('unsupported_media_type', 'Only PNG or JPG images are accepted.');
  try {
    const meta = await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).metadata();
    if (meta.format !== (type === 'image/png' ? 'png' : 'jpeg') || !meta.width || !meta.height)
      throw new Error('not an image');
    // Decoding the pixels catches truncated files that still have a valid header.
    await sharp(input, { limitInputPixels: 40_000_000, failOn: 'error' }).resize(8, 8).raw().toBuffer();
  } catch {
    throw new AppError('unsupported_media_type', 'The image could not be read.');
  }
  return type;
}

import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { reencodeForWeb } from '../../lib/image.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { MediaRepository } from './media.repository.ts';

/** Longest side of a stored image (a 2× banner on a 1366 px screen). */
export const MEDIA_MAX_SIDE = 2400;
const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
const FILE = /^([0-9a-f]{64})\.(png|jpg)$/;

export interface StoredMedia {
  /** /media/<sha256>.<ext>: content-hashed, served with an immutable cache header. */
  url: string;
  contentType: 'image/png' | 'image/jpeg';
  bytes: number;
  width: number;
  height: number;
}

export interface MediaFile {
  sha256: string;
  contentType: string;
  bytes: Uint8Array;
}

export function createMediaService(deps: { repo: MediaRepository }) {
  const { repo } = deps;
  // The bytes behind a hash never change, so a process may keep the hot ones (banners) in memory.
  const hot = new TtlCache<MediaFile | null>(10 * 60_000, Date.now, 200);
  return {
    /**
     * Stores an uploaded image (PNG/JPEG by magic bytes, ≤ 5 MB, re-encoded and fitted within `maxSide`) and returns
     * its URL. Idempotent: the same image gives the same URL and one row.
     */
    async put(input: Uint8Array, opts: { maxSide?: number } = {}): Promise<StoredMedia> {
      const image = await reencodeForWeb(input, opts.maxSide ?? MEDIA_MAX_SIDE);
      const contentType = image.format === 'png' ? 'image/png' : 'image/jpeg';
      const sha256 = createHash('sha256').update(image.data).digest('hex');
      await repo.put({
        sha256,
        content_type: contentType,
        bytes: image.data,
        size: image.data.length,
        width: image.width,
        height: image.height,
      });
      return {
        url: `/media/${sha256}.${EXTENSIONS[contentType]}`,
        contentType,
        bytes: image.data.length,
        width: image.width,
        height: image.height,
      };
    },

    /** The image behind a `/media/<file>` name, or media_not_found (also for a wrong extension). */
    async get(file: string): Promise<MediaFile> {
      const m = FILE.exec(file);
      if (!m) throw new AppError('media_not_found');
      const [, sha256, ext] = m as unknown as [string, string, string];
      const found = await hot.get(sha256, async () => {
        const row = await repo.find(sha256);
        return row ? { sha256, contentType: row.content_type, bytes: row.bytes } : null;
      });
      if (!found || EXTENSIONS[found.contentType as keyof typeof EXTENSIONS] !== ext)
        throw new AppError('media_not_found');
      return found;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

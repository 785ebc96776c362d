import type {
  BannerGroup,
  BannerList,
  BannerWriteRequest,
  NoticeList,
  NoticeType,
  NoticeWriteRequest,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { MediaModule } from '../media/index.ts';
import { presentAdminBanner, presentAdminNotice, presentBanner, presentNotice } from './content.presenters.ts';
import type { BannerRow, ContentRepository, NoticeRow } from './content.repository.ts';
import type { ContentTables } from './content.tables.ts';

type Db = Kysely<ContentTables>;
/** Writes the operator's audit record inside the action's own transaction. */
export type AuditHook = (trx: Db, target: { kind: 'banner' | 'notice'; id: bigint }) => Promise<void>;

/**
 * How long a process serves the shown content from memory. A write clears this process's copy at once and is
 * published on the cache bus (Redis pub/sub when REDIS_URL is set), so the other processes drop theirs at once too;
 * the TTL is only the safety net while Redis is unreachable.
 */
export const CONTENT_CACHE_MS = 5_000;
/** The cache-bus topic a content write publishes. */
const CONTENT_TOPIC = 'content';

/** Only the languages that have something written are kept (an empty form section is no translation). */
function compactTexts<T extends Record<string, string>>(texts: Partial<Record<string, T>>): string {
  const kept = Object.entries(texts).filter(([, t]) => t && Object.values(t).some((v) => v.length > 0));
  return JSON.stringify(Object.fromEntries(kept));
}

function periodOf(req: { startsAt?: string; endsAt?: string }, start: Date) {
  const starts_at = req.startsAt ? new Date(req.startsAt) : start;
  const ends_at = req.endsAt ? new Date(req.endsAt) : null;
  // An update may keep the stored start, which the request's own check does not see.
  if (ends_at && ends_at <= starts_at) throw new AppError('content_period_invalid');
  return { starts_at, ends_at };
}

const bannerFields = (req: BannerWriteRequest, start: Date) => ({
  group_name: req.groupName,
  image_url: req.imageUrl,
  linkage_type: req.linkageType,
  linkage_target: req.linkageType === 'none' ? null : (req.linkageTarget ?? null),
  texts: compactTexts(req.texts),
  sort: req.sort,
  published: req.published,
  ...periodOf(req, start),
});

const noticeFields = (req: NoticeWriteRequest, start: Date) => ({
  type: req.type,
  audience: req.type === 'PU' ? req.audience : ('all' as const),
  promotion_id: req.type === 'PR' && req.promotionId ? BigInt(req.promotionId) : null,
  texts: compactTexts(req.texts),
  sort: req.sort,
  published: req.published,
  ...periodOf(req, start),
});

export function createContentService(deps: {
  db: Db;
  repo: ContentRepository;
  media: Pick<MediaModule, 'put'>;
  clock: () => Date;
  bus?: CacheBus;
}) {
  const { db, repo, clock } = deps;
  const banners = new TtlCache<BannerRow[]>(CONTENT_CACHE_MS);
  const notices = new TtlCache<NoticeRow[]>(CONTENT_CACHE_MS);
  const forget = () => {
    banners.clear();
    notices.clear();
  };
  deps.bus?.on(CONTENT_TOPIC, forget);
  /** After the commit (never before: another process must not re-read the old rows into its cache). */
  const written = async <T>(work: (trx: Db) => Promise<T>): Promise<T> => {
    const result = await db.transaction().execute(work);
    forget();
    deps.bus?.publish(CONTENT_TOPIC);
    return result;
  };

  return {
    /** The banners of a group shown now, texts in `language` (fallback: the merchant's default). */
    async banners(merchant: Merchant, group: BannerGroup, language: string | undefined): Promise<BannerList> {
      const rows = await banners.get(`${merchant.id}:${group}`, () => repo.shownBanners(merchant.id, group, clock()));
      return { list: rows.map((r) => presentBanner(r, language, merchant.defaultLanguage)) };
    },

    /** The notices of the given types shown now (the marquee, the notice and public popups). */
    async notices(merchant: Merchant, types: NoticeType[], language: string | undefined): Promise<NoticeList> {
      const key = `${merchant.id}:${[...types].sort().join(',')}`;
      const rows = await notices.get(key, () => repo.shownNotices(merchant.id, types, clock()));
      return { list: rows.map((r) => presentNotice(r, language, merchant.defaultLanguage)) };
    },

    adminBanners: async (merchant: Merchant, group?: BannerGroup) => ({
      list: (await repo.adminBanners(merchant.id, group)).map(presentAdminBanner),
    }),

    adminNotices: async (merchant: Merchant, type?: NoticeType) => ({
      list: (await repo.adminNotices(merchant.id, type)).map(presentAdminNotice),
    }),

    /** An image for a banner: stored in the media store, its URL returned. */
    uploadImage: (file: Uint8Array) => deps.media.put(file),

    async createBanner(merchant: Merchant, adminId: bigint, req: BannerWriteRequest, audit: AuditHook) {
      const fields = bannerFields(req, clock());
      return written(async (trx) => {
        const row = await repo.insertBanner(trx, { ...fields, merchant_id: merchant.id, created_by: adminId });
        await audit(trx, { kind: 'banner', id: row.id });
        return presentAdminBanner(row);
      });
    },

    async updateBanner(merchant: Merchant, id: bigint, req: BannerWriteRequest, audit: AuditHook) {
      return written(async (trx) => {
        const current = await repo.lockBanner(trx, merchant.id, id);
        if (!current) throw new AppError('content_not_found');
        const row = await repo.updateBanner(trx, id, { ...bannerFields(req, current.starts_at), updated_at: clock() });
        await audit(trx, { kind: 'banner', id });
        return presentAdminBanner(row);
      });
    },

    /** Publish / unpublish, or delete (gone for everyone at once; the row stays for the audit log). */
    async setBanner(merchant: Merchant, id: bigint, change: { published: boolean } | 'delete', audit: AuditHook) {
      return written(async (trx) => {
        if (!(await repo.lockBanner(trx, merchant.id, id))) throw new AppError('content_not_found');
        const now = clock();
        const row = await repo.updateBanner(
          trx,
          id,
          change === 'delete' ? { deleted_at: now, updated_at: now } : { published: change.published, updated_at: now },
        );
        await audit(trx, { kind: 'banner', id });
        return presentAdminBanner(row);
      });
    },

    async createNotice(merchant: Merchant, adminId: bigint, req: NoticeWriteRequest, audit: AuditHook) {
      const fields = noticeFields(req, clock());
      return written(async (trx) => {
        const row = await repo.insertNotice(trx, { ...fields, merchant_id: merchant.id, created_by: adminId });
        await audit(trx, { kind: 'notice', id: row.id });
        return presentAdminNotice(row);
      });
    },

    async updateNotice(merchant: Merchant, id: bigint, req: NoticeWriteRequest, audit: AuditHook) {
      return written(async (trx) => {
        const current = await repo.lockNotice(trx, merchant.id, id);
        if (!current) throw new AppError('content_not_found');
        const row = await repo.updateNotice(trx, id, { ...noticeFields(req, current.starts_at), updated_at: clock() });
        await audit(trx, { kind: 'notice', id });
        return presentAdminNotice(row);
      });
    },

    async setNotice(merchant: Merchant, id: bigint, change: { published: boolean } | 'delete', audit: AuditHook) {
      return written(async (trx) => {
        if (!(await repo.lockNotice(trx, merchant.id, id))) throw new AppError('content_not_found');
        const now = clock();
        const row = await repo.updateNotice(
          trx,
          id,
          change === 'delete' ? { deleted_at: now, updated_at: now } : { published: change.published, updated_at: now },
        );
        await audit(trx, { kind: 'notice', id });
        return presentAdminNotice(row);
      });
    },

    /** Drops this process's copy of the shown content (tests; a write does it itself). */
    forget,
  };
}

export type ContentService = ReturnType<typeof createContentService>;

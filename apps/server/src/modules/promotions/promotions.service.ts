import type { PromotionDetail, PromotionList, PromotionWriteRequest } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { parseTranslations, storeTranslations, translated } from '../../lib/translations.ts';
import type { PromotionFields, PromotionRow, PromotionsRepository } from './promotions.repository.ts';
import type { PromotionsTables } from './promotions.tables.ts';

type Db = Kysely<PromotionsTables>;
/** Writes the operator's audit record inside the action's own transaction. */
export type AuditHook = (trx: Db, row: { id: bigint; title: string }) => Promise<void>;

const presentAdmin = (r: PromotionRow) => ({
  id: String(r.id),
  title: r.title,
  content: r.content,
  translations: parseTranslations(r.translations),
  imageUrl: r.image_url,
  category: r.category,
  sort: r.sort,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

type ItemRow = Pick<PromotionRow, 'id' | 'title' | 'translations' | 'image_url' | 'category' | 'starts_at' | 'ends_at'>;
/** The reader's language picks the title (lib/translations.ts: its translation, else the default text). */
const presentItem = (r: ItemRow, language: string | undefined) => ({
  id: String(r.id),
  title: translated(r, language).title,
  imageUrl: r.image_url,
  category: r.category,
  startsAt: r.starts_at.getTime(),
  endsAt: r.ends_at?.getTime() ?? null,
});

/** The fields of a write; the start defaults to `start` (now, or the promotion's own on an update). */
function fieldsOf(req: PromotionWriteRequest, start: Date): PromotionFields {
  const starts_at = req.startsAt ? new Date(req.startsAt) : start;
  const ends_at = req.endsAt ? new Date(req.endsAt) : null;
  // The request's own check sees both ends only when both are given; an update may keep the stored start.
  if (ends_at && ends_at <= starts_at) throw new AppError('promotion_period_invalid');
  return {
    title: req.title,
    content: req.content,
    // A PUT that does not name the translations keeps them (a client that knows none cannot wipe them).
    ...(req.translations !== undefined && { translations: storeTranslations(req.translations) }),
    image_url: req.imageUrl ?? null,
    category: req.category ?? null,
    starts_at,
    ends_at,
  };
}

export function createPromotionsService(deps: { db: Db; repo: PromotionsRepository; clock: () => Date }) {
  const { db, repo, clock } = deps;
  const adminList = async (merchant: Merchant) => ({ list: (await repo.adminList(merchant.id)).map(presentAdmin) });
  return {
    /** The merchant's current promotions, in the operator's order, titles in the reader's language. */
    async list(merchant: Merchant, language?: string): Promise<PromotionList> {
      return { list: (await repo.listShown(merchant.id, clock())).map((r) => presentItem(r, language)) };
    },

    /**
     * Title and window of the merchant's promotions by id, withdrawn ones included (bonus money: its claims and
     * offers); `current`: shown now.
     */
    async facts(merchantId: bigint, ids: bigint[], language?: string) {
      const now = clock();
      return (await repo.facts(merchantId, ids)).map((r) => ({
        id: r.id,
        title: language === undefined ? r.title : translated(r, language).title,
        imageUrl: r.image_url,
        category: r.category,
        withdrawn: r.withdrawn_at !== null,
        startsAt: r.starts_at,
        endsAt: r.ends_at,
        current: r.withdrawn_at === null && r.starts_at <= now && (r.ends_at === null || r.ends_at > now),
      }));
    },

    /** One current promotion with its HTML content, in the reader's language (else the default text). */
    async detail(merchant: Merchant, id: bigint, language?: string): Promise<PromotionDetail> {
      const r = await repo.findShown(merchant.id, id, clock());
      if (!r) throw new AppError('promotion_not_found');
      return { ...presentItem(r, language), content: translated(r, language).content };
    },

    /** The operator publishes a promotion (audited in the same transaction). */
    async create(merchant: Merchant, adminId: bigint, req: PromotionWriteRequest, audit: AuditHook) {
      const fields = fieldsOf(req, clock());
      return db.transaction().execute(async (trx) => {
        const row = await repo.insert(trx, {
          translations: '{}',
          ...fields,
          merchant_id: merchant.id,
          created_by: adminId,
        });
        await audit(trx, row);
        return presentAdmin(row);
      });
    },

    /** The operator replaces a promotion's fields (audited in the same transaction). */
    async update(merchant: Merchant, id: bigint, req: PromotionWriteRequest, audit: AuditHook) {
      return db.transaction().execute(async (trx) => {
        const current = await repo.findLive(trx, merchant.id, id);
        if (!current) throw new AppError('promotion_not_found');
        const row = await repo.update(trx, id, fieldsOf(req, current.starts_at), clock());
        await audit(trx, row);
        return presentAdmin(row);
      });
    },

    /** The operator's order of the shown promotions; every id must be a live promotion of the merchant. */
    async reorder(merchant: Merchant, ids: bigint[], audit: (trx: Db) => Promise<void>) {
      await db.transaction().execute(async (trx) => {
        const live = new Set(await repo.lockLive(trx, merchant.id, ids));
        const missing = ids.find((id) => !live.has(id));
        if (missing !== undefined) throw new AppError('promotion_not_found', undefined, { id: String(missing) });
        await repo.reorder(trx, merchant.id, ids, clock());
        await audit(trx);
      });
      return adminList(merchant);
    },

    adminList,

    /** The operator withdraws one (gone for everyone at once; audited in the same transaction). */
    async withdraw(merchant: Merchant, id: bigint, audit: (trx: Db) => Promise<void>): Promise<{ withdrawn: true }> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.withdraw(trx, merchant.id, id, clock()))) throw new AppError('promotion_not_found');
        await audit(trx);
        return { withdrawn: true as const };
      });
    },

    /** The demo merchant's two promotions (only while it has never had any). */
    async seedDemo(merchantId: bigint): Promise<void> {
      if (await repo.any(merchantId)) return;
      await db.transaction().execute(async (trx) => {
        for (const p of DEMO_PROMOTIONS)
          await repo.insert(trx, {
            ...p,
            merchant_id: merchantId,
            translations: '{}',
            created_by: null,
            starts_at: clock(),
            ends_at: null,
          });
      });
    },
  };
}

const DEMO_PROMOTIONS = [
  {
    title: 'Welcome bonus: 100% on your first deposit',
    category: 'NEW',
    image_url: '/promotions/welcome.svg',
    content:
      '<p>New members get a <b>100% bonus</b> on their first deposit, up to 5,000.00.</p>' +
      '<ul><li>Press <b>Join</b> on this promotion, then deposit at least 100.00 in the member centre.</li>' +
      '<li>The bonus is credited to your bonus balance once your deposit is confirmed.</li>' +
      '<li>The bonus must be wagered 10 times within 30 days (slots count in full, table games 20%, live 10%) before it can be withdrawn: it then moves to your main balance. Follow it in Member centre › Bonus.</li></ul>',
  },
  {
    title: 'Daily rebate on every valid bet',
    category: 'REBATE',
    image_url: '/promotions/rebate.svg',
    content:
      '<p>Every valid bet earns a rebate, paid the moment you ask for it.</p>' +
      '<p>Open <b>Member centre › Rebate</b> to see today’s rebate and claim it; it goes straight to your balance.</p>',
  },
];

export type PromotionsService = ReturnType<typeof createPromotionsService>;

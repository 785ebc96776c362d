import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { MediaModule, StoredMedia } from '../media/index.ts';
import type { ContentRepository } from './content.repository.ts';
import type { ContentTables } from './content.tables.ts';

/** The demo site's home banners as they looked when they were hard-coded: a gradient with a title and a line. */
const DEMO_BANNERS = [
  {
    colours: ['#7b2ff7', '#f107a3'],
    link: { type: 'game', target: '/lottery' },
    en: { title: 'Lottery every minute', text: 'ELOTT draws every 1, 3 and 5 minutes.' },
    ty: { title: 'Xổ số mỗi phút', text: 'ELOTT quay thưởng mỗi 1, 3 và 5 phút.' },
    tl: { title: 'Lotto kada minuto', text: 'May bola ang ELOTT kada 1, 3 at 5 minuto.' },
  },
  {
    colours: ['#0f766e', '#1d4ed8'],
    link: { type: 'game', target: '/live' },
    en: { title: 'Live casino', text: 'Baccarat and more table games.' },
    ty: { title: 'Sòng bài trực tiếp', text: 'Baccarat và nhiều trò chơi bàn khác.' },
    tl: { title: 'Live casino', text: 'Baccarat at iba pang table game.' },
  },
  {
    colours: ['#b45309', '#dc2626'],
    link: { type: 'game', target: '/promotions' },
    en: { title: 'Welcome bonus', text: 'Join today and claim your first reward.' },
    ty: { title: 'Thưởng chào mừng', text: 'Tham gia hôm nay và nhận phần thưởng đầu tiên.' },
    tl: { title: 'Welcome bonus', text: 'Sumali ngayon at kunin ang una mong reward.' },
  },
] as const;

const DEMO_NOTICES = [
  {
    type: 'B',
    en: {
      title: 'Welcome to Demo Casino. Play responsibly — players must be 18 or older.',
      content: '<p>Welcome to Demo Casino. Play responsibly — players must be 18 or older.</p>',
    },
    ty: {
      title: 'Chào mừng đến với Demo Casino. Hãy chơi có trách nhiệm — người chơi phải từ 18 tuổi.',
      content: '<p>Chào mừng đến với Demo Casino. Hãy chơi có trách nhiệm — người chơi phải từ 18 tuổi.</p>',
    },
    tl: {
      title: 'Maligayang pagdating sa Demo Casino. Maglaro nang responsable — dapat 18 pataas ang mga player.',
      content: '<p>Maligayang pagdating sa Demo Casino. Maglaro nang responsable — dapat 18 pataas ang mga player.</p>',
    },
  },
  {
    type: 'PL',
    en: {
      title: 'Fast lottery draws every minute',
      content: '<p>ELOTT now draws every 1, 3 and 5 minutes. Every draw can be verified on the lottery page.</p>',
    },
    ty: {
      title: 'Xổ số nhanh mỗi phút',
      content: '<p>ELOTT quay thưởng mỗi 1, 3 và 5 phút. Mỗi kỳ quay đều có thể kiểm chứng trên trang xổ số.</p>',
    },
    tl: {
      title: 'Mabilisang lotto kada minuto',
      content: '<p>May bola na ang ELOTT kada 1, 3 at 5 minuto. Mave-verify ang bawat bola sa pahina ng lotto.</p>',
    },
  },
] as const;

/** A wide gradient PNG (the operator replaces it with its own art). */
const gradient = (from: string, to: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.4">` +
        `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
        `<rect width="1200" height="360" fill="url(#g)"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** The demo merchant's banners and notices, only while it has never had any content (idempotent). */
export async function seedDemoContent(deps: {
  db: Kysely<ContentTables>;
  repo: ContentRepository;
  media: Pick<MediaModule, 'put'>;
  merchantId: bigint;
  now: Date;
}): Promise<void> {
  const { db, repo, media, merchantId, now } = deps;
  if (await repo.any(merchantId)) return;
  const images: StoredMedia[] = [];
  for (const b of DEMO_BANNERS) images.push(await media.put(await gradient(b.colours[0], b.colours[1])));
  await db.transaction().execute(async (trx) => {
    for (const [i, b] of DEMO_BANNERS.entries())
      await repo.insertBanner(trx, {
        merchant_id: merchantId,
        group_name: 'w_home',
        image_url: images[i]!.url,
        linkage_type: b.link.type,
        linkage_target: b.link.target,
        texts: JSON.stringify({ en: b.en, ty: b.ty, tl: b.tl }),
        sort: i,
        published: true,
        starts_at: now,
      });
    for (const group of ['w_login', 'w_register', 'w_forget'] as const)
      await repo.insertBanner(trx, {
        merchant_id: merchantId,
        group_name: group,
        image_url: images[0]!.url,
        linkage_type: 'none',
        sort: 0,
        published: true,
        texts: JSON.stringify({ en: DEMO_BANNERS[2].en, ty: DEMO_BANNERS[2].ty, tl: DEMO_BANNERS[2].tl }),
        starts_at: now,
      });
    for (const [i, n] of DEMO_NOTICES.entries())
      await repo.insertNotice(trx, {
        merchant_id: merchantId,
        type: n.type,
        audience: 'all',
        published: true,
        texts: JSON.stringify({ en: n.en, ty: n.ty, tl: n.tl }),
        sort: i,
        starts_at: now,
      });
  });
}

import { defaultFeatureFlags, type SystemStatus } from '@sea/contracts';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const baseStatus: SystemStatus = {
  status: 0,
  merchantCode: 'demo',
  merchantName: 'Test Casino',
  currency: 'PHP',
  currencyExponent: 2,
  defaultLanguage: 'en',
  languages: ['en', 'ty', 'tl'],
  timezone: 'Asia/Manila',
  utcOffsetMinutes: 480,
  ip: '203.0.113.9',
  country: null,
  maintenance: null,
  customerServiceUrl: '#cs',
};

export const ok = <T>(value: T) => HttpResponse.json({ success: true, value, message: 'OK', code: 'ok' });

export const statusHandler = (over: Partial<SystemStatus> = {}) =>
  http.get('*/wps/system/status', () => ok({ ...baseStatus, ...over }));

export const server = setupServer(
  http.get('*/wps/captcha', () =>
    ok({ captchaId: 'a'.repeat(32), image: 'data:image/svg+xml;base64,PHN2Zy8+', expiresInSeconds: 300 }),
  ),
  http.get('*/wps/member/info', () =>
    ok({
      id: '7',
      account: 'member7',
      nickname: null,
      type: 0,
      isAgent: false,
      isTrial: false,
      language: 'en',
      mobile: null,
      email: null,
      lastLoginAt: null,
      previousLoginAt: null,
    }),
  ),
  http.get('*/wps/v2/wallets/balance', () =>
    ok({ currency: 'PHP', exponent: 2, main: { balance: '0', available: '0' }, vendors: [] }),
  ),
  // Single wallet: no transfer-wallet vendors unless a test says otherwise.
  http.get('*/wps/relay/GCS_merchantWallet', () =>
    ok({ merchantCode: 'demo', currency: 'PHP', exponent: 2, singleWallet: true, transferVendors: [] }),
  ),
  http.get('*/wps/system/publicKey', () =>
    ok({ keyId: 'k', publicKey: '', algorithm: 'RSA-OAEP-256+A256GCM', required: false }),
  ),
  http.get('*/wps/system/country', () => ok([{ countryCode: 'PH', countryDialingCode: '63' }])),
  statusHandler(),
  // The contract popup asks on every logged-in page: no offer unless a test says otherwise.
  http.get('*/wps/agent/contract/pending', () =>
    ok({
      list: [],
      flags: { dailysalreqtype: false, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false },
    }),
  ),
  // The agent menu asks which settlement record pages to list: a daily-wage holder unless a test says otherwise.
  http.get('*/wps/agent/contract/types', () => ok({ types: ['daily_wage'] })),
  http.get('*/wps/agent/announcements', () => ok({ list: [], total: 0, unreadCount: 0, pageNo: 1, pageSize: 1 })),
  // The operator's content: no banners and no notices unless a test says otherwise.
  http.get('*/wps/relay/MCSFE_banners', () => ok({ list: [] })),
  http.get('*/wps/relay/MCSFE_notices', () => ok({ list: [] })),
  // Promotions and the member's messages: none unless a test says otherwise.
  http.get('*/wps/promotions', () => ok({ list: [] })),
  http.get('*/wps/member/messages/unread', () => ok({ unreadCount: 0 })),
  http.get('*/wps/system/whitelabel', () => ok(defaultFeatureFlags())),
  // A member's VIP level on the back office's member page: level 0 unless a test says otherwise.
  http.get('*/admin/api/vip/members/:account', () =>
    ok({ level: 0, name: 'Member', qualifying: '0', basis: 'tier_points', history: [] }),
  ),
  http.get('*/wps/system/site', () =>
    ok({
      resources: [{ key: 'TELEGRAM', url: 'https://t.me/x', label: 'Telegram' }],
      paymentMethods: ['GCASH'],
      copyrightYear: 2024,
    }),
  ),
  // The game catalogue: empty unless a test says otherwise.
  http.get('*/lgw/games/game_menus', () => ok([])),
  http.get('*/lgw/games/popular', () => ok([])),
  http.get('*/lgw/games/hot', () => ok([])),
  http.get('*/lgw/games/winners', () => ok({ currency: 'PHP', exponent: 2, winners: [] })),
  http.get('*/wps/game/favourites/ids', () => ok({ favGameIds: [] })),
  http.get('*/wps/system/helpCenter', ({ request }) =>
    ok([
      {
        id: 'guide',
        title: new URL(request.url).searchParams.get('lang') === 'ty' ? 'Hướng dẫn' : 'Guide',
        articles: [{ tag: 'deposit', title: 'How to deposit', content: '<p>Steps</p>' }],
      },
    ]),
  ),
);

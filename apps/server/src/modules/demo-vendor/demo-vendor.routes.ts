import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type DemoGame, demoGame, inLanguage } from './demo-vendor.games.ts';
import { DEMO_SESSION_HEADER, demoBetRequest, demoRound, demoSession } from './demo-vendor.schemas.ts';
import { DEMO_VENDOR_NAME, DemoVendorError, type DemoVendorService } from './demo-vendor.service.ts';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const ASSETS: Record<string, { type: string; body: string }> = {
  'play.js': { type: 'text/javascript; charset=utf-8', body: asset('play.js') },
  'play.css': { type: 'text/css; charset=utf-8', body: asset('play.css') },
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's own texts in the site's languages (EN, TY, TL); the game's texts come from the session. */
const TEXTS = {
  en: {
    htmlLang: 'en',
    note: 'A simulated game vendor that stands in for real ones while testing. Bets use your real site balance.',
    loading: 'Loading the game…',
    balance: 'Balance',
    wallet: 'Your site wallet',
    yourBet: 'Your bet',
    stake: 'Stake',
    place: 'Place bet',
    rounds: 'Your rounds',
    noRounds: 'No rounds yet.',
  },
  ty: {
    htmlLang: 'vi',
    note: 'Nhà cung cấp trò chơi mô phỏng, thay cho nhà cung cấp thật khi thử nghiệm. Cược dùng số dư thật của bạn trên trang.',
    loading: 'Đang tải trò chơi…',
    balance: 'Số dư',
    wallet: 'Ví của bạn trên trang',
    yourBet: 'Cửa cược của bạn',
    stake: 'Tiền cược',
    place: 'Đặt cược',
    rounds: 'Các ván của bạn',
    noRounds: 'Chưa có ván nào.',
  },
  tl: {
    htmlLang: 'tl',
    note: 'Isang simulated na game provider na pumapalit sa totoong provider habang nagte-test. Totoong balanse mo sa site ang gamit ng mga taya.',
    loading: 'Nilo-load ang laro…',
    balance: 'Balanse',
    wallet: 'Ang iyong wallet sa site',
    yourBet: 'Ang iyong taya',
    stake: 'Taya',
    place: 'Ilagay ang taya',
    rounds: 'Ang iyong mga round',
    noRounds: 'Wala pang round.',
  },
};
type DemoPageLanguage = keyof typeof TEXTS;

/** The game's page in a language the vendor has, else English. */
const pageIn = (g: DemoGame, lang: string | undefined): string =>
  lang === 'ty' || lang === 'tl' ? page(inLanguage(lang, g.name, g), lang) : page(g.name, 'en');

/** The game page's HTML: the frame is static, the game comes from the session (assets/play.js). */
function page(gameName: string, language: DemoPageLanguage): string {
  const t = TEXTS[language];
  return `<!doctype html>
<html lang="${t.htmlLang}" data-language="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(gameName)} · ${DEMO_VENDOR_NAME}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/demo-vendor/assets/play.css">
<script type="module" src="/demo-vendor/assets/play.js"></script>
</head>
<body>
<header class="dv-top">
  <span class="dv-badge">${DEMO_VENDOR_NAME}</span>
  <h1 id="name">${escapeHtml(gameName)}</h1>
  <span class="dv-note">${t.note}</span>
</header>
<main>
  <p id="loading" role="status">${t.loading}</p>
  <div id="game" hidden>
    <section class="dv-card dv-balance" aria-label="${t.balance}">
      <span id="balance-note">${t.wallet}</span>
      <strong id="balance">—</strong>
    </section>
    <section class="dv-card">
      <p id="blurb" class="dv-blurb"></p>
    </section>
    <form id="bet-form" class="dv-card">
      <fieldset id="picks"><legend>${t.yourBet}</legend></fieldset>
      <div class="dv-stake">
        <label>${t.stake} <input id="amount" name="amount" inputmode="decimal" autocomplete="off" aria-describedby="min"></label>
        <button id="bet" type="submit">${t.place}</button>
      </div>
      <small id="min"></small>
      <p id="result" class="dv-result" role="status" aria-live="polite"></p>
    </form>
    <section class="dv-card" aria-labelledby="rounds-title">
      <h2 id="rounds-title">${t.rounds}</h2>
      <p id="no-rounds" class="dv-empty">${t.noRounds}</p>
      <ul id="rounds" class="dv-rounds"></ul>
    </section>
  </div>
</main>
</body>
</html>`;
}

const sessionToken = (request: FastifyRequest) => {
  const h = request.headers[DEMO_SESSION_HEADER];
  return Array.isArray(h) ? h[0] : h;
};

/**
 * The demo vendor's web server: its game pages (/demo-vendor/play/:game), their assets, and the pages' own API
 * (/demo-vendor/api/*). Answers are the vendor's own JSON ({error, message} on refusal), not the site's envelope.
 */
export function registerDemoVendorRoutes(app: FastifyInstance, service: DemoVendorService): void {
  app.register(async (scope) => {
    scope.setErrorHandler((err, _request, reply) => {
      if (err instanceof DemoVendorError)
        return reply.status(err.status).send({ error: err.code, message: err.message });
      const validation = (err as { validation?: unknown }).validation;
      if (validation || (err as { statusCode?: number }).statusCode === 400)
        return reply.status(400).send({ error: 'bad_request', message: 'The request is not valid.' });
      scope.log.error({ err }, 'demo vendor error');
      return reply.status(500).send({ error: 'internal_error', message: 'The vendor had a problem. Please retry.' });
    });

    scope.get(
      '/demo-vendor/play/:game',
      {
        schema: {
          hide: true,
          params: z.object({ game: z.string().max(64) }),
          querystring: z.object({ s: z.string().max(200).optional(), lang: z.string().max(10).optional() }),
        },
      },
      async (request, reply) => {
        const { game } = request.params as { game: string };
        const { lang } = request.query as { lang?: string };
        const g = demoGame(game);
        if (!g) return reply.status(404).type('text/plain').send('No such game at the demo vendor.');
        return (
          reply
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            // The player's language at launch (the site passes it as lang): TY or TL when asked, else English.
            .send(pageIn(g, lang?.toLowerCase().slice(0, 2)))
        );
      },
    );

    scope.get(
      '/demo-vendor/assets/:file',
      { schema: { hide: true, params: z.object({ file: z.string().max(40) }) } },
      async (request, reply) => {
        const a = ASSETS[(request.params as { file: string }).file];
        if (!a) return reply.status(404).type('text/plain').send('Not found.');
        return reply.header('cache-control', 'public, max-age=300').type(a.type).send(a.body);
      },
    );

    scope.get(
      '/demo-vendor/api/session',
      { schema: { hide: true, response: { 200: demoSession } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.session(sessionToken(request));
      },
    );

    scope.post(
      '/demo-vendor/api/rounds',
      { schema: { hide: true, body: demoBetRequest, response: { 200: demoRound } } },
      async (request) => service.bet(sessionToken(request), request.body as z.infer<typeof demoBetRequest>),
    );

    scope.get(
      '/demo-vendor/api/rounds/:id',
      { schema: { hide: true, params: z.object({ id: z.string().max(20) }), response: { 200: demoRound } } },
      async (request) => service.round(sessionToken(request), (request.params as { id: string }).id),
    );
  });
}

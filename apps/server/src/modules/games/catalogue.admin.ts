import { randomBytes } from 'node:crypto';
import {
  type AdminGame,
  type AdminVendor,
  adminGame,
  adminGameCreate,
  adminGamePage,
  adminGamePatch,
  adminGameQuery,
  adminCategory,
  adminCategoryPatch,
  adminSyncResult,
  GAME_CATEGORIES,
  gameCategory,
  adminVendor,
  adminVendorPatch,
  adminVendorWalletMode,
  adminWalletSecret,
  mediaUpload,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Merchant } from '../../http/principals.ts';
import { readMultipartForm } from '../../http/multipart.ts';
import { defineAdminRoute, idParams } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MediaModule } from '../media/index.ts';
import type { CatalogueRepository, GameRow, VendorRow } from './catalogue.repository.ts';
import type { GameProvider } from './launch.service.ts';

const tags = ['admin: games'];

/** A game icon upload: at most 1 MB, stored at most 512 px a side (a 2× tile). */
export const ICON_MAX_BYTES = 1024 * 1024;
export const ICON_MAX_SIDE = 512;

const presentVendor = (v: VendorRow): AdminVendor => ({
  code: v.code,
  name: v.name,
  walletMode: v.wallet_mode,
  adapter: v.adapter,
  status: v.status,
  maintenance: v.maintenance,
  sort: v.sort,
  iconUrl: v.icon_url,
  launchUrl: v.launch_url,
  hasWalletSecret: v.wallet_secret !== null,
  launchFunding: v.launch_funding,
  replaceSessions: v.replace_sessions,
});

const presentGame = (g: GameRow): AdminGame => ({
  id: String(g.id),
  vendorCode: g.vendor_code,
  gameCode: g.game_code,
  name: g.name,
  displayNames: g.display_names ?? {},
  category: g.category,
  classify: g.classify,
  iconUrl: g.icon_url,
  supportPlay: g.support_play,
  hot: g.hot,
  sort: g.sort,
  status: g.status,
  minBet: g.min_bet === null ? null : String(g.min_bet),
  maxBet: g.max_bet === null ? null : String(g.max_bet),
  lines: g.lines,
});

/** Camel-case patch of the API → the columns it changes. */
function gameColumns(p: z.infer<typeof adminGamePatch>) {
  return {
    ...(p.name !== undefined && { name: p.name }),
    ...(p.displayNames !== undefined && { display_names: JSON.stringify(p.displayNames) }),
    ...(p.category !== undefined && { category: p.category }),
    ...(p.classify !== undefined && { classify: p.classify }),
    ...(p.iconUrl !== undefined && { icon_url: p.iconUrl }),
    ...(p.supportPlay !== undefined && { support_play: p.supportPlay }),
    ...(p.hot !== undefined && { hot: p.hot }),
    ...(p.sort !== undefined && { sort: p.sort }),
    ...(p.status !== undefined && { status: p.status }),
    ...(p.minBet !== undefined && { min_bet: p.minBet === null ? null : BigInt(p.minBet) }),
    ...(p.maxBet !== undefined && { max_bet: p.maxBet === null ? null : BigInt(p.maxBet) }),
    ...(p.lines !== undefined && { lines: p.lines }),
  };
}

/** The bet limits a game would have after a change: both ≥ 0, the maximum not below the minimum. */
function checkBetLimits(minBet: bigint | null, maxBet: bigint | null): void {
  const fields = [
    ...(minBet !== null && minBet < 0n ? [{ field: 'minBet', message: 'The minimum bet cannot be negative.' }] : []),
    ...(maxBet !== null && maxBet < 0n ? [{ field: 'maxBet', message: 'The maximum bet cannot be negative.' }] : []),
    ...(minBet !== null && maxBet !== null && maxBet < minBet
      ? [{ field: 'maxBet', message: 'The maximum bet cannot be below the minimum bet.' }]
      : []),
  ];
  if (fields.length)
    throw new AppError('validation_failed', fields[0]!.message, {
      in: 'body',
      fields: fields.map((f) => ({ ...f, reason: 'invalid' })),
    });
}

/**
 * Operators manage the catalogue through the admin API: vendors (name, order, maintenance, status, icon,
 * launch URL, launch funding of transfer vendors, wallet key rotation) and games (create, names per language, category, icon, order, hot flag,
 * free trial, maintenance). Every change is audited; menus and home rows follow at once in this process.
 */
export function registerCatalogueAdminRoutes(
  app: FastifyInstance,
  deps: {
    repo: CatalogueRepository;
    audit: Pick<AdminModule, 'recordAction'>;
    invalidate: () => void;
    providerOf: (adapter: VendorRow['adapter']) => GameProvider | undefined;
    media: Pick<MediaModule, 'put'>;
    /** What stops a wallet mode change: members' money in the vendor's sub-wallets, rounds still open. */
    walletInUse: (
      merchantId: bigint,
      code: string,
    ) => Promise<{ holders: { members: number; total: bigint }; openRounds: boolean }>;
  },
): void {
  const { repo } = deps;

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/games/icons',
      permission: 'games.manage',
      summary: 'Upload a game icon (multipart field "file": PNG or JPG ≤ 1 MB, re-encoded, ≤ 512 px); its URL',
      tags,
      response: mediaUpload,
    },
    async ({ request }) => {
      const { file } = await readMultipartForm(request, {
        fields: z.object({}),
        file: 'file',
        maxBytes: ICON_MAX_BYTES,
      });
      if (!file)
        throw new AppError('validation_failed', 'Choose an image.', {
          in: 'body',
          fields: [{ field: 'file', reason: 'required', message: 'Choose an image.' }],
        });
      return deps.media.put(file, { maxSide: ICON_MAX_SIDE });
    },
  );
  const audited = async (
    merchant: Merchant,
    adminId: bigint,
    ip: string,
    action: string,
    target: string,
    detail: object,
  ) => {
    await deps.audit.recordAction(undefined, {
      merchantId: merchant.id,
      adminId,
      action,
      targetType: action.split('.')[0],
      targetId: target,
      detail: detail as Record<string, unknown>,
      ip,
    });
    deps.invalidate();
  };

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/games/vendors',
      permission: 'games.view',
      summary: 'Vendors (the provider registry)',
      tags,
      response: z.array(adminVendor),
    },
    async ({ merchant }) => (await repo.listVendors(merchant.id)).map(presentVendor),
  );

  defineAdminRoute(
    app,
    {
      method: 'PATCH',
      url: '/admin/api/games/vendors/:code',
      permission: 'games.manage',
      summary: 'Change a vendor: name, order, status, maintenance, icon, launch URL (audited)',
      tags,
      params: z.object({ code: z.string().regex(/^[A-Z0-9_]{2,20}$/) }),
      body: adminVendorPatch,
      response: adminVendor,
    },
    async ({ merchant, admin, ip, params, body }) => {
      const row = await repo.updateVendor(merchant.id, params.code, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.status !== undefined && { status: body.status }),
        ...(body.maintenance !== undefined && { maintenance: body.maintenance }),
        ...(body.sort !== undefined && { sort: body.sort }),
        ...(body.iconUrl !== undefined && { icon_url: body.iconUrl }),
        ...(body.launchUrl !== undefined && { launch_url: body.launchUrl }),
        ...(body.launchFunding !== undefined && { launch_funding: body.launchFunding }),
        ...(body.replaceSessions !== undefined && { replace_sessions: body.replaceSessions }),
      });
      if (!row) throw new AppError('not_found', 'No such vendor.');
      await audited(merchant, admin.id, ip, 'vendor.update', row.code, body);
      return presentVendor(row);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/games/vendors/:code/wallet-secret',
      permission: 'games.manage',
      summary: 'Rotate the vendor’s seamless-wallet key; the new key is shown once (audited)',
      tags,
      params: z.object({ code: z.string().regex(/^[A-Z0-9_]{2,20}$/) }),
      response: adminWalletSecret,
    },
    async ({ merchant, admin, ip, params }) => {
      const vendor = await repo.findVendor(merchant.id, params.code);
      if (!vendor) throw new AppError('not_found', 'No such vendor.');
      const secret = randomBytes(32).toString('base64url');
      await repo.setWalletSecret(merchant.id, vendor.code, secret);
      await audited(merchant, admin.id, ip, 'vendor.rotate_wallet_secret', vendor.code, {});
      return { vendor: vendor.code, secret };
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/games',
      permission: 'games.view',
      summary: 'Games of this merchant (disabled ones too)',
      tags,
      querystring: adminGameQuery,
      response: adminGamePage,
    },
    async ({ merchant, query }) => {
      const { rows, total } = await repo.adminGames(
        merchant.id,
        {
          vendorCode: query.vendorCode,
          category: query.category,
          status: query.status,
          hot: query.hot === undefined ? undefined : query.hot === 'true',
          name: query.name || undefined,
        },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        items: rows.map(presentGame),
        total,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/games',
      permission: 'games.manage',
      summary: 'Add a game (audited)',
      tags,
      body: adminGameCreate,
      response: adminGame,
    },
    async ({ merchant, admin, ip, body }) => {
      if (body.classify !== null && body.category !== 'RNG')
        throw new AppError('validation_failed', undefined, {
          in: 'body',
          fields: [{ field: 'classify', reason: 'invalid', message: 'Only RNG games have a sub-category.' }],
        });
      if (!(await repo.findVendor(merchant.id, body.vendorCode))) throw new AppError('not_found', 'No such vendor.');
      checkBetLimits(
        body.minBet === null ? null : BigInt(body.minBet),
        body.maxBet === null ? null : BigInt(body.maxBet),
      );
      const row = await repo.insertGame({
        merchant_id: merchant.id,
        vendor_code: body.vendorCode,
        game_code: body.gameCode,
        ...gameColumns(body),
        name: body.name,
        category: body.category,
      });
      if (!row) throw new AppError('conflict', 'This vendor already has a game with this code.');
      await audited(merchant, admin.id, ip, 'game.create', String(row.id), body);
      return presentGame(row);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'PATCH',
      url: '/admin/api/games/:id',
      permission: 'games.manage',
      summary: 'Change a game: names, category, icon, order, hot flag, free trial, maintenance or status (audited)',
      tags,
      params: idParams,
      body: adminGamePatch,
      response: adminGame,
    },
    async ({ merchant, admin, ip, params, body }) => {
      const columns = gameColumns(body);
      if (columns.min_bet !== undefined || columns.max_bet !== undefined) {
        const current = await repo.findGame(merchant.id, params.id);
        if (!current) throw new AppError('not_found', 'No such game.');
        checkBetLimits(
          columns.min_bet !== undefined ? columns.min_bet : current.min_bet,
          columns.max_bet !== undefined ? columns.max_bet : current.max_bet,
        );
      }
      const row = await repo
        .updateGame(merchant.id, params.id, columns)
        .catch((err: { code?: string; constraint?: string }) => {
          if (err.code !== '23514') throw err;
          // Another change of the limits that committed between the check above and this update.
          if (err.constraint === 'games_bet_limits_check')
            throw new AppError('validation_failed', 'The maximum bet cannot be below the minimum bet.');
          throw new AppError('validation_failed', 'Only RNG games have a sub-category.');
        });
      if (!row) throw new AppError('not_found', 'No such game.');
      await audited(merchant, admin.id, ip, 'game.update', String(row.id), body);
      return presentGame(row);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'GET',
      url: '/admin/api/games/categories',
      permission: 'games.view',
      summary: 'Game categories in the merchant’s order, with whether the site shows them',
      tags,
      response: z.array(adminCategory),
    },
    async ({ merchant }) => {
      const settings = new Map((await repo.categorySettings(merchant.id)).map((c) => [c.category, c]));
      return GAME_CATEGORIES.map((category, i) => ({
        category,
        sort: settings.get(category)?.sort ?? 1_000_000 + i,
        enabled: settings.get(category)?.enabled ?? true,
      })).sort((a, b) => a.sort - b.sort);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'PATCH',
      url: '/admin/api/games/categories/:category',
      permission: 'games.manage',
      summary: 'Order a category or hide it from the site (audited)',
      tags,
      params: z.object({ category: gameCategory }),
      body: adminCategoryPatch,
      response: adminCategory,
    },
    async ({ merchant, admin, ip, params, body }) => {
      await repo.saveCategory(merchant.id, params.category, body);
      await audited(merchant, admin.id, ip, 'category.update', params.category, body);
      const row = (await repo.categorySettings(merchant.id)).find((c) => c.category === params.category)!;
      return { category: row.category, sort: row.sort, enabled: row.enabled };
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/games/vendors/:code/wallet-mode',
      permission: 'games.manage',
      summary:
        'Move a vendor between the seamless and the transfer wallet (audited); refused while members hold money in its transfer wallets or rounds are open',
      tags,
      params: z.object({ code: z.string().regex(/^[A-Z0-9_]{2,20}$/) }),
      body: adminVendorWalletMode,
      response: adminVendor,
    },
    async ({ merchant, admin, ip, params, body }) => {
      const vendor = await repo.findVendor(merchant.id, params.code);
      if (!vendor) throw new AppError('not_found', 'No such vendor.');
      if (vendor.adapter === 'none')
        throw new AppError('function_not_enabled', 'This vendor has no game adapter, so it has no wallet to change.');
      if (vendor.wallet_mode === body.walletMode)
        throw new AppError('state_invalid', `This vendor already uses the ${body.walletMode} wallet.`);
      const use = await deps.walletInUse(merchant.id, vendor.code);
      if (use.holders.members > 0)
        throw new AppError(
          'vendor_wallet_in_use',
          `${use.holders.members} member(s) still hold money in this vendor's transfer wallets; it must be transferred back first.`,
          { members: use.holders.members, total: String(use.holders.total) },
        );
      if (use.openRounds)
        throw new AppError('vendor_rounds_open', 'Rounds of this vendor are still open; wait until they are settled.');
      const changed = await repo.setWalletMode(merchant.id, vendor.code, vendor.wallet_mode, body.walletMode);
      if (!changed) throw new AppError('state_invalid', 'The wallet mode was changed meanwhile.');
      await audited(merchant, admin.id, ip, 'vendor.wallet_mode', vendor.code, {
        from: vendor.wallet_mode,
        to: body.walletMode,
      });
      return presentVendor(changed);
    },
  );

  defineAdminRoute(
    app,
    {
      method: 'POST',
      url: '/admin/api/games/vendors/:code/sync',
      permission: 'games.manage',
      summary: 'Sync a vendor’s catalogue from its adapter: new games added, published fields updated (audited)',
      tags,
      params: z.object({ code: z.string().regex(/^[A-Z0-9_]{2,20}$/) }),
      response: adminSyncResult,
    },
    async ({ merchant, admin, ip, params }) => {
      const vendor = await repo.findVendor(merchant.id, params.code);
      if (!vendor) throw new AppError('not_found', 'No such vendor.');
      const provider = deps.providerOf(vendor.adapter);
      if (!provider?.catalogue) throw new AppError('function_not_enabled', 'This vendor does not publish a catalogue.');
      let added = 0;
      let updated = 0;
      for (const g of await provider.catalogue(merchant)) {
        const fields = {
          name: g.name,
          display_names: JSON.stringify(g.displayNames),
          category: g.category,
          classify: g.classify,
          lines: g.lines,
          min_bet: g.minBet,
          support_play: g.supportPlay,
        };
        const inserted = await repo.insertGame({
          merchant_id: merchant.id,
          vendor_code: vendor.code,
          game_code: g.gameCode,
          ...fields,
        });
        if (inserted) added++;
        else {
          await repo.syncGame(merchant.id, vendor.code, g.gameCode, fields);
          updated++;
        }
      }
      await audited(merchant, admin.id, ip, 'vendor.sync', vendor.code, { added, updated });
      return { vendor: vendor.code, added, updated };
    },
  );
}

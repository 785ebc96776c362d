import type { AdminRoundProof, LaunchResult } from '@sea/contracts';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { amountFromText } from '../../lib/money.ts';
import { createSessionTokens } from '../../lib/session-tokens.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { displayNameOf } from './catalogue.service.ts';
import type { CatalogueRepository, GameWithVendor, VendorRow } from './catalogue.repository.ts';
import type { GameCategoryCode, GameClassifyCode, VendorAdapter } from './games.tables.ts';
import type { PlayRepository } from './play.repository.ts';

/** How long a vendor may use a launch token for balance and bet calls (wins and rollbacks never expire). */
export const GAME_SESSION_HOURS = 12;
/** Play money a free trial starts with, in major units of the merchant's currency. */
export const FREE_PLAY_BALANCE = 10_000n;

/** What a provider needs to build the URL its game page opens with. */
export interface LaunchContext {
  merchant: Merchant;
  vendor: VendorRow;
  game: GameWithVendor;
  /** The token the vendor presents on balance and bet calls (we keep only its hash). */
  sessionToken: string;
  /** Our player id as the vendor knows it. */
  playerId: string;
  language: string;
  device: 'desktop' | 'mobile';
  freePlay: boolean;
}

/**
 * A game provider: one adapter per kind of vendor (vendors.adapter). Our own games ('house') and the demo
 * vendor ('demo') register theirs at start-up; a real vendor's adapter maps its launch API here.
 */
export interface GameProvider {
  adapter: VendorAdapter;
  launchUrl(ctx: LaunchContext): string | Promise<string>;
  /** The vendor's games as it publishes them (catalogue sync); operators' choices (order, hot, icons) are kept. */
  catalogue?(merchant: Merchant): Promise<CatalogueEntry[]> | CatalogueEntry[];
  /** Transfer-wallet vendors: the vendor's wallet API (without it, sub-wallet transfers stay in our books). */
  transferWallet?: VendorTransferApi;
  /**
   * Provably-fair providers (our own games): a member's round by its reference with what proves it (seeds, nonce,
   * bet, stored result) and the recomputation's verdict; null when the provider has no such round.
   */
  roundProof?(merchant: Merchant, memberId: bigint, reference: string): Promise<AdminRoundProof | null>;
}

/**
 * What the vendor said to a deposit or withdrawal: 'applied' (now or earlier: each transfer id is applied once and
 * a repeat gets the same answer) or 'refused' (final for that transfer id: nothing moved there, nothing ever will;
 * a withdrawal is refused when the player holds less at the vendor).
 */
export type VendorTransferOutcome = 'applied' | 'refused';

/** A settled bet as a transfer vendor's bet-record API reports it (amounts in minor units). */
export interface VendorBetRecord {
  /** The vendor's id of the bet: unique per vendor. */
  betId: string;
  /** Our member id as the vendor knows the player. */
  playerId: string;
  gameCode: string;
  stake: bigint;
  payout: bigint;
  /** The vendor's valid bet when it is not the stake (opposite bets netted); capped at the stake. */
  validBet?: bigint;
  placedAt: Date;
  settledAt: Date;
  summary?: string;
}

/**
 * A transfer-wallet vendor's wallet API as the operator calls it: the player's balance at the vendor (with a
 * version that changes with every movement there), deposits and withdrawals, each done once per transfer id.
 * Deposit and withdraw throw when the outcome is unknown (timeout, network error, 5xx): the caller re-sends the
 * same transfer id later.
 */
export interface VendorTransferApi {
  balance(merchant: Merchant, vendor: VendorRow, playerId: string): Promise<{ balance: bigint; version: bigint }>;
  deposit(
    merchant: Merchant,
    vendor: VendorRow,
    playerId: string,
    transferId: string,
    amount: bigint,
  ): Promise<VendorTransferOutcome>;
  withdraw(
    merchant: Merchant,
    vendor: VendorRow,
    playerId: string,
    transferId: string,
    amount: bigint,
  ): Promise<VendorTransferOutcome>;
  /**
   * Its bet records: settled bets in (settlement time, bet id) order after `after` (exclusive), at most `limit`.
   * Throws when the vendor cannot be read (the job tries again).
   */
  bets?(
    merchant: Merchant,
    vendor: VendorRow,
    after: { settledAt: Date; betId: string },
    limit: number,
  ): Promise<VendorBetRecord[]>;
}

/**
 * Runs before a real-money game of a transfer-wallet vendor opens (the wallet module moves funds to the vendor);
 * `launchId` is unique per launch (an idempotency key); `amount` is what the player asked to bring (minor
 * units), undefined to let the vendor's launch_funding setting decide.
 */
export type LaunchFunding = (
  merchant: Merchant,
  memberId: bigint,
  vendor: VendorRow,
  launchId: string,
  amount?: bigint,
) => Promise<void>;

/** One game of a vendor's published catalogue. */
export interface CatalogueEntry {
  gameCode: string;
  name: string;
  /** Names per language code. */
  displayNames: Record<string, string>;
  category: GameCategoryCode;
  classify: GameClassifyCode | null;
  supportPlay: boolean;
  /** Smallest stake in minor units, when the vendor says. */
  minBet: bigint | null;
  lines: number | null;
}

export function createLaunchService(deps: {
  repo: Pick<CatalogueRepository, 'findGame' | 'findVendor'>;
  play: Pick<PlayRepository, 'insertSession'>;
  merchants: Pick<MerchantsModule, 'flags'>;
  clock: () => Date;
}) {
  const providers = new Map<VendorAdapter, GameProvider>();
  let funding: LaunchFunding | undefined;
  const tokens = createSessionTokens({
    idleMinutes: GAME_SESSION_HOURS * 60,
    absoluteHours: GAME_SESSION_HOURS,
    touchEverySeconds: 0,
  });

  return {
    registerProvider(provider: GameProvider): void {
      providers.set(provider.adapter, provider);
    },

    providerOf: (adapter: VendorAdapter): GameProvider | undefined => providers.get(adapter),

    /** The wallet API of a transfer-wallet vendor, when its adapter has one. */
    transferApiOf: (vendor: Pick<VendorRow, 'adapter' | 'wallet_mode'>): VendorTransferApi | undefined =>
      vendor.wallet_mode === 'transfer' ? providers.get(vendor.adapter)?.transferWallet : undefined,

    /** The wallet module's hook: funds a transfer-wallet vendor before its game opens. */
    onLaunchFunding(fn: LaunchFunding): void {
      funding = fn;
    },

    /**
     * POST /wps/game/launchGame: a real-money session for a real account, or a free trial (play money) where the
     * game offers one and FREEPLAY3 is on — the only launch a trial account gets. A game or vendor in
     * maintenance answers game_maintenance.
     */
    async launch(
      merchant: Merchant,
      member: Pick<AuthenticatedMember, 'memberId' | 'isTrial'>,
      req: {
        nodeId: string;
        freePlay: boolean;
        device: 'desktop' | 'mobile';
        language?: string;
        /** Transfer vendors: what to bring to the game (major units); absent: the vendor's launch_funding. */
        transferAmount?: string;
      },
    ): Promise<LaunchResult> {
      const game = await deps.repo.findGame(merchant.id, BigInt(req.nodeId));
      if (!game || game.status === 'disabled' || game.vendor_status !== 'active')
        throw new AppError('not_found', 'No such game.');
      if (game.status === 'maintenance' || game.vendor_maintenance) throw new AppError('game_maintenance');
      if (req.freePlay) {
        if (!game.support_play) throw new AppError('function_not_enabled', 'This game has no free trial.');
        if (!(await deps.merchants.flags(merchant.id)).FREEPLAY3) throw new AppError('function_not_enabled');
      } else if (member.isTrial) {
        throw new AppError('in_need_true_account');
      }
      const vendor = (await deps.repo.findVendor(merchant.id, game.vendor_code))!;
      const provider = providers.get(vendor.adapter);
      if (!provider) throw new AppError('game_maintenance', 'This game cannot be opened at the moment.');

      const now = deps.clock();
      const { token, tokenHash, absoluteExpiresAt } = tokens.issue(now);
      await deps.play.insertSession({
        tokenHash,
        merchantId: merchant.id,
        memberId: member.memberId,
        vendorCode: vendor.code,
        gameId: game.id,
        freePlay: req.freePlay,
        funBalance: req.freePlay ? FREE_PLAY_BALANCE * 10n ** BigInt(merchant.currencyExponent) : null,
        expiresAt: absoluteExpiresAt,
        // The vendor's setting: a new real-money launch ends the earlier ones (their tokens answer TOKEN_EXPIRED).
        ...(vendor.replace_sessions && !req.freePlay && { replaceAt: now }),
      });
      const language =
        req.language && merchant.languages.includes(req.language) ? req.language : merchant.defaultLanguage;
      if (vendor.wallet_mode === 'transfer' && !req.freePlay && provider.transferWallet && funding)
        await funding(
          merchant,
          member.memberId,
          vendor,
          `launch:${tokenHash.slice(0, 32)}`,
          req.transferAmount === undefined
            ? undefined
            : amountFromText(req.transferAmount, merchant.currencyExponent, { allowZero: true }),
        );
      const url = await provider.launchUrl({
        merchant,
        vendor,
        game,
        sessionToken: token,
        playerId: String(member.memberId),
        language,
        device: req.device,
        freePlay: req.freePlay,
      });
      return {
        url,
        gameName: game.name,
        displayName: displayNameOf(game, language),
        vassalage: vendor.code,
        vendorName: vendor.name,
        walletMode: vendor.wallet_mode,
        freePlay: req.freePlay,
      };
    },
  };
}

export type LaunchService = ReturnType<typeof createLaunchService>;

import {
  consolidatedFunds,
  downlineList,
  downlineQuery,
  downlineTransferRequest,
  hierarchyTransferResult,
  merchantWallet,
  merchantWalletQuery,
  uplineInfo,
  uplineTransferRequest,
  walletBalance,
  walletTransferRequest,
  walletTransferResult,
} from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import { defineMemberRoute, defineRoute } from '../../http/route.ts';
import type { WalletService } from './wallet.service.ts';

export function registerWalletRoutes(app: FastifyInstance, wallet: WalletService): void {
  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      summary: 'Main wallet and transfer-wallet sub-wallets (minor units)',
      tags: ['wallet'],
      response: walletBalance,
      auth: 'member',
    },
    ({ merchant, member }) => wallet.balance(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      summary: 'Total of main and sub-wallets, and the amount held for pending withdrawals',
      tags: ['wallet'],
      response: consolidatedFunds,
      auth: 'member',
    },
    ({ merchant, member }) => wallet.consolidated(merchant, member),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/wps/relay/GCS_merchantWallet',
      summary: "The merchant's wallet settings: currency, single wallet or not, transfer-wallet vendors",
      tags: ['wallet'],
      querystring: merchantWalletQuery,
      response: merchantWallet,
    },
    ({ merchant, query }) => wallet.merchantWallet(merchant, query.merchantCode),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      summary:
        "Move money between the main wallet ('MAIN') and a transfer vendor's sub-wallet; idempotent on requestId",
      tags: ['wallet'],
      body: walletTransferRequest,
      response: walletTransferResult,
      auth: 'real',
    },
    ({ merchant, member, body }) => wallet.transfer(merchant, member, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/member/upline',
      summary: "The member's direct upline (who transferUpline pays)",
      tags: ['wallet'],
      response: uplineInfo,
      auth: 'real',
    },
    ({ merchant, member }) => wallet.upline(merchant, member),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/member/transfer/upline',
      summary: 'Transfer from the main wallet to the direct upline; idempotent on requestId',
      tags: ['wallet'],
      body: uplineTransferRequest,
      response: hierarchyTransferResult,
      auth: 'real',
    },
    ({ merchant, member, body }) => wallet.transferToUpline(merchant, member, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'POST',
      url: '/wps/agent/transfer/downline',
      summary: "An agent's transfer to a member of its own downline tree; idempotent on requestId",
      tags: ['wallet', 'agent'],
      body: downlineTransferRequest,
      response: hierarchyTransferResult,
      auth: 'real',
    },
    ({ merchant, member, body }) => wallet.transferToDownline(merchant, member, body),
  );

  defineMemberRoute(
    app,
    {
      method: 'GET',
      url: '/wps/agent/downlines',
      summary: "The agent's downline tree (any depth), paginated, searchable by account",
      tags: ['wallet', 'agent'],
      querystring: downlineQuery,
      response: downlineList,
      auth: 'real',
    },
    ({ merchant, member, query }) => wallet.downlines(merchant, member, query),
  );
}

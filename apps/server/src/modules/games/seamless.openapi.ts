import {
  SEAMLESS_HEADERS,
  SEAMLESS_PATH,
  SEAMLESS_STATUSES,
  SEAMLESS_TOLERANCE_SECONDS,
  seamlessBalanceRequest,
  seamlessBetRequest,
  seamlessResponse,
  seamlessRollbackRequest,
  seamlessWinRequest,
} from '@sea/contracts';
import { z } from 'zod';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { target: 'openapi-3.0', io });

const OPERATIONS = {
  balance: {
    request: seamlessBalanceRequest,
    summary: "The player's available balance (needs a live session)",
    statuses: ['OK', 'PLAYER_NOT_FOUND', 'INVALID_TOKEN', 'TOKEN_EXPIRED', 'WRONG_CURRENCY'],
  },
  bet: {
    request: seamlessBetRequest,
    summary: 'Take a stake from the player (needs a live session); 0 is a free spin',
    statuses: [
      'OK',
      'INSUFFICIENT_FUNDS',
      'PLAYER_NOT_FOUND',
      'PLAYER_BLOCKED',
      'INVALID_TOKEN',
      'TOKEN_EXPIRED',
      'WRONG_CURRENCY',
      'GAME_NOT_FOUND',
      'BET_LIMIT',
      'DUPLICATE_MISMATCH',
      'ALREADY_SETTLED',
    ],
  },
  win: {
    request: seamlessWinRequest,
    summary: 'Pay a bet’s result (0 closes a lost round); accepted after the session expired',
    statuses: ['OK', 'PLAYER_NOT_FOUND', 'WRONG_CURRENCY', 'TX_NOT_FOUND', 'DUPLICATE_MISMATCH', 'ALREADY_SETTLED'],
  },
  rollback: {
    request: seamlessRollbackRequest,
    summary: 'Cancel a bet (its stake comes back); before the bet arrives it leaves a tombstone',
    statuses: ['OK', 'PLAYER_NOT_FOUND', 'WRONG_CURRENCY', 'DUPLICATE_MISMATCH', 'ALREADY_SETTLED'],
  },
} as const;

const DESCRIPTION = `The seamless wallet game vendors call: the player's money stays with us; every bet, win and rollback
is one transaction in our ledger. Read docs/vendors.md for worked examples.

**Signing.** Every call carries ${Object.values(SEAMLESS_HEADERS).join(', ')}: the merchant (operator) code, your
vendor code, the unix time in seconds (refused when more than ${SEAMLESS_TOLERANCE_SECONDS} s from our clock) and
hex(HMAC-SHA256(your wallet key, "<timestamp>.<raw body>")), over the exact bytes you send.

**Answers.** HTTP 200 with \`status\` for every business outcome (OK or a refusal such as INSUFFICIENT_FUNDS);
401 INVALID_SIGNATURE; 400 BAD_REQUEST for a request that can never succeed (malformed JSON, a field out of its
rules, text with NUL or other control characters or lone surrogates) — do not retry it; 503 TEMPORARY_ERROR: nothing
was kept, retry with the same ids.

**Idempotency.** tx_id is unique per vendor and player. The same tx_id with the same body answers the stored answer
byte for byte (a stored refusal too); with another body DUPLICATE_MISMATCH and nothing moves. Every accepted call
answers wallet_tx_id, our reference of it (zero amounts included).`;

/** The seamless-wallet protocol as its own OpenAPI 3.0 document (GET /docs/wallet), built from the contracts' schemas. */
export function walletOpenApiDocument(): Record<string, unknown> {
  const headerParams = [
    { name: SEAMLESS_HEADERS.operator, description: 'The merchant (operator) code.', example: 'demo' },
    { name: SEAMLESS_HEADERS.vendor, description: 'Your vendor code.', example: 'DEMO' },
    { name: SEAMLESS_HEADERS.timestamp, description: 'Unix time in seconds.', example: '1790000000' },
    {
      name: SEAMLESS_HEADERS.signature,
      description: 'hex(HMAC-SHA256(wallet key, "<timestamp>.<raw body>")).',
      example: 'a3f1…(64 hex digits)',
    },
  ].map((h) => ({ in: 'header', required: true, schema: { type: 'string' }, ...h }));
  const refusal = (status: string, description: string) => ({
    description,
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/WalletResponse' },
        example: { status, message: description },
      },
    },
  });
  const paths = Object.fromEntries(
    Object.entries(OPERATIONS).map(([op, o]) => [
      `${SEAMLESS_PATH}/${op}`,
      {
        post: {
          operationId: op,
          summary: o.summary,
          tags: ['wallet'],
          parameters: headerParams,
          requestBody: { required: true, content: { 'application/json': { schema: schema(o.request, 'input') } } },
          responses: {
            200: {
              description: `A business outcome: status is one of ${o.statuses.join(', ')}.`,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/WalletResponse' } } },
            },
            400: refusal('BAD_REQUEST', 'The request can never succeed as sent (do not retry it).'),
            401: refusal('INVALID_SIGNATURE', 'The signature, timestamp or caller is not valid.'),
            503: refusal('TEMPORARY_ERROR', 'Nothing was kept: retry with the same ids.'),
          },
        },
      },
    ]),
  );
  return {
    openapi: '3.0.3',
    info: { title: 'Seamless wallet (vendors)', version: '1', description: DESCRIPTION },
    tags: [{ name: 'wallet', description: `Statuses: ${SEAMLESS_STATUSES.join(', ')}.` }],
    paths,
    components: { schemas: { WalletResponse: schema(seamlessResponse, 'output') } },
  };
}

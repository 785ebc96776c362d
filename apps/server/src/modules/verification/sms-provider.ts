export interface SmsMessage {
  /** E.164 without the plus: country dialing code + national number. */
  to: string;
  text: string;
}

/** Where SMS go. Swapped per deployment (config SMS_PROVIDER); tests use the outbox. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}

/**
 * A generic HTTP SMS gateway: POST {to, text, sender} as JSON with a bearer token; any 2xx is accepted.
 * Most SEA gateways take this shape or a small variation of it.
 */
export function createHttpSmsProvider(opts: {
  url: string;
  token: string;
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): SmsProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'http',
    async send(m) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
          body: JSON.stringify({ to: `+${m.to}`, text: m.text, sender: opts.sender }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new SmsDeliveryError(`SMS gateway answered ${res.status}`);
    },
  };
}

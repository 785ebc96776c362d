import { formatMoney } from '@sea/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { depositReturnPath, type DepositsService } from './deposits.service.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';

const params = z.object({ orderRef: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
const outcomeForm = z.object({ outcome: z.enum(['paid', 'failed']) });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small standalone page: no scripts (the site's CSP forbids inline ones), buttons are a plain form POST. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,">
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1c2333}
main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002}
h1{font-size:1.25rem;margin:0 0 4px}.note{color:#5b6475;font-size:.875rem}
.amount{font-size:2rem;font-weight:700;margin:16px 0}
.actions{display:flex;gap:12px;margin-top:20px}
button,a.btn{flex:1;padding:12px;border:0;border-radius:8px;font-size:1rem;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#1a7f37;color:#fff}.fail{background:#d1242f;color:#fff}a.btn{background:#24528f;color:#fff;display:block}
</style></head><body><main>${body}</main></body></html>`;
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);
}

/**
 * The sandbox gateway's hosted pay page. Pressing Pay or Fail makes the "gateway" send its signed callback to
 * our callback route (delivered in-process, through the full HTTP stack), then sends the browser back to the site.
 */
export function registerSandboxGatewayRoutes(
  app: FastifyInstance,
  deps: { deposits: Pick<DepositsService, 'findOrder'>; sandbox: SandboxGateway },
): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.get('/sandbox-gateway/pay/:orderRef', { schema: { hide: true, params } }, async (request, reply) => {
      const { orderRef } = request.params as z.infer<typeof params>;
      const order = await deps.deposits.findOrder(orderRef);
      if (!order || order.gateway !== deps.sandbox.code)
        return send(reply, 404, page('Order not found', '<h1>Order not found</h1>'));
      const amount = `${escapeHtml(order.currency)} ${formatMoney(order.amount, order.exponent)}`;
      const back = escapeHtml(depositReturnPath(order.reference));
      if (order.status !== 'pending') {
        return send(
          reply,
          200,
          page(
            'Sandbox gateway',
            `<h1>Sandbox payment</h1><p class="amount">${amount}</p><p>This order is already ${escapeHtml(order.status)}.</p><a class="btn" href="${back}">Back to the site</a>`,
          ),
        );
      }
      return send(
        reply,
        200,
        page(
          'Sandbox gateway',
          `<h1>Sandbox payment</h1><p class="note">Test gateway: no real money moves. Order ${escapeHtml(order.order_ref)}</p>
<p class="amount" aria-label="Amount">${amount}</p>
<form method="post" action="/sandbox-gateway/pay/${encodeURIComponent(order.order_ref)}" class="actions">
<button type="submit" name="outcome" value="paid" class="pay">Pay</button>
<button type="submit" name="outcome" value="failed" class="fail">Fail</button>
</form>`,
        ),
      );
    });

    scope.post('/sandbox-gateway/pay/:orderRef', { schema: { hide: true, params } }, async (request, reply) => {
      const { orderRef } = request.params as z.infer<typeof params>;
      const form = outcomeForm.safeParse(request.body);
      const order = await deps.deposits.findOrder(orderRef);
      if (!order || order.gateway !== deps.sandbox.code)
        return send(reply, 404, page('Order not found', '<h1>Order not found</h1>'));
      if (!form.success) return send(reply, 400, page('Bad request', '<h1>Choose Pay or Fail</h1>'));
      const cb = await deps.sandbox.buildCallback(
        { orderId: order.order_ref, amount: order.amount, currency: order.currency },
        form.data.outcome,
      );
      const res = await app.inject({
        method: 'POST',
        url: `/wps/deposit/callback/${deps.sandbox.code}`,
        headers: cb.headers,
        payload: cb.body,
      });
      if (res.statusCode !== 200) {
        request.log.warn({ status: res.statusCode, body: res.body.slice(0, 500) }, 'sandbox callback refused');
        return send(
          reply,
          502,
          page(
            'Callback failed',
            `<h1>The site refused the callback</h1><a class="btn" href="${escapeHtml(depositReturnPath(order.reference))}">Back to the site</a>`,
          ),
        );
      }
      return reply.redirect(depositReturnPath(order.reference), 303);
    });
  });
}

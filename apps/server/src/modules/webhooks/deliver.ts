/**
 * One delivery attempt (docs/design/webhooks.md#delivery): claim the row, POST the signed JSON to the
 * endpoint, log the attempt and schedule the next one. The address guard of order links applies again at
 * every attempt (a name may resolve elsewhere by now), and the connection goes to the address checked.
 */
import { WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '@app/contracts';
import type { AppContext } from '../../context';
import { publicTargets } from '../../integrations/browser/guard-proxy';
import { requestLink } from '../../integrations/browser/link-request';
import { errorMessage } from '../../lib/error-message';
import { type ClaimedDelivery, claimDelivery, recordAttempt } from './repository';
import { openWebhookSecret } from './secret';
import { webhookSignature } from './signature';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

export const webhookDeliveryKey = (deliveryId: number) => `webhook-delivery:${deliveryId}`;

/** Waits after failed attempts 1…5: 30 s, 2, 8, 32 and 128 minutes; the sixth failure is final. */
export const RETRY_DELAYS_SECONDS = [30, 120, 480, 1920, 7680] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Beyond the request timeout: time to record the outcome before another worker may take the row over. */
const LEASE_MARGIN_MS = 5_000;

export type DeliveryResult = 'delivered' | 'retrying' | 'failed' | 'not-due';

export function webhookBody(event: ClaimedDelivery['event']): string {
  const payload: WebhookPayload = {
    id: event.id,
    type: event.type as WebhookPayload['type'],
    createdAt: event.createdAt.toISOString(),
    data: event.data,
  };
  return JSON.stringify(payload);
}

/** Tries one delivery now if it is due (or its previous worker died); never throws for the endpoint's faults. */
export async function deliverWebhook(context: AppContext, deliveryId: number): Promise<DeliveryResult> {
  const { config, clock } = context;
  const claimedAt = clock.now();
  const leaseUntil = new Date(claimedAt.getTime() + config.webhookTimeoutMs + LEASE_MARGIN_MS);
  const claimed = await claimDelivery(context.db, deliveryId, claimedAt, leaseUntil);
  if (!claimed) return 'not-due';

  const started = performance.now();
  const { responseCode, error } = await post(context, claimed);
  const durationMs = Math.round(performance.now() - started);
  const ok = error === null;
  const attempt = claimed.delivery.attempts;
  const delay = ok ? undefined : RETRY_DELAYS_SECONDS[attempt - 1];
  const at = clock.now();
  await recordAttempt(context.db, claimed.delivery, {
    ok,
    responseCode,
    durationMs,
    error,
    at: claimedAt,
    nextAttemptAt: delay === undefined ? null : new Date(at.getTime() + delay * 1000),
  });
  return ok ? 'delivered' : delay === undefined ? 'failed' : 'retrying';
}

async function post(
  context: AppContext,
  { endpoint, event }: ClaimedDelivery,
): Promise<{ responseCode: number | null; error: string | null }> {
  const timeoutMs = context.config.webhookTimeoutMs;
  try {
    const url = new URL(endpoint.url);
    const address = context.config.orderLinksAllowPrivateAddresses
      ? undefined
      : await publicTargets(url.hostname, Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
    if (address && 'blocked' in address) {
      return { responseCode: null, error: privateAddressMessage(address.blocked) };
    }
    const body = webhookBody(event);
    // The receiver checks the time against its own clock: the signature carries real time, not the app clock.
    const signature = webhookSignature(
      openWebhookSecret(context.secrets, endpoint.secretEncrypted),
      body,
      Math.floor(Date.now() / 1000),
    );
    const response = await requestLink(url, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(timeoutMs),
      ...(address ? { address: address.address } : {}),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'InboxOps-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature,
        'x-inbox-ops-event': event.type,
        'x-inbox-ops-delivery': event.id,
      },
    });
    // Only the status matters; the body is let go so the socket closes.
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return { responseCode: response.status, error: null };
    const redirect = response.status >= 300 && response.status < 400;
    return {
      responseCode: response.status,
      error: redirect
        ? `The endpoint answered ${response.status} (a redirect): redirects are not followed, register the final URL`
        : `The endpoint answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { responseCode: null, error: `No answer within ${timeoutMs / 1000} s` };
    }
    return { responseCode: null, error: `The request failed: ${errorMessage(error)}` };
  }
}

export function privateAddressMessage(address: string): string {
  return `The endpoint leads to a private network address (${address}); webhook endpoints must be public web addresses. Set ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES=true to allow your own network.`;
}

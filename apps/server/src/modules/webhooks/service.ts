/**
 * Webhook endpoints for admins (docs/behaviour/webhooks.md): save (create or update) and delete are one
 * function each, so that the audit log can be added in their transaction.
 */
import type {
  TWebhookCreate,
  TWebhookUpdate,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEventName,
  WebhookEventType,
} from '@app/contracts';
import type { AppContext } from '../../context';
import { publicTargets } from '../../integrations/browser/guard-proxy';
import { AppError } from '../../lib/app-error';
import { type AuditActor, auditedDelete, recordAudit } from '../audit/record-audit';
import { privateAddressMessage, WEBHOOK_DELIVERY_QUEUE, webhookDeliveryKey } from './deliver';
import { emitTestEvent } from './outbox-repository';
import {
  deleteEndpointRow,
  findEndpointRow,
  insertEndpoint,
  listDeliveryRows,
  listEndpointRows,
  updateEndpoint,
  type WebhookEndpointRow,
} from './repository';
import { sealWebhookSecret } from './secret';

const notFound = () => AppError.notFound('Webhook not found');

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    hasSecret: row.secretEncrypted !== '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listWebhooks({ db }: AppContext): Promise<WebhookEndpoint[]> {
  return (await listEndpointRows(db)).map(toWebhookEndpoint);
}

export async function getWebhook({ db }: AppContext, id: number): Promise<WebhookEndpoint> {
  const row = await findEndpointRow(db, id);
  if (!row) throw notFound();
  return toWebhookEndpoint(row);
}

/**
 * The address guard of order links, at save time: the URL's host must resolve to public addresses only,
 * unless ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES. Each delivery checks again (deliver.ts).
 */
async function checkEndpointUrl(context: AppContext, raw: string): Promise<void> {
  if (context.config.orderLinksAllowPrivateAddresses) return;
  const url = new URL(raw);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const resolved = await publicTargets(url.hostname, port).catch(() => null);
  if (!resolved) {
    throw AppError.badRequest(`Invalid request: url: ${url.hostname} could not be resolved`, {
      url: `${url.hostname} could not be resolved`,
    });
  }
  if ('blocked' in resolved) {
    const message = privateAddressMessage(resolved.blocked);
    throw AppError.badRequest(`Invalid request: url: ${message}`, { url: message });
  }
}

/** The audit log's view of an endpoint (docs/behaviour/audit-log.md): its signing secret only as "changed". */
const WEBHOOK_AUDIT = { entityType: 'webhook', secretFields: ['secretEncrypted'] } as const;

/** Creates (id null) or updates an endpoint; an update without a secret keeps the stored one. */
export async function saveWebhook(
  context: AppContext,
  id: number | null,
  input: TWebhookCreate | TWebhookUpdate,
  actor: AuditActor,
): Promise<WebhookEndpoint> {
  await checkEndpointUrl(context, input.url);
  const secret = input.secret ? { secretEncrypted: sealWebhookSecret(context.secrets, input.secret) } : {};
  const values = { url: input.url, events: input.events, active: input.active, ...secret };
  return context.db.transaction(async (tx) => {
    const before = id === null ? null : ((await findEndpointRow(tx, id)) ?? null);
    let savedId = id;
    if (savedId === null) {
      if (!secret.secretEncrypted) {
        throw AppError.badRequest('Invalid request: secret: Enter the signing secret', {
          secret: 'Enter the signing secret',
        });
      }
      savedId = await insertEndpoint(tx, { ...values, secretEncrypted: secret.secretEncrypted });
    } else if (!(await updateEndpoint(tx, savedId, values))) {
      throw notFound();
    }
    const after = (await findEndpointRow(tx, savedId))!;
    await recordAudit(tx, {
      ...WEBHOOK_AUDIT,
      actor,
      entityId: savedId,
      action: before ? 'updated' : 'created',
      before,
      after,
    });
    return toWebhookEndpoint(after);
  });
}

export async function deleteWebhook(context: AppContext, id: number, actor: AuditActor): Promise<void> {
  await auditedDelete(context.db, {
    ...WEBHOOK_AUDIT,
    actor,
    id,
    load: findEndpointRow,
    remove: deleteEndpointRow,
    notFound,
  });
}

/** "Send test event": a `test` event for this endpoint alone, handed to the queue at once. */
export async function sendTestEvent(
  context: AppContext,
  id: number,
  by: { username: string },
): Promise<{ eventId: string; deliveryId: number }> {
  const emitted = await emitTestEvent(context.db, id, {
    message: 'A test event from Inbox Ops',
    endpointId: id,
    sentBy: by.username,
  });
  if (!emitted) throw notFound();
  const deliveryId = emitted.deliveryIds[0]!;
  // Without a queue yet (start-up), the dispatcher picks the delivery up on its next turn.
  await context.jobQueue
    ?.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId }, { singletonKey: webhookDeliveryKey(deliveryId) })
    .catch(() => null);
  return { eventId: emitted.eventId, deliveryId };
}

export async function listWebhookDeliveries(
  context: AppContext,
  id: number,
  limit: number,
): Promise<WebhookDelivery[]> {
  if (!(await findEndpointRow(context.db, id))) throw notFound();
  const { deliveries, attempts } = await listDeliveryRows(context.db, id, limit);
  return deliveries.map(({ delivery, eventType }) => {
    const status = delivery.status as WebhookDeliveryStatus;
    return {
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: eventType as WebhookEventName,
      status,
      attempts: delivery.attempts,
      responseCode: delivery.responseCode,
      durationMs: delivery.durationMs,
      error: delivery.error,
      nextRetryAt: status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      createdAt: delivery.createdAt.toISOString(),
      attemptLog: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          attempt: attempt.attempt,
          at: attempt.at.toISOString(),
          ok: attempt.ok,
          responseCode: attempt.responseCode,
          durationMs: attempt.durationMs,
          error: attempt.error,
        })),
    };
  });
}

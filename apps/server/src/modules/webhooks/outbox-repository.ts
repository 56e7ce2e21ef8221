/**
 * The webhook outbox (docs/design/webhooks.md): an event is written by the same transaction as what it
 * reports, with one delivery row per endpoint that wants it, so an event is never announced for work that
 * rolled back, nor lost for work that committed. Nothing is written when no active endpoint subscribes.
 * The delivery jobs (jobs/webhook-jobs.ts) send it after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventName, WebhookEventType } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

export interface EmittedEvent {
  eventId: string;
  deliveryIds: number[];
}

/** Records an event for every active endpoint subscribed to `type`; null when none is. */
export async function emitWebhookEvent(
  db: DbOrTx,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<EmittedEvent | null> {
  return insertEvent(db, type, data, sql`active and events @> ${JSON.stringify([type])}::jsonb`);
}

/** A `test` event for one endpoint, active or not ("Send test event"). */
export async function emitTestEvent(
  db: DbOrTx,
  endpointId: number,
  data: Record<string, unknown>,
): Promise<EmittedEvent | null> {
  return insertEvent(db, 'test', data, sql`id = ${endpointId}`);
}

async function insertEvent(
  db: DbOrTx,
  type: WebhookEventName,
  data: Record<string, unknown>,
  endpoints: ReturnType<typeof sql>,
): Promise<EmittedEvent | null> {
  const eventId = randomUUID();
  // One statement: the endpoints are read once, and the event row exists only when a delivery does.
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`
    with targets as (select id from webhook_endpoints where ${endpoints}),
    event as (
      insert into webhook_events (id, type, data)
      select ${eventId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb
      where exists (select 1 from targets)
      returning id
    )
    insert into webhook_deliveries (endpoint_id, event_id)
    select targets.id, event.id from targets cross join event
    returning id
  `,
  );
  if (rows.length === 0) return null;
  return { eventId, deliveryIds: rows.map((row) => Number(row.id)) };
}

/** SQL of webhook endpoints and their deliveries (docs/design/webhooks.md). */
import type { DbOrTx } from '@app/db';
import { queryRows, schema } from '@app/db';
import { and, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';

const { webhookEndpoints, webhookEvents, webhookDeliveries, webhookDeliveryAttempts } = schema;

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookEndpointValues = Pick<
  typeof webhookEndpoints.$inferInsert,
  'url' | 'events' | 'secretEncrypted' | 'active'
>;

export async function listEndpointRows(db: DbOrTx): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
}

export async function findEndpointRow(db: DbOrTx, id: number): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(db: DbOrTx, values: WebhookEndpointValues): Promise<number> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  values: Partial<WebhookEndpointValues>,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Its deliveries and their attempts go with it (cascade); events nobody else waits for are dropped. */
export async function deleteEndpointRow(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (rows.length === 0) return false;
  await db.execute(sql`
    delete from webhook_events e
    where not exists (select 1 from webhook_deliveries d where d.event_id = e.id)
  `);
  return true;
}

/** The latest deliveries of one endpoint, newest first, with their event and every attempt. */
export async function listDeliveryRows(db: DbOrTx, endpointId: number, limit: number) {
  const deliveries = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  const ids = deliveries.map(({ delivery }) => delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookDeliveryAttempts)
          .where(inArray(webhookDeliveryAttempts.deliveryId, ids))
          .orderBy(webhookDeliveryAttempts.deliveryId, webhookDeliveryAttempts.attempt);
  return { deliveries, attempts };
}

/**
 * Deliveries a job should pick up now: due, or claimed by a worker whose lease ran out (it died). Paged by
 * id (`afterId`), so a dispatcher walks a long backlog without reading a page twice.
 */
export async function findDueDeliveryIds(
  db: DbOrTx,
  now: Date,
  limit: number,
  afterId = 0,
): Promise<number[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        gt(webhookDeliveries.id, afterId),
        or(
          and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)),
          and(eq(webhookDeliveries.status, 'sending'), lt(webhookDeliveries.leaseUntil, now)),
        ),
      ),
    )
    .orderBy(webhookDeliveries.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
  event: typeof webhookEvents.$inferSelect;
  /** Set when the claim took over from a worker that stopped mid-attempt (that attempt is logged failed). */
  tookOver: boolean;
}

export const WORKER_STOPPED_MESSAGE = 'The worker stopped during this attempt; the delivery was tried again';

/**
 * Claims a delivery for one attempt: only one worker gets the row back. A claim whose lease ran out counts
 * as a failed attempt of its own, logged as such, and is claimed again.
 */
export async function claimDelivery(
  db: DbOrTx,
  id: number,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedDelivery | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id))
      .for('update');
    if (!current) return null;
    const due = current.status === 'pending' && current.nextAttemptAt <= now;
    const lapsed = current.status === 'sending' && current.leaseUntil !== null && current.leaseUntil < now;
    if (!due && !lapsed) return null;
    if (lapsed) {
      await tx
        .insert(webhookDeliveryAttempts)
        .values({
          deliveryId: id,
          attempt: current.attempts,
          at: current.updatedAt,
          ok: false,
          durationMs: Math.max(0, now.getTime() - current.updatedAt.getTime()),
          error: WORKER_STOPPED_MESSAGE,
        })
        .onConflictDoNothing();
    }
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ status: 'sending', attempts: current.attempts + 1, leaseUntil, updatedAt: now })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, current.endpointId));
    const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.id, current.eventId));
    if (!delivery || !endpoint || !event) return null;
    return { delivery, endpoint, event, tookOver: lapsed };
  });
}

export interface AttemptOutcome {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
  at: Date;
  /** The next attempt's time; null: no more attempts (delivered, or given up). */
  nextAttemptAt: Date | null;
}

/** Logs the attempt and moves the delivery on, unless another worker took it over meanwhile. */
export async function recordAttempt(
  db: DbOrTx,
  delivery: WebhookDeliveryRow,
  outcome: AttemptOutcome,
): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.ok ? 'succeeded' : outcome.nextAttemptAt ? 'pending' : 'failed',
        nextAttemptAt: outcome.nextAttemptAt ?? delivery.nextAttemptAt,
        leaseUntil: null,
        responseCode: outcome.responseCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, 'sending'),
          eq(webhookDeliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (moved.length === 0) return;
    await tx
      .insert(webhookDeliveryAttempts)
      .values({
        deliveryId: delivery.id,
        attempt: delivery.attempts,
        at: outcome.at,
        ok: outcome.ok,
        responseCode: outcome.responseCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
      })
      .onConflictDoNothing();
  });
}

/**
 * Housekeeping: events created before `before` whose deliveries have all ended (delivered or given up), with
 * their deliveries and attempt logs (cascade). Returns how many events went.
 */
export async function deleteSettledEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await queryRows<unknown>(
    db,
    sql`
    delete from webhook_events e
    where e.created_at < ${before}
      and not exists (
        select 1 from webhook_deliveries d where d.event_id = e.id and d.status in ('pending', 'sending')
      )
    returning e.id
  `,
  );
  return rows.length;
}

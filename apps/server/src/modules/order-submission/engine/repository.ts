/**
 * SQL of the submission engine. Every hand-over of work is a claim: one UPDATE ... WHERE <state> RETURNING,
 * so that of two app instances (or a request and a job) only one ever gets a given e-mail, batch or line.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Day, dayOf } from './days';

const { submissionOrderEmails, submissionBatches, submissionVendorLines, orderSubmissionSources, runs } =
  schema;

export type OrderEmailRow = typeof submissionOrderEmails.$inferSelect;
export type OrderEmailInsert = typeof submissionOrderEmails.$inferInsert;
export type BatchRow = typeof submissionBatches.$inferSelect;
export type VendorLineInsert = typeof submissionVendorLines.$inferInsert;

/** An e-mail claimed longer ago than this is taken to belong to an instance that stopped. */
export const ORDER_EMAIL_LEASE_SECONDS = 10 * 60;
/** A batch's submissions (PDFs, one e-mail per vendor) may take a while; a batch claimed longer ago is resumed. */
export const BATCH_LEASE_SECONDS = 30 * 60;
/**
 * A vendor run still running after this, its e-mail handed to the relay (or from before hand-overs were
 * recorded), was interrupted between the relay's answer and its "sent" step.
 */
export const VENDOR_RUN_LEASE_SECONDS = 30 * 60;
/**
 * A vendor run still running after this whose e-mail was never handed over stopped before the relay could
 * take it. Longer than signing in, connecting and the greeting may take (15 s each by default), so that a
 * live send is seldom taken over; when it is, its hand-over finds the run ended and gives up.
 */
export const VENDOR_SEND_START_LEASE_SECONDS = 2 * 60;

const olderThan = (
  column: typeof submissionOrderEmails.claimedAt | typeof submissionBatches.claimedAt,
  seconds: number,
) => lt(column, sql`now() - make_interval(secs => ${seconds})`);

export async function insertOrderEmail(db: DbOrTx, values: OrderEmailInsert): Promise<number> {
  const [row] = await db
    .insert(submissionOrderEmails)
    .values(values)
    .returning({ id: submissionOrderEmails.id });
  return row!.id;
}

export async function findOrderEmail(db: DbOrTx, id: number): Promise<OrderEmailRow | undefined> {
  const [row] = await db.select().from(submissionOrderEmails).where(eq(submissionOrderEmails.id, id));
  return row;
}

/** waiting → processing; also takes back an e-mail whose claim expired (its instance stopped). */
export async function claimOrderEmail(db: DbOrTx, id: number): Promise<OrderEmailRow | undefined> {
  const [row] = await db
    .update(submissionOrderEmails)
    .set({ status: 'processing', claimedAt: sql`now()` })
    .where(
      and(
        eq(submissionOrderEmails.id, id),
        or(
          eq(submissionOrderEmails.status, 'waiting'),
          and(
            eq(submissionOrderEmails.status, 'processing'),
            olderThan(submissionOrderEmails.claimedAt, ORDER_EMAIL_LEASE_SECONDS),
          ),
        ),
      ),
    )
    .returning();
  return row;
}

export async function updateOrderEmail(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<OrderEmailInsert, 'id'>>,
): Promise<void> {
  await db.update(submissionOrderEmails).set(values).where(eq(submissionOrderEmails.id, id));
}

/** E-mails recorded but never taken up, or whose instance stopped while following their link. */
export async function orderEmailsToResume(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: submissionOrderEmails.id })
    .from(submissionOrderEmails)
    .where(
      or(
        eq(submissionOrderEmails.status, 'waiting'),
        and(
          eq(submissionOrderEmails.status, 'processing'),
          olderThan(submissionOrderEmails.claimedAt, ORDER_EMAIL_LEASE_SECONDS),
        ),
      ),
    )
    .orderBy(asc(submissionOrderEmails.id));
  return rows.map((row) => row.id);
}

export async function countReadyEmails(db: DbOrTx, sourceId: number, day: Day): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissionOrderEmails)
    .where(
      and(
        eq(submissionOrderEmails.orderSubmissionSourceId, sourceId),
        eq(submissionOrderEmails.batchDay, day),
        eq(submissionOrderEmails.status, 'ready'),
      ),
    );
  return row?.count ?? 0;
}

/** (source, day) pairs with ready e-mails from before `today`: batches that will not complete any more. */
export async function unfinishedBatchDays(
  db: DbOrTx,
  today: Day,
): Promise<Array<{ sourceId: number; day: Day }>> {
  const rows = await db
    .selectDistinct({
      sourceId: submissionOrderEmails.orderSubmissionSourceId,
      day: submissionOrderEmails.batchDay,
    })
    .from(submissionOrderEmails)
    .where(and(eq(submissionOrderEmails.status, 'ready'), lt(submissionOrderEmails.batchDay, today)))
    .orderBy(asc(submissionOrderEmails.batchDay), asc(submissionOrderEmails.orderSubmissionSourceId));
  return rows;
}

/**
 * Forms a batch of the ready e-mails of a source and day (or of one e-mail), claiming them in one
 * statement: of two instances completing the same batch, one gets the e-mails and the other nothing.
 * Returns undefined (and writes nothing) when fewer than `atLeast` e-mails could be claimed.
 */
export async function formBatch(
  db: DbOrTx,
  input: { sourceId: number; day: Day; trigger: string; late: boolean; atLeast: number; emailId?: number },
): Promise<{ batchId: number; emailIds: number[] } | undefined> {
  return db
    .transaction(async (tx) => {
      const [batch] = await tx
        .insert(submissionBatches)
        .values({
          orderSubmissionSourceId: input.sourceId,
          batchDay: input.day,
          status: 'waiting',
          late: input.late,
          trigger: input.trigger,
        })
        .returning({ id: submissionBatches.id });
      const which =
        input.emailId === undefined
          ? and(
              eq(submissionOrderEmails.orderSubmissionSourceId, input.sourceId),
              eq(submissionOrderEmails.batchDay, input.day),
            )
          : eq(submissionOrderEmails.id, input.emailId);
      const taken = await tx
        .update(submissionOrderEmails)
        .set({ status: 'batched', batchId: batch!.id })
        .where(and(which, eq(submissionOrderEmails.status, 'ready')))
        .returning({ id: submissionOrderEmails.id });
      if (taken.length < Math.max(input.atLeast, 1)) throw new NotEnough();
      return { batchId: batch!.id, emailIds: taken.map((row) => row.id).sort((a, b) => a - b) };
    })
    .catch((error: unknown) => {
      if (error instanceof NotEnough) return undefined;
      throw error;
    });
}

class NotEnough extends Error {}

/** waiting → sending, for the instance that groups its lines. */
export async function claimWaitingBatch(db: DbOrTx, batchId: number): Promise<BatchRow | undefined> {
  const [row] = await db
    .update(submissionBatches)
    .set({ status: 'sending', claimedAt: sql`now()` })
    .where(and(eq(submissionBatches.id, batchId), eq(submissionBatches.status, 'waiting')))
    .returning();
  return row;
}

/** A batch left 'sending' by an instance that stopped: taken over once its claim expired. */
export async function reclaimSendingBatch(db: DbOrTx, batchId: number): Promise<BatchRow | undefined> {
  const [row] = await db
    .update(submissionBatches)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(submissionBatches.id, batchId),
        eq(submissionBatches.status, 'sending'),
        olderThan(submissionBatches.claimedAt, BATCH_LEASE_SECONDS),
      ),
    )
    .returning();
  return row;
}

export async function batchesToResume(db: DbOrTx): Promise<Array<{ id: number; status: string }>> {
  return db
    .select({ id: submissionBatches.id, status: submissionBatches.status })
    .from(submissionBatches)
    .where(
      or(
        eq(submissionBatches.status, 'waiting'),
        and(
          eq(submissionBatches.status, 'sending'),
          olderThan(submissionBatches.claimedAt, BATCH_LEASE_SECONDS),
        ),
      ),
    )
    .orderBy(asc(submissionBatches.id));
}

export async function updateBatch(
  db: DbOrTx,
  batchId: number,
  values: Partial<Omit<typeof submissionBatches.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(submissionBatches).set(values).where(eq(submissionBatches.id, batchId));
}

export async function findBatch(db: DbOrTx, batchId: number): Promise<BatchRow | undefined> {
  const [row] = await db.select().from(submissionBatches).where(eq(submissionBatches.id, batchId));
  return row;
}

export async function emailsOfBatch(db: DbOrTx, batchId: number): Promise<OrderEmailRow[]> {
  return db
    .select()
    .from(submissionOrderEmails)
    .where(eq(submissionOrderEmails.batchId, batchId))
    .orderBy(asc(submissionOrderEmails.id));
}

export async function insertVendorLines(db: DbOrTx, rows: VendorLineInsert[]): Promise<void> {
  const CHUNK = 500;
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(submissionVendorLines).values(rows.slice(start, start + CHUNK));
  }
}

/** A vendor's line waiting to be sent, with what the e-mail and the file need of its order e-mail. */
export interface WaitingLine {
  id: number;
  batchId: number;
  emailId: number;
  line: { rowNumber: number; values: Record<string, string>; cells: string[] };
  poNumber: string;
  matchedName: string;
  accountNumber: string;
  lineDay: Day;
  quantityOne: boolean;
  email: {
    subject: string;
    textBody: string;
    htmlBody: string;
    rawFileId: number | null;
    pdfFileId: number | null;
    orderFileId: number | null;
    orderFileName: string | null;
    headers: string[];
    trigger: string;
  };
}

export async function waitingLinesOf(db: DbOrTx, vendorId: number): Promise<WaitingLine[]> {
  const rows = await db
    .select({
      id: submissionVendorLines.id,
      batchId: submissionVendorLines.batchId,
      emailId: submissionVendorLines.emailId,
      line: submissionVendorLines.line,
      poNumber: submissionVendorLines.poNumber,
      matchedName: submissionVendorLines.matchedName,
      accountNumber: submissionVendorLines.accountNumber,
      lineDay: submissionVendorLines.lineDay,
      quantityOne: orderSubmissionSources.ordersAreAllQuantityOne,
      subject: submissionOrderEmails.subject,
      textBody: submissionOrderEmails.textBody,
      htmlBody: submissionOrderEmails.htmlBody,
      rawFileId: submissionOrderEmails.rawFileId,
      pdfFileId: submissionOrderEmails.pdfFileId,
      orderFileId: submissionOrderEmails.orderFileId,
      orderFileName: submissionOrderEmails.orderFileName,
      headers: submissionOrderEmails.orderFileHeaders,
      trigger: submissionOrderEmails.trigger,
    })
    .from(submissionVendorLines)
    .innerJoin(submissionOrderEmails, eq(submissionOrderEmails.id, submissionVendorLines.emailId))
    .innerJoin(
      orderSubmissionSources,
      eq(orderSubmissionSources.id, submissionOrderEmails.orderSubmissionSourceId),
    )
    .where(and(eq(submissionVendorLines.vendorId, vendorId), isNull(submissionVendorLines.runId)))
    .orderBy(asc(submissionVendorLines.id));
  return rows.map((row) => ({
    id: row.id,
    batchId: row.batchId,
    emailId: row.emailId,
    line: row.line,
    poNumber: row.poNumber,
    matchedName: row.matchedName,
    accountNumber: row.accountNumber,
    lineDay: row.lineDay,
    quantityOne: row.quantityOne,
    email: {
      subject: row.subject,
      textBody: row.textBody,
      htmlBody: row.htmlBody,
      rawFileId: row.rawFileId,
      pdfFileId: row.pdfFileId,
      orderFileId: row.orderFileId,
      orderFileName: row.orderFileName,
      headers: row.headers ?? [],
      trigger: row.trigger,
    },
  }));
}

/** The vendors that have lines waiting. */
export async function vendorsWithWaitingLines(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ vendorId: submissionVendorLines.vendorId })
    .from(submissionVendorLines)
    .where(isNull(submissionVendorLines.runId))
    .orderBy(asc(submissionVendorLines.vendorId));
  return rows.map((row) => row.vendorId);
}

/** Claims lines for a vendor run; returns the ids it got (all, unless another instance was first). */
export async function claimLines(db: DbOrTx, lineIds: number[], runId: number): Promise<number[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .update(submissionVendorLines)
    .set({ runId })
    .where(and(inArray(submissionVendorLines.id, lineIds), isNull(submissionVendorLines.runId)))
    .returning({ id: submissionVendorLines.id });
  return rows.map((row) => row.id);
}

/**
 * A send the relay deferred (4xx) or could not be reached for: the run's lines wait again, for the next
 * attempt (docs/behaviour/order-submission.md#sending-exactly-once).
 */
export async function releaseLines(db: DbOrTx, runId: number): Promise<number> {
  const rows = await db
    .update(submissionVendorLines)
    .set({ runId: null })
    .where(eq(submissionVendorLines.runId, runId))
    .returning({ id: submissionVendorLines.id });
  return rows.length;
}

/** Whether the vendor's latest run was a deferred send whose lines wait for their next attempt. */
export async function lastRunDeferred(db: DbOrTx, vendorId: number): Promise<boolean> {
  const [last] = await db
    .select({ details: runs.details })
    .from(runs)
    .where(and(eq(runs.sourceType, 'vendor'), eq(runs.sourceId, vendorId)))
    .orderBy(sql`${runs.startedAt} desc`, sql`${runs.id} desc`)
    .limit(1);
  return (last?.details as { deferred?: boolean } | null)?.deferred === true;
}

/** Per vendor, the lines of a batch and the runs that took them (null: still waiting). */
export async function batchLineRuns(
  db: DbOrTx,
  batchId: number,
): Promise<Array<{ vendorId: number; runId: number | null; lines: number; runStatus: string | null }>> {
  const rows = await db
    .select({
      vendorId: submissionVendorLines.vendorId,
      runId: submissionVendorLines.runId,
      lines: sql<number>`count(*)::int`,
      runStatus: runs.status,
    })
    .from(submissionVendorLines)
    .leftJoin(runs, eq(runs.id, submissionVendorLines.runId))
    .where(eq(submissionVendorLines.batchId, batchId))
    .groupBy(submissionVendorLines.vendorId, submissionVendorLines.runId, runs.status);
  return rows;
}

/**
 * Vendor runs left 'running' by an instance that stopped between claiming their lines and recording the
 * outcome: whether the e-mail went out is unknown, so they are closed as failed (never sent again by
 * themselves; an operator checks with the vendor and re-sends).
 */
/**
 * Vendor runs left 'running' by a stopped instance (docs/behaviour/order-submission.md#sending-exactly-once):
 * - never handed over (details.handover 'pending') past VENDOR_SEND_START_LEASE_SECONDS: the relay cannot
 *   have taken the e-mail, so the run is closed as deferred and its lines wait again, sent by the same
 *   due-work run with the same Message-ID;
 * - handed over (or from before hand-overs were recorded) past VENDOR_RUN_LEASE_SECONDS: the e-mail may or
 *   may not have gone, so it is closed as failed and never sent again by itself.
 */
export async function failInterruptedVendorRuns(db: DbOrTx): Promise<{ resent: number; unknown: number }> {
  const resent = await db.transaction(async (tx) => {
    const rows = await tx
      .update(runs)
      .set({
        status: 'failed',
        message:
          'The submission was interrupted (the server stopped) before its e-mail was handed over to the relay, so nothing was sent: its lines are sent again with the same Message-ID.',
        details: sql`${runs.details} || '{"deferred": true}'::jsonb`,
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(runs.sourceType, 'vendor'),
          eq(runs.status, 'running'),
          sql`${runs.details}->>'handover' = 'pending'`,
          lt(runs.startedAt, sql`now() - make_interval(secs => ${VENDOR_SEND_START_LEASE_SECONDS})`),
        ),
      )
      .returning({ id: runs.id });
    for (const row of rows) await releaseLines(tx, row.id);
    return rows.length;
  });
  const unknown = await db
    .update(runs)
    .set({
      status: 'failed',
      message:
        'The submission was interrupted (the server stopped) after its e-mail was handed over to the relay and before the result of sending was recorded: the e-mail may or may not have reached the vendor. Check with the vendor, then use Re-send if needed.',
      finishedAt: sql`now()`,
    })
    .where(
      and(
        eq(runs.sourceType, 'vendor'),
        eq(runs.status, 'running'),
        sql`coalesce(${runs.details}->>'handover', '') <> 'pending'`,
        lt(runs.startedAt, sql`now() - make_interval(secs => ${VENDOR_RUN_LEASE_SECONDS})`),
      ),
    )
    .returning({ id: runs.id });
  return { resent, unknown: unknown.length };
}

/**
 * The hand-over of a vendor run's e-mail, just before the relay is given the end of its data: only while
 * the run is still this send's (running, never handed over). False when failInterruptedVendorRuns has
 * taken it over: the send must then stop short of the end.
 */
export async function markHandover(db: DbOrTx, runId: number): Promise<boolean> {
  const rows = await db
    .update(runs)
    .set({ details: sql`${runs.details} || '{"handover": "started"}'::jsonb` })
    .where(and(eq(runs.id, runId), eq(runs.status, 'running'), sql`${runs.details}->>'handover' = 'pending'`))
    .returning({ id: runs.id });
  return rows.length === 1;
}

/** When the earliest vendor run now sending, never handed over, would count as interrupted; null: none. */
export async function nextInterruptedSendCheck(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<
        Date | string | null
      >`min(${runs.startedAt}) + make_interval(secs => ${VENDOR_SEND_START_LEASE_SECONDS})`,
    })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'vendor'),
        eq(runs.status, 'running'),
        sql`${runs.details}->>'handover' = 'pending'`,
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** The latest vendor run whose file could not be made, and when the vendor was last saved. */
export async function lastBuildFailure(
  db: DbOrTx,
  vendorId: number,
): Promise<{ failedAt: Date; vendorUpdatedAt: Date } | undefined> {
  const { orderVendorSources } = schema;
  const [last] = await db
    .select({ startedAt: runs.startedAt, details: runs.details, status: runs.status })
    .from(runs)
    .where(and(eq(runs.sourceType, 'vendor'), eq(runs.sourceId, vendorId)))
    .orderBy(sql`${runs.startedAt} desc`, sql`${runs.id} desc`)
    .limit(1);
  if (last?.status !== 'failed' || !(last.details as { buildFailed?: boolean } | null)?.buildFailed) {
    return undefined;
  }
  const [vendor] = await db
    .select({ updatedAt: orderVendorSources.updatedAt })
    .from(orderVendorSources)
    .where(eq(orderVendorSources.id, vendorId));
  if (!vendor) return undefined;
  return { failedAt: last.startedAt, vendorUpdatedAt: vendor.updatedAt };
}

/**
 * Retention (RUN_FILE_RETENTION_DAYS): order e-mails received before `cutoff` whose lines have all been
 * sent are forgotten, with their lines, and then their batches; their files stay only as long as runs
 * still reference them (the housekeeping job deletes unreferenced run files). Waiting lines keep their
 * e-mail and batch, however old.
 */
export async function deleteExpiredOrderEmails(
  db: DbOrTx,
  cutoff: Date,
): Promise<{ emails: number; batches: number }> {
  const waitingLine = (column: 'email_id' | 'batch_id', id: unknown) =>
    sql`exists (select 1 from ${submissionVendorLines} l where l.${sql.raw(column)} = ${id} and l.run_id is null)`;
  const emails = await db
    .delete(submissionOrderEmails)
    .where(
      and(
        lt(submissionOrderEmails.receivedAt, cutoff),
        inArray(submissionOrderEmails.status, ['batched', 'failed']),
        sql`not ${waitingLine('email_id', submissionOrderEmails.id)}`,
      ),
    )
    .returning({ id: submissionOrderEmails.id });
  const batches = await db
    .delete(submissionBatches)
    .where(
      and(
        inArray(submissionBatches.status, ['done', 'failed']),
        lt(submissionBatches.batchDay, dayOf(cutoff)),
        sql`not exists (select 1 from ${submissionOrderEmails} e where e.batch_id = ${submissionBatches.id})`,
        sql`not ${waitingLine('batch_id', submissionBatches.id)}`,
      ),
    )
    .returning({ id: submissionBatches.id });
  return { emails: emails.length, batches: batches.length };
}

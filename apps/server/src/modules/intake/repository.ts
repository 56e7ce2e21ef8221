/**
 * The SQL of mail intake (docs/design/mail-intake-exactly-once.md): the e-mail source's poll status, the
 * mailbox's UID state and the inbound_messages records. Every function takes the database or the
 * transaction it must write in.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';

const { emailSources, inboundMessages, mailboxStates, runs, storedFiles } = schema;

export type InboundMessageValues = typeof inboundMessages.$inferInsert;

export async function markPollStarted(db: DbOrTx, emailSourceId: number): Promise<void> {
  await db.update(emailSources).set({ lastPollAt: new Date() }).where(eq(emailSources.id, emailSourceId));
}

/**
 * Records a failed poll; one the mail server caused (`serverFault`) also counts towards the mailbox's
 * back-off. Returns the failures in a row so far (docs/behaviour/mail-intake.md#back-off).
 */
export async function markPollFailed(
  db: DbOrTx,
  emailSourceId: number,
  message: string,
  serverFault = false,
): Promise<number> {
  const [row] = await db
    .update(emailSources)
    .set({
      lastPollError: message,
      lastPollErrorAt: new Date(),
      ...(serverFault ? { pollFailures: sql`${emailSources.pollFailures} + 1` } : {}),
    })
    .where(eq(emailSources.id, emailSourceId))
    .returning({ failures: emailSources.pollFailures });
  return row?.failures ?? 0;
}

/** Claims the outage's one error alert: true for the first caller since the last successful poll. */
export async function claimOutageAlert(db: DbOrTx, emailSourceId: number): Promise<boolean> {
  const claimed = await db
    .update(emailSources)
    .set({ pollOutageAlertedAt: new Date() })
    .where(and(eq(emailSources.id, emailSourceId), isNull(emailSources.pollOutageAlertedAt)))
    .returning({ id: emailSources.id });
  return claimed.length > 0;
}

/** A successful poll ends the outage: the back-off starts over and the next outage alerts again. */
export async function markPollSucceeded(db: DbOrTx, emailSourceId: number): Promise<void> {
  await db
    .update(emailSources)
    .set({
      lastPollSucceededAt: new Date(),
      lastPollError: null,
      lastPollErrorAt: null,
      pollFailures: 0,
      pollOutageAlertedAt: null,
    })
    .where(eq(emailSources.id, emailSourceId));
}

/** A poll whose worker died leaves its run "running"; the next holder of the lease closes it. */
export async function failInterruptedPolls(db: DbOrTx, emailSourceId: number): Promise<void> {
  await db
    .update(runs)
    .set({
      status: 'failed',
      message: 'The poll was interrupted before it finished (the worker stopped); the next poll went on.',
      finishedAt: new Date(),
    })
    .where(and(eq(runs.sourceType, 'email'), eq(runs.sourceId, emailSourceId), eq(runs.status, 'running')));
}

/** A new UIDVALIDITY: the mailbox is read again from UID 0. */
export async function resetMailboxState(
  db: DbOrTx,
  emailSourceId: number,
  uidValidity: number,
): Promise<void> {
  await db
    .update(mailboxStates)
    .set({ uidValidity, lastUid: 0, updatedAt: new Date() })
    .where(eq(mailboxStates.emailSourceId, emailSourceId));
}

export async function advanceLastUid(
  tx: DbOrTx,
  emailSourceId: number,
  uidValidity: number,
  uid: number,
): Promise<void> {
  await tx
    .update(mailboxStates)
    .set({ lastUid: sql`greatest(${mailboxStates.lastUid}, ${uid})`, updatedAt: new Date() })
    .where(and(eq(mailboxStates.emailSourceId, emailSourceId), eq(mailboxStates.uidValidity, uidValidity)));
}

/** Messages whose \Seen flag a dropped connection kept an earlier poll from setting. */
export function messagesNeedingSeen(
  db: DbOrTx,
  emailSourceId: number,
  uidValidity: number,
): Promise<Array<{ id: number; uid: number }>> {
  return db
    .select({ id: inboundMessages.id, uid: inboundMessages.uid })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.emailSourceId, emailSourceId),
        eq(inboundMessages.uidValidity, uidValidity),
        eq(inboundMessages.needsSeenFlag, true),
      ),
    );
}

export async function clearNeedsSeen(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(inboundMessages).set({ needsSeenFlag: false }).where(inArray(inboundMessages.id, ids));
}

const messageKey = [inboundMessages.emailSourceId, inboundMessages.uidValidity, inboundMessages.uid];

/** Inserts records another poller has not taken yet; returns the ones inserted (id and UID). */
export function insertInboundMessages(
  tx: DbOrTx,
  values: InboundMessageValues[],
): Promise<Array<{ id: number; uid: number }>> {
  return tx
    .insert(inboundMessages)
    .values(values)
    .onConflictDoNothing({ target: messageKey })
    .returning({ id: inboundMessages.id, uid: inboundMessages.uid });
}

/** The new record's id, or undefined when another poller recorded the message first. */
export async function insertInboundMessage(
  tx: DbOrTx,
  values: InboundMessageValues,
): Promise<number | undefined> {
  const [row] = await insertInboundMessages(tx, [values]);
  return row?.id;
}

export async function markInboundFailed(tx: DbOrTx, inboundId: number, message: string): Promise<void> {
  await tx
    .update(inboundMessages)
    .set({ status: 'failed', message })
    .where(eq(inboundMessages.id, inboundId));
}

/** Whether this mailbox was read under another UIDVALIDITY: only then can a message be a copy. */
export async function hasOtherEpochs(
  db: DbOrTx,
  emailSourceId: number,
  uidValidity: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(
      and(eq(inboundMessages.emailSourceId, emailSourceId), ne(inboundMessages.uidValidity, uidValidity)),
    )
    .limit(1);
  return row !== undefined;
}

/** The same message recorded under an earlier UIDVALIDITY (a rebuilt or restored mailbox). */
export async function earlierCopy(
  tx: DbOrTx,
  emailSourceId: number,
  uidValidity: number,
  messageIdHash: string,
): Promise<{ id: number; status: string } | undefined> {
  const [row] = await tx
    .select({ id: inboundMessages.id, status: inboundMessages.status })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.emailSourceId, emailSourceId),
        eq(inboundMessages.messageIdHash, messageIdHash),
        ne(inboundMessages.uidValidity, uidValidity),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteStoredFile(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(storedFiles).where(eq(storedFiles.id, id));
}

/** Adds keys to a run's details (shown under "More details" in Run History). */
export async function addRunDetails(
  tx: DbOrTx,
  runId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(runs)
    .set({ details: sql`coalesce(${runs.details}, '{}'::jsonb) || ${JSON.stringify(details)}::jsonb` })
    .where(eq(runs.id, runId));
}

export async function inboundMessageById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(inboundMessages).where(eq(inboundMessages.id, id));
  return row;
}

/** The poll run before this one of the same mailbox, if any. */
export async function previousPollRun(db: DbOrTx, emailSourceId: number, runId: number) {
  const [row] = await db
    .select({
      id: runs.id,
      status: runs.status,
      message: runs.message,
      details: runs.details,
      startedAt: runs.startedAt,
    })
    .from(runs)
    .where(and(eq(runs.sourceType, 'email'), eq(runs.sourceId, emailSourceId), sql`${runs.id} < ${runId}`))
    .orderBy(sql`${runs.id} desc`)
    .limit(1);
  return row;
}

/** A repeat of the previous failure: that run counts it, this one goes. */
export async function foldIntoPreviousRun(
  db: DbOrTx,
  previousId: number,
  runId: number,
  details: Record<string, unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(runs).set({ details, finishedAt: new Date() }).where(eq(runs.id, previousId));
    await tx.delete(runs).where(eq(runs.id, runId));
  });
}

/** How often a failure repeated, in the run that stands for all of them (details.repeated). */
interface Repeated {
  count: number;
  firstAt: string;
  lastAt: string;
}

/**
 * A dead mailbox fails the same way every few minutes: when the previous poll run failed with the same
 * message and nothing happened in between, that run counts this one (count, first and last time) instead
 * of a new run filling the history. Returns the id of the run that counted it.
 */
export async function foldRepeatedFailure(
  db: DbOrTx,
  emailSourceId: number,
  runId: number,
  message: string,
  details: Record<string, unknown>,
): Promise<number | undefined> {
  const previous = await previousPollRun(db, emailSourceId, runId);
  if (previous?.status !== 'failed' || previous.message !== message) return undefined;
  const earlier = (previous.details as { repeated?: Repeated } | null)?.repeated;
  const repeated: Repeated = {
    count: (earlier?.count ?? 1) + 1,
    firstAt: earlier?.firstAt ?? previous.startedAt.toISOString(),
    lastAt: new Date().toISOString(),
  };
  await foldIntoPreviousRun(db, previous.id, runId, { ...details, repeated });
  return previous.id;
}

/**
 * The message's record, locked until the transaction ends: two "Offer again" of one message take turns, so the
 * second sees the runs the first committed (docs/behaviour/mail-intake.md#offer-a-message-again).
 */
export async function lockInboundMessage(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(inboundMessages).where(eq(inboundMessages.id, id)).for('update');
  return row;
}

/** A source's run for a message: one intake (or Offer again) recorded, or a re-process of such a run. */
export interface MessageRun {
  id: number;
  sourceType: string;
  sourceId: number | null;
  status: string;
  message: string | null;
}

/** Every source's runs for a message, oldest first, with the re-processes of those runs. */
export function runsOfMessage(db: DbOrTx, inboundMessageId: number): Promise<MessageRun[]> {
  const ofMessage = db.select({ id: runs.id }).from(runs).where(eq(runs.inboundMessageId, inboundMessageId));
  return db
    .select({
      id: runs.id,
      sourceType: runs.sourceType,
      sourceId: runs.sourceId,
      status: runs.status,
      message: runs.message,
    })
    .from(runs)
    .where(
      and(
        ne(runs.sourceType, 'email'),
        or(eq(runs.inboundMessageId, inboundMessageId), inArray(runs.reprocessOfRunId, ofMessage)),
      ),
    )
    .orderBy(runs.id);
}

/** What Offer again leaves on the record: its new status, the raw message it read, the \Seen flag to set. */
export async function updateOfferedMessage(
  tx: DbOrTx,
  id: number,
  values: { status: string; message: string | null; rawFileId: number | null; needsSeenFlag: boolean },
): Promise<void> {
  await tx
    .update(inboundMessages)
    .set({
      status: values.status,
      message: values.message,
      ...(values.rawFileId !== null ? { rawFileId: values.rawFileId } : {}),
      ...(values.needsSeenFlag ? { needsSeenFlag: true } : {}),
    })
    .where(eq(inboundMessages.id, id));
}

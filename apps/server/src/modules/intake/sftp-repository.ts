/**
 * What SFTP intake keeps (sftp-intake.ts): one row per supplier file read (its identity: path, size, modification
 * time; unique, so two pollers cannot both claim it), the source's poll state, and notes on the file's run.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { RunDeliveryRecord } from '../inventory-delivery/deliver';

const { inventorySftpFiles, inventorySftpStates, inventorySources, runs } = schema;

export interface SftpFileIdentity {
  sourceId: number;
  remotePath: string;
  size: number;
  modifiedAt: Date;
}

export async function findRecordedFile(db: DbOrTx, identity: SftpFileIdentity) {
  const [recorded] = await db.select().from(inventorySftpFiles).where(identityIs(identity));
  return recorded;
}

/** Records the file as read by this poll; undefined when another poll recorded it first. */
export async function claimFile(db: DbOrTx, identity: SftpFileIdentity): Promise<number | undefined> {
  const [claimed] = await db
    .insert(inventorySftpFiles)
    .values(identity)
    .onConflictDoNothing()
    .returning({ id: inventorySftpFiles.id });
  return claimed?.id;
}

export async function recordFileRun(db: DbOrTx, recordId: number, runId: number): Promise<void> {
  await db.update(inventorySftpFiles).set({ runId }).where(eq(inventorySftpFiles.id, recordId));
}

export async function recordFileMoved(db: DbOrTx, recordId: number, movedTo: string): Promise<void> {
  await db.update(inventorySftpFiles).set({ movedTo }).where(eq(inventorySftpFiles.id, recordId));
}

/** The source's newest run from a file that has an output file (succeeded or held). */
export async function newestRunWithOutput(db: DbOrTx, sourceId: number) {
  const [newest] = await db
    .select({ id: runs.id, status: runs.status, details: runs.details })
    .from(runs)
    .where(
      and(
        eq(runs.sourceType, 'inventory'),
        eq(runs.sourceId, sourceId),
        inArray(runs.trigger, ['mail', 'sftp', 'manual', 'reprocess']),
        isNotNull(runs.outputFileId),
      ),
    )
    .orderBy(desc(runs.startedAt), desc(runs.id))
    .limit(1);
  return newest;
}

export async function deliveryOf(
  db: DbOrTx,
  runId: number | undefined,
): Promise<RunDeliveryRecord | undefined> {
  if (runId === undefined) return undefined;
  const [row] = await db.select({ details: runs.details }).from(runs).where(eq(runs.id, runId));
  return row?.details?.delivery as RunDeliveryRecord | undefined;
}

function identityIs(identity: SftpFileIdentity) {
  return and(
    eq(inventorySftpFiles.sourceId, identity.sourceId),
    eq(inventorySftpFiles.remotePath, identity.remotePath),
    eq(inventorySftpFiles.size, identity.size),
    eq(inventorySftpFiles.modifiedAt, identity.modifiedAt),
  );
}

/** `details.sftp` of the run: where the file was read and where it went. */
export async function noteOnRun(db: DbOrTx, runId: number, note: Record<string, unknown>): Promise<void> {
  await db
    .update(runs)
    .set({
      details: sql`coalesce(${runs.details}, '{}'::jsonb) || jsonb_build_object('sftp', ${JSON.stringify(note)}::jsonb)`,
    })
    .where(eq(runs.id, runId));
}

export async function markPollStarted(db: DbOrTx, sourceId: number, now: Date): Promise<void> {
  await db
    .insert(inventorySftpStates)
    .values({ sourceId, lastPollAt: now })
    .onConflictDoUpdate({ target: inventorySftpStates.sourceId, set: { lastPollAt: now } });
}

export async function markPollSucceeded(
  db: DbOrTx,
  sourceId: number,
  now: Date,
  problem: string | null,
): Promise<void> {
  await db
    .update(inventorySftpStates)
    .set({ lastPollSucceededAt: now, lastError: problem, lastErrorAt: problem ? now : null })
    .where(eq(inventorySftpStates.sourceId, sourceId));
}

export async function noteError(db: DbOrTx, sourceId: number, message: string, now: Date): Promise<void> {
  await db
    .update(inventorySftpStates)
    .set({ lastError: message, lastErrorAt: now })
    .where(eq(inventorySftpStates.sourceId, sourceId));
}

/** Active inventory sources with an SFTP server whose inbound folder was not polled within `pollSeconds`. */
export async function findSourcesDueForSftpPoll(db: DbOrTx, pollSeconds: number): Promise<number[]> {
  const rows = await db
    .select({ id: inventorySources.id })
    .from(inventorySources)
    .leftJoin(inventorySftpStates, eq(inventorySftpStates.sourceId, inventorySources.id))
    .where(
      and(
        isNull(inventorySources.deletedAt),
        eq(inventorySources.activeStatus, true),
        ne(sql`trim(${inventorySources.sftpServerAddress})`, ''),
        or(
          isNull(inventorySftpStates.lastPollAt),
          lt(inventorySftpStates.lastPollAt, sql`now() - make_interval(secs => ${pollSeconds})`),
        ),
      ),
    )
    .orderBy(inventorySources.id);
  return rows.map((row) => row.id);
}

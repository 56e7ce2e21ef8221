/**
 * Leases on a mailbox (docs/decisions/0001-mail-intake.md), kept on its mailbox_states row: one for polling,
 * one for the IDLE connection.
 * A lease is a row update with an expiry, not a held transaction or advisory lock: PGlite has a single
 * connection, a poll may take minutes, and a holder killed with -9 must not block the mailbox for ever —
 * its lease simply runs out. Holders renew while they work and release when they are done.
 */
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

const { mailboxStates } = schema;

export type MailboxState = typeof mailboxStates.$inferSelect;

export async function ensureMailboxState(db: DbOrTx, emailSourceId: number): Promise<void> {
  await db.insert(mailboxStates).values({ emailSourceId }).onConflictDoNothing();
}

function until(seconds: number) {
  return sql`now() + make_interval(secs => ${seconds})`;
}

/** Takes the poll lease when it is free or expired; the state row when taken, undefined when held. */
export async function acquirePollLease(
  db: DbOrTx,
  emailSourceId: number,
  owner: string,
  seconds: number,
): Promise<MailboxState | undefined> {
  await ensureMailboxState(db, emailSourceId);
  const [row] = await db
    .update(mailboxStates)
    .set({ leaseOwner: owner, leaseUntil: until(seconds) })
    .where(
      and(
        eq(mailboxStates.emailSourceId, emailSourceId),
        or(isNull(mailboxStates.leaseUntil), lt(mailboxStates.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** The two leases a mailbox has: one poll at a time, one IDLE watcher at a time. */
const LEASES = {
  poll: { owner: 'leaseOwner', until: 'leaseUntil' },
  watcher: { owner: 'watcherOwner', until: 'watcherUntil' },
} as const;
type LeaseKind = keyof typeof LEASES;

async function renewLease(
  kind: LeaseKind,
  db: DbOrTx,
  emailSourceId: number,
  owner: string,
  seconds: number,
): Promise<boolean> {
  const columns = LEASES[kind];
  const rows = await db
    .update(mailboxStates)
    .set({ [columns.until]: until(seconds) })
    .where(and(eq(mailboxStates.emailSourceId, emailSourceId), eq(mailboxStates[columns.owner], owner)))
    .returning({ id: mailboxStates.emailSourceId });
  return rows.length > 0;
}

async function releaseLease(
  kind: LeaseKind,
  db: DbOrTx,
  emailSourceId: number,
  owner: string,
): Promise<void> {
  const columns = LEASES[kind];
  await db
    .update(mailboxStates)
    .set({ [columns.owner]: null, [columns.until]: null })
    .where(and(eq(mailboxStates.emailSourceId, emailSourceId), eq(mailboxStates[columns.owner], owner)));
}

/** False when the lease was lost (it expired and another instance took it): the holder must stop. */
export const renewPollLease = (db: DbOrTx, emailSourceId: number, owner: string, seconds: number) =>
  renewLease('poll', db, emailSourceId, owner, seconds);

export const releasePollLease = (db: DbOrTx, emailSourceId: number, owner: string) =>
  releaseLease('poll', db, emailSourceId, owner);

/** The IDLE watcher's lease: one instance keeps the IDLE connection of a mailbox. */
export async function acquireWatcherLease(
  db: DbOrTx,
  emailSourceId: number,
  owner: string,
  seconds: number,
): Promise<boolean> {
  await ensureMailboxState(db, emailSourceId);
  const rows = await db
    .update(mailboxStates)
    .set({ watcherOwner: owner, watcherUntil: until(seconds) })
    .where(
      and(
        eq(mailboxStates.emailSourceId, emailSourceId),
        or(
          isNull(mailboxStates.watcherUntil),
          lt(mailboxStates.watcherUntil, sql`now()`),
          eq(mailboxStates.watcherOwner, owner),
        ),
      ),
    )
    .returning({ id: mailboxStates.emailSourceId });
  return rows.length > 0;
}

export const renewWatcherLease = (db: DbOrTx, emailSourceId: number, owner: string, seconds: number) =>
  renewLease('watcher', db, emailSourceId, owner, seconds);

export const releaseWatcherLease = (db: DbOrTx, emailSourceId: number, owner: string) =>
  releaseLease('watcher', db, emailSourceId, owner);

import type { EmailSource, EmailSourceListItem, LastRunSummary, MailboxSignInState } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, asc, eq, isNotNull, isNull, like, lt, ne, or, sql } from 'drizzle-orm';

const { emailSources, orderTrackingSources, inventorySources } = schema;

export type EmailSourceRow = typeof emailSources.$inferSelect;
export type EmailSourceValues = Omit<typeof emailSources.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The editor's view: every field but the secret, and whether one is stored. */
export function toEmailSource(row: EmailSourceRow): EmailSource {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    password: '',
    passwordSet: row.passwordEncrypted !== null && row.passwordEncrypted !== '',
    incomingServer: row.incomingServer,
    outgoingServer: row.outgoingServer,
    incomingPort: row.incomingPort,
    outgoingPort: row.outgoingPort,
    ssl: row.ssl,
    isMsal: row.isMsal,
    msalClientId: row.msalClientId,
    msalTennentId: row.msalTenantId,
    activeStatus: row.activeStatus,
    signIn: signInStateOf(row),
  };
}

/** What the editor shows of a source's delegated sign-in; never a token. */
export function signInStateOf(row: EmailSourceRow): MailboxSignInState | null {
  if (row.oauthProvider !== 'microsoft' && row.oauthProvider !== 'google') return null;
  return {
    provider: row.oauthProvider,
    account: row.oauthAccount,
    expired: row.oauthExpiredAt !== null || !row.oauthRefreshEncrypted,
  };
}

export function toEmailSourceListItem(
  row: EmailSourceRow,
  lastRun: LastRunSummary | null = null,
): EmailSourceListItem {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    incomingServer: row.incomingServer,
    outgoingServer: row.outgoingServer,
    port: row.incomingPort,
    incomingPort: row.incomingPort,
    outgoingPort: row.outgoingPort,
    ssl: row.ssl,
    isMsal: row.isMsal,
    activeStatus: row.activeStatus,
    lastPollAt: row.lastPollAt?.toISOString() ?? null,
    lastPollSucceededAt: row.lastPollSucceededAt?.toISOString() ?? null,
    lastPollError: row.lastPollError,
    lastRun,
  };
}

export async function listEmailSources(db: DbOrTx): Promise<EmailSourceRow[]> {
  return db
    .select()
    .from(emailSources)
    .orderBy(asc(sql`lower(${emailSources.username})`), asc(emailSources.id));
}

export async function findEmailSourceById(db: DbOrTx, id: number): Promise<EmailSourceRow | undefined> {
  const [row] = await db.select().from(emailSources).where(eq(emailSources.id, id));
  return row;
}

/** Locks the row until the transaction ends, so no source can start using it while it is being deleted. */
export async function lockEmailSource(db: DbOrTx, id: number): Promise<EmailSourceRow | undefined> {
  const [row] = await db.select().from(emailSources).where(eq(emailSources.id, id)).for('update');
  return row;
}

/**
 * Whether the e-mail source exists, holding a share lock until the transaction ends: deleting an e-mail
 * source locks it for update and then checks which sources use it, so it waits for this save and sees it.
 */
export async function lockEmailSourceForUse(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: emailSources.id })
    .from(emailSources)
    .where(eq(emailSources.id, id))
    .for('share');
  return row !== undefined;
}

/** Active mailboxes with an incoming server (the ones an IDLE watcher may watch). */
export async function listActiveMailboxIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: emailSources.id })
    .from(emailSources)
    .where(and(eq(emailSources.activeStatus, true), ne(emailSources.incomingServer, '')));
  return rows.map((row) => row.id);
}

/** Active mailboxes with an incoming server that were not polled within `pollSeconds`. */
/**
 * Active mailboxes whose next scheduled poll is due: MAIL_POLL_SECONDS after the last attempt, or, while
 * the server keeps failing, MAIL_POLL_SECONDS × 2^(failures − 1), at most `backoffMaxSeconds`
 * (docs/behaviour/mail-intake.md#back-off).
 */
export async function findMailboxesDueForPoll(
  db: DbOrTx,
  pollSeconds: number,
  backoffMaxSeconds: number,
  onlyId?: number,
): Promise<number[]> {
  const cap = Math.max(pollSeconds, backoffMaxSeconds);
  const pause = sql`least(${pollSeconds}::float8 * power(2, least(greatest(${emailSources.pollFailures} - 1, 0), 30)), ${cap}::float8)`;
  const rows = await db
    .select({ id: emailSources.id })
    .from(emailSources)
    .where(
      and(
        onlyId === undefined ? undefined : eq(emailSources.id, onlyId),
        eq(emailSources.activeStatus, true),
        ne(emailSources.incomingServer, ''),
        or(
          isNull(emailSources.lastPollAt),
          lt(emailSources.lastPollAt, sql`now() - make_interval(secs => ${pause})`),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** Sources whose password is still sealed the v1 way (not yet bound to its connection settings). */
export async function listEmailSourcesWithLegacySecret(db: DbOrTx): Promise<EmailSourceRow[]> {
  return db.select().from(emailSources).where(like(emailSources.passwordEncrypted, 'v1:%'));
}

/** Replaces the source's sealed password if it is still `expected`; returns how many rows changed (0 or 1). */
export async function replaceEmailSourceSecret(
  db: DbOrTx,
  id: number,
  expected: string,
  sealed: string,
): Promise<number> {
  const done = await db
    .update(emailSources)
    .set({ passwordEncrypted: sealed })
    .where(and(eq(emailSources.id, id), eq(emailSources.passwordEncrypted, expected)))
    .returning({ id: emailSources.id });
  return done.length;
}

/**
 * Claims the right to refresh the source's access token until `until`, if no other instance holds it: the
 * conditional update is the claim, so two instances never both refresh (docs/decisions/0022).
 */
export async function claimSignInRefreshLease(
  db: DbOrTx,
  id: number,
  until: Date,
): Promise<EmailSourceRow | undefined> {
  const [row] = await db
    .update(emailSources)
    .set({ oauthRefreshLeaseUntil: until })
    .where(
      and(
        eq(emailSources.id, id),
        isNotNull(emailSources.oauthRefreshEncrypted),
        isNull(emailSources.oauthExpiredAt),
        or(isNull(emailSources.oauthRefreshLeaseUntil), lt(emailSources.oauthRefreshLeaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/**
 * Saves the outcome of a refresh and frees the lease, only if the refresh token used is still the stored
 * one: a sign-in or sign-out meanwhile wins, and nothing is written.
 */
export async function saveSignInRefresh(
  db: DbOrTx,
  id: number,
  usedRefreshEncrypted: string,
  values: Partial<EmailSourceValues>,
): Promise<EmailSourceRow | undefined> {
  const [row] = await db
    .update(emailSources)
    .set({ ...values, oauthRefreshLeaseUntil: null, updatedAt: new Date() })
    .where(and(eq(emailSources.id, id), eq(emailSources.oauthRefreshEncrypted, usedRefreshEncrypted)))
    .returning();
  return row;
}

export async function insertEmailSource(db: DbOrTx, values: EmailSourceValues): Promise<EmailSourceRow> {
  const [row] = await db.insert(emailSources).values(values).returning();
  return row!;
}

export async function updateEmailSource(
  db: DbOrTx,
  id: number,
  values: Partial<EmailSourceValues>,
): Promise<EmailSourceRow | undefined> {
  const [row] = await db
    .update(emailSources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(emailSources.id, id))
    .returning();
  return row;
}

export async function deleteEmailSourceRow(db: DbOrTx, id: number): Promise<void> {
  await db.delete(emailSources).where(eq(emailSources.id, id));
}

/**
 * Names of the live sources that read their mail from this e-mail source, and of the live vendors that
 * send their orders from it.
 */
export async function findEmailSourceUsers(
  db: DbOrTx,
  id: number,
): Promise<{ orderTracking: string[]; inventory: string[]; orderSubmission: string[]; vendors: string[] }> {
  const orderTracking = await db
    .select({ name: orderTrackingSources.sourceName })
    .from(orderTrackingSources)
    .where(and(eq(orderTrackingSources.emailSourceId, id), eq(orderTrackingSources.deletedStatus, false)))
    .orderBy(asc(orderTrackingSources.sourceName));
  const inventory = await db
    .select({ name: inventorySources.sourceName })
    .from(inventorySources)
    .where(and(eq(inventorySources.emailSourceId, id), isNull(inventorySources.deletedAt)))
    .orderBy(asc(inventorySources.sourceName));
  const orderSubmission = await db
    .select({ name: schema.orderSubmissionSources.sourceName })
    .from(schema.orderSubmissionSources)
    .where(
      and(
        eq(schema.orderSubmissionSources.emailSourceId, id),
        eq(schema.orderSubmissionSources.deletedStatus, false),
      ),
    )
    .orderBy(asc(schema.orderSubmissionSources.sourceName));
  const vendors = await db
    .select({ name: schema.orderVendorSources.vendorNameFromFile })
    .from(schema.orderVendorSources)
    .where(
      and(
        eq(schema.orderVendorSources.sendFromEmailSourceId, id),
        eq(schema.orderVendorSources.deletedStatus, false),
      ),
    )
    .orderBy(asc(schema.orderVendorSources.vendorNameFromFile));
  return {
    orderTracking: orderTracking.map((r) => r.name),
    inventory: inventory.map((r) => r.name),
    orderSubmission: orderSubmission.map((r) => r.name),
    vendors: vendors.map((r) => r.name),
  };
}

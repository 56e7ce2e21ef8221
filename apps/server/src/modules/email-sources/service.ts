import {
  EMAIL_PASSWORD_MIN_LENGTH,
  EMAIL_SOURCE_MESSAGES,
  type EmailConnectionTestResult,
  type EmailSource,
  type EmailSourceListItem,
  emailSourceLabel,
  MAX_UPLOAD_BYTES,
  type MailSecretSettings,
  mailSecretChanges,
  mailSecretName,
  type PickerPair,
  secretRetypeMessage,
  type TEmailConnectionTest,
  type TEmailSource,
  type TTestEmail,
  ZEmailSourceSchema,
  ZTestEmailSchema,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { checkImapConnection } from '../../integrations/imap-connection';
import { type MailSignIn, MailSignInError, resolveMailSignIn } from '../../integrations/msal';
import { checkSmtpConnection } from '../../integrations/outgoing-mail';
import { AppError } from '../../lib/app-error';
import { errorMessage } from '../../lib/error-message';
import type { SecretBox } from '../../lib/secrets';
import { validate } from '../../lib/validate';
import { type AuditActor, auditedActiveSwitch, recordAudit } from '../audit/record-audit';
import { withLastRuns } from '../runs/repository';
import { SIGNED_OUT, signInServersChanged } from './mailbox-sign-in';
import {
  deleteEmailSourceRow,
  type EmailSourceRow,
  type EmailSourceValues,
  findEmailSourceById,
  findEmailSourceUsers,
  insertEmailSource,
  listEmailSources,
  lockEmailSource,
  toEmailSource,
  toEmailSourceListItem,
  updateEmailSource,
} from './repository';
import {
  type MailServerSettings,
  openMailboxSecret,
  type SourceConnectionContext,
  sealMailboxSecret,
  sendFromEmailSource,
  signInForSource,
} from './source-connection';

export interface EmailSourceServices {
  db: DbOrTx;
  secrets: SecretBox;
  config: SourceConnectionContext['config'];
  mailer?: SourceConnectionContext['mailer'];
}

const NOT_FOUND = 'Email source not found';

/** The mailbox secret is recorded as "password: changed", never as its ciphertext. */
const AUDIT = {
  entityType: 'email-source',
  secretFields: ['passwordEncrypted', 'oauthRefreshEncrypted', 'oauthAccessEncrypted'],
} as const;

/** Whitespace alone is no password: it counts as blank (keep the stored one on edit). */
function typedPassword(password: string): string {
  return password.trim() === '' ? '' : password;
}

/**
 * The save form as the contract defines it, plus the password rule only the server can judge: a new source
 * needs one of at least 3 characters; on edit a blank one keeps the stored secret.
 */
export const ZEmailSourceSaveSchema = ZEmailSourceSchema.superRefine((form, context) => {
  const password = typedPassword(form.password);
  const missing = form.id === 0 && password === '';
  const tooShort = password !== '' && password.length < EMAIL_PASSWORD_MIN_LENGTH;
  if (missing || tooShort) {
    context.addIssue({ code: 'custom', path: ['password'], message: EMAIL_SOURCE_MESSAGES.required });
  }
});

export function parseEmailSourceForm(body: unknown): TEmailSource {
  return validate(ZEmailSourceSaveSchema, body);
}

export async function listEmailSourceItems(db: DbOrTx): Promise<EmailSourceListItem[]> {
  const rows = await listEmailSources(db);
  // Each mailbox's poll runs are recorded as runs of source type 'email' (mail intake).
  return withLastRuns(db, 'email', rows, toEmailSourceListItem);
}

export async function getEmailSource(db: DbOrTx, id: number): Promise<EmailSource> {
  const row = await findEmailSourceById(db, id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toEmailSource(row);
}

/** The settings of a form or a row that its secret is sealed to. */
function secretSettingsOf(form: TEmailSource | TEmailConnectionTest): MailSecretSettings {
  return {
    username: form.username,
    email: form.email,
    incomingServer: form.incomingServer,
    incomingPort: form.incomingPort,
    outgoingServer: form.outgoingServer,
    outgoingPort: form.outgoingPort,
    ssl: form.ssl,
    isMsal: form.isMsal,
    msalClientId: form.msalClientId,
    msalTenantId: form.msalTennentId,
  };
}

/**
 * A blank secret means "the stored one", which may only be used with the settings it was saved with: any
 * change to them needs the secret typed again (400 on the password field).
 */
function refuseChangedSettings(stored: EmailSourceRow, next: MailSecretSettings): void {
  if (!stored.passwordEncrypted) return;
  const changes = mailSecretChanges(stored, next);
  if (changes.length === 0) return;
  const message = secretRetypeMessage(changes, mailSecretName(next.isMsal));
  throw AppError.badRequest(message, { password: message });
}

export async function saveEmailSource(
  { db, secrets }: EmailSourceServices,
  form: TEmailSource,
  actor: AuditActor,
): Promise<EmailSource> {
  const password = typedPassword(form.password);
  const settings = secretSettingsOf(form);
  const values = {
    username: form.username,
    email: form.email,
    incomingServer: form.incomingServer,
    outgoingServer: form.outgoingServer,
    incomingPort: form.incomingPort,
    outgoingPort: form.outgoingPort,
    ssl: form.ssl,
    isMsal: form.isMsal,
    msalClientId: form.msalClientId,
    msalTenantId: form.msalTennentId,
    activeStatus: form.activeStatus,
  } satisfies Omit<EmailSourceValues, 'passwordEncrypted'>;

  if (form.id === 0) {
    const created = await db.transaction(async (tx) => {
      const row = await insertEmailSource(tx, {
        ...values,
        passwordEncrypted: sealMailboxSecret(secrets, settings, password),
      });
      await recordAudit(tx, {
        ...AUDIT,
        actor,
        entityId: row.id,
        action: 'created',
        before: null,
        after: row,
      });
      return row;
    });
    return toEmailSource(created);
  }
  // Locked: the settings the kept secret is checked against are the ones it is written back with.
  const updated = await db.transaction(async (tx) => {
    const existing = await lockEmailSource(tx, form.id);
    if (!existing) throw AppError.notFound(NOT_FOUND);
    if (password === '') refuseChangedSettings(existing, settings);
    const row = await updateEmailSource(tx, form.id, {
      ...values,
      // The sign-in tokens belong to the servers they were issued for: other servers, no tokens.
      ...(signInServersChanged(existing, settings) ? SIGNED_OUT : {}),
      passwordEncrypted:
        password === '' ? existing.passwordEncrypted : sealMailboxSecret(secrets, settings, password),
    });
    if (row)
      await recordAudit(tx, {
        ...AUDIT,
        actor,
        entityId: row.id,
        action: 'updated',
        before: existing,
        after: row,
      });
    return row;
  });
  if (!updated) throw AppError.notFound(NOT_FOUND);
  return toEmailSource(updated);
}

export const setEmailSourceActive = auditedActiveSwitch({
  entityType: AUDIT.entityType,
  load: lockEmailSource,
  update: updateEmailSource,
  notFound: () => AppError.notFound(NOT_FOUND),
});

/** Refused while a live source reads its mail from it or a live vendor sends its orders from it. */
export async function deleteEmailSource(db: DbOrTx, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEmailSource(tx, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    const users = await findEmailSourceUsers(tx, id);
    const message = inUseMessage(users);
    if (message) throw AppError.conflict(message);
    await deleteEmailSourceRow(tx, id);
    await recordAudit(tx, { ...AUDIT, actor, entityId: id, action: 'deleted', before: row, after: null });
  });
}

function inUseMessage(users: Awaited<ReturnType<typeof findEmailSourceUsers>>) {
  const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');
  const kinds: Array<[string, string[]]> = [
    ['Order tracking source', users.orderTracking],
    ['Inventory source', users.inventory],
    ['Order submission source', users.orderSubmission],
    ['Vendor source', users.vendors],
  ];
  const parts = kinds
    .filter(([, names]) => names.length > 0)
    .map(([kind, names]) => `${kind}${names.length > 1 ? 's' : ''} ${quoted(names)}`);
  if (parts.length === 0) return undefined;
  const count = kinds.reduce((total, [, names]) => total + names.length, 0);
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `This email source is used by ${listed}. Change or delete ${count > 1 ? 'those' : 'it'} first.`;
}

/** The picker's entries: the username with the address and server (emailSourceLabel), sorted by that name. */
export async function listEmailSourcePickerPairs(db: DbOrTx): Promise<PickerPair[]> {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return (await listEmailSources(db))
    .map((row) => ({ item1: emailSourceLabel(row), item2: row.id }))
    .sort((a, b) => collator.compare(a.item1, b.item1) || a.item2 - b.item2);
}

const TEST_EMAIL_REQUIRED_FIELDS = new Set(['ToEmail', 'SubjectLine', 'MessageContent', 'EmailSource']);

/**
 * A missing recipient, subject, body or source answers with the spec's one sentence (docs/behaviour/sources.md#send-test-email), with the
 * field messages alongside; any other bad field gets the usual field-by-field 400.
 */
export function parseTestEmailRequest(body: unknown): TTestEmail {
  const result = ZTestEmailSchema.safeParse(body);
  if (result.success) return result.data;
  const missing = result.error.issues.filter((issue) =>
    TEST_EMAIL_REQUIRED_FIELDS.has(String(issue.path[0])),
  );
  if (missing.length === 0) return validate(ZTestEmailSchema, body);
  const fields: Record<string, string> = {};
  for (const issue of missing) {
    const field = String(issue.path[0]);
    fields[field] ??= field === 'EmailSource' ? 'Choose an email source' : EMAIL_SOURCE_MESSAGES.fillAll;
  }
  throw AppError.badRequest(EMAIL_SOURCE_MESSAGES.fillAll, fields);
}

/**
 * Sends through the stored source's own outgoing server with its stored secret: of the EmailSource object
 * the client sends, only the id is read.
 */
export async function sendTestEmail(
  services: EmailSourceServices,
  request: TTestEmail,
): Promise<{ message: string }> {
  const { db } = services;
  // Operators type several recipients with commas or semicolons, as in their mail client.
  const recipients = request.ToEmail.split(/[;,]/)
    .map((address) => address.trim())
    .filter(Boolean);
  if (recipients.length === 0) {
    throw AppError.badRequest(EMAIL_SOURCE_MESSAGES.fillAll, { ToEmail: EMAIL_SOURCE_MESSAGES.fillAll });
  }
  const attachment = request.FileData ? decodeAttachment(request.FileData) : undefined;
  const row = await findEmailSourceById(db, request.EmailSource.id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  const sent = await sendFromEmailSource(services, row, {
    to: recipients,
    subject: request.SubjectLine,
    text: request.MessageContent,
    ...(attachment ? { attachments: [attachment] } : {}),
  });
  if (sent.ok) return { message: `Test email sent to ${recipients.join(', ')}` };
  // The mail server or Microsoft said no: the fault is upstream of us (502), and the message says why.
  if (sent.fault === 'server') throw new AppError(502, 'MAIL_SERVER_ERROR', sent.message);
  throw AppError.badRequest(sent.message);
}

function decodeAttachment(file: { FileName: string; FileData: string }): {
  filename: string;
  content: Buffer;
} {
  // Browsers' FileReader gives a data URL; the spec sends the bare base64, so accept either.
  const base64 = file.FileData.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  const field = 'FileData.FileData';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw AppError.badRequest('The attachment is not valid base64 data.', {
      [field]: 'Not valid base64 data',
    });
  }
  // Checked on the encoded length first, so an oversized upload is refused before it is decoded.
  const tooLarge = 'File size must be less than 10MB';
  if (Math.floor((base64.length * 3) / 4) - 2 > MAX_UPLOAD_BYTES) {
    throw AppError.badRequest(tooLarge, { [field]: tooLarge });
  }
  const content = Buffer.from(base64, 'base64');
  if (content.length > MAX_UPLOAD_BYTES) throw AppError.badRequest(tooLarge, { [field]: tooLarge });
  return { filename: file.FileName, content };
}

/**
 * Checks the editor's current values, saved or not: sign in to the incoming server (and open INBOX) and to
 * the outgoing server. Both checks always run; a failure is a result for the operator, not an HTTP error.
 * A blank password of a saved source uses its stored secret, only with the settings it was saved with.
 */
export async function testEmailConnection(
  services: EmailSourceServices,
  input: TEmailConnectionTest,
): Promise<EmailConnectionTestResult> {
  const { db, secrets, config } = services;
  let secret = typedPassword(input.password);
  let delegated: EmailSourceRow | undefined;
  if (input.id > 0) {
    const stored = await findEmailSourceById(db, input.id);
    if (!stored) throw AppError.notFound(NOT_FOUND);
    // Signed in with Microsoft or Google: the test uses that sign-in, with the servers it belongs to.
    if (stored.oauthProvider && !signInServersChanged(stored, secretSettingsOf(input))) delegated = stored;
    else if (secret === '' && stored.passwordEncrypted) {
      refuseChangedSettings(stored, secretSettingsOf(input));
      const opened = openMailboxSecret(secrets, stored);
      if (!opened.ok) throw AppError.badRequest(opened.message, { password: opened.message });
      secret = opened.secret;
    }
  }
  const settings: MailServerSettings = {
    ...secretSettingsOf(input),
    connectTimeoutMs: config.connectTimeoutMs,
  };
  const missing = delegated ? undefined : missingSignInDetail(settings, secret);
  if (missing)
    return { incoming: { ok: false, message: missing }, outgoing: { ok: false, message: missing } };

  let signIn: MailSignIn;
  try {
    // One Microsoft token serves both checks.
    signIn = delegated
      ? await signInForSource(services, delegated)
      : await resolveMailSignIn(settings, secret);
  } catch (error) {
    if (!(error instanceof MailSignInError) && delegated) throw error;
    const message = errorMessage(error);
    return { incoming: { ok: false, message }, outgoing: { ok: false, message } };
  }
  const unexpected = (): { ok: false; message: string } => ({
    ok: false,
    message: 'The check failed unexpectedly.',
  });
  const [incoming, outgoing] = await Promise.all([
    checkImapConnection(settings, signIn).catch(unexpected),
    checkSmtpConnection(settings, signIn).catch(unexpected),
  ]);
  return { incoming, outgoing };
}

function missingSignInDetail(settings: MailServerSettings, secret: string): string | undefined {
  if (settings.isMsal) {
    if (!settings.email) return 'Enter the email address to test the connection.';
    if (!secret) return 'Enter the client secret to test the connection.';
    return undefined;
  }
  if (!settings.username) return 'Enter the username to test the connection.';
  if (!secret) return 'Enter the password to test the connection.';
  return undefined;
}

import {
  type ActiveToggle,
  EMAIL_PASSWORD_MIN_LENGTH,
  EMAIL_SOURCE_MESSAGES,
  type EmailConnectionTestResult,
  type EmailSource,
  type EmailSourceListItem,
  MAX_UPLOAD_BYTES,
  type PickerPair,
  type TEmailConnectionTest,
  type TEmailSource,
  type TTestEmail,
  ZEmailSourceSchema,
  ZTestEmailSchema,
} from '@app/contracts';
import type { AppDb } from '@app/db';
import { checkImapConnection, type IncomingServerSettings } from '../../integrations/imap-connection';
import { type MailSignIn, MicrosoftSignInError, resolveMailSignIn } from '../../integrations/msal';
import {
  buildSmtpTransport,
  checkSmtpConnection,
  connectFailureMessage,
  errorText,
  isSmtpConnectionFailure,
  type OutgoingServerSettings,
  smtpEndpoint,
} from '../../integrations/outgoing-mail';
import { AppError } from '../../lib/app-error';
import { nextSecret, type SecretBox } from '../../lib/secrets';
import { validate } from '../../lib/validate';
import { lastRunsFor } from '../runs/runs-service';
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

export interface EmailSourceServices {
  db: AppDb;
  secrets: SecretBox;
}

const NOT_FOUND = 'Email source not found';

/** Whitespace alone is no password: it counts as blank (keep the stored one on edit). */
function typedPassword(password: string): string {
  return password.trim() === '' ? '' : password;
}

/**
 * The save form as the contract defines it, plus the password rule only the server can judge: a new source
 * needs one of at least 3 characters; on edit a blank one keeps the stored secret.
 */
const ZEmailSourceSaveSchema = ZEmailSourceSchema.superRefine((form, context) => {
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

export async function listEmailSourceItems(db: AppDb): Promise<EmailSourceListItem[]> {
  const rows = await listEmailSources(db);
  // Each mailbox's poll runs are recorded as runs of source type 'email' (mail intake).
  const lastRuns = await lastRunsFor(
    db,
    'email',
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEmailSourceListItem(row, lastRuns.get(row.id) ?? null));
}

export async function getEmailSource(db: AppDb, id: number): Promise<EmailSource> {
  const row = await findEmailSourceById(db, id);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toEmailSource(row);
}

export async function saveEmailSource(
  { db, secrets }: EmailSourceServices,
  form: TEmailSource,
): Promise<EmailSource> {
  const password = typedPassword(form.password);
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
    return toEmailSource(
      await insertEmailSource(db, { ...values, passwordEncrypted: secrets.encrypt(password) }),
    );
  }
  const existing = await findEmailSourceById(db, form.id);
  if (!existing) throw AppError.notFound(NOT_FOUND);
  const updated = await updateEmailSource(db, form.id, {
    ...values,
    passwordEncrypted: nextSecret(secrets, password, existing.passwordEncrypted),
  });
  if (!updated) throw AppError.notFound(NOT_FOUND);
  return toEmailSource(updated);
}

export async function setEmailSourceActive(
  db: AppDb,
  id: number,
  { activeStatus }: ActiveToggle,
): Promise<{ id: number; activeStatus: boolean }> {
  const row = await updateEmailSource(db, id, { activeStatus });
  if (!row) throw AppError.notFound(NOT_FOUND);
  return { id: row.id, activeStatus: row.activeStatus };
}

/** Refused while a live source reads its mail from it or a live vendor sends its orders from it. */
export async function deleteEmailSource(db: AppDb, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEmailSource(tx, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    const users = await findEmailSourceUsers(tx, id);
    const message = inUseMessage(users);
    if (message) throw AppError.conflict(message);
    await deleteEmailSourceRow(tx, id);
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

/** The picker's entries: the username, with the address when it differs, sorted by that name. */
export async function listEmailSourcePickerPairs(db: AppDb): Promise<PickerPair[]> {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return (await listEmailSources(db))
    .map((row) => ({ item1: pickerName(row), item2: row.id }))
    .sort((a, b) => collator.compare(a.item1, b.item1) || a.item2 - b.item2);
}

function pickerName(row: EmailSourceRow): string {
  const sameAsUsername = row.email.trim().toLowerCase() === row.username.trim().toLowerCase();
  return sameAsUsername || row.email === '' ? row.username : `${row.username} (${row.email})`;
}

const TEST_EMAIL_REQUIRED_FIELDS = new Set(['ToEmail', 'SubjectLine', 'MessageContent', 'EmailSource']);

/**
 * A missing recipient, subject, body or source answers with the spec's one sentence (spec 2 §5), with the
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

export async function sendTestEmail(
  { db, secrets }: EmailSourceServices,
  request: TTestEmail,
): Promise<{ message: string }> {
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
  const settings = mailSettingsFromRow(row);
  const endpoint = smtpEndpoint(settings);
  if (!endpoint.host) {
    throw AppError.badRequest(
      `The email source "${row.username}" has no outgoing server. Edit it and enter one.`,
    );
  }
  const signIn = await signInOrFail(settings, storedSecret(secrets, row));
  const transport = buildSmtpTransport(settings, signIn);
  try {
    await transport.sendMail({
      from: row.email,
      to: recipients,
      subject: request.SubjectLine,
      text: request.MessageContent,
      ...(attachment ? { attachments: [attachment] } : {}),
    });
  } catch (error) {
    if (isSmtpConnectionFailure(error)) throw mailFailure(connectFailureMessage(endpoint, error));
    throw mailFailure(`Could not send the test email: ${errorText(error)}`);
  } finally {
    transport.close();
  }
  return { message: `Test email sent to ${recipients.join(', ')}` };
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
 */
export async function testEmailConnection(
  { db, secrets }: EmailSourceServices,
  input: TEmailConnectionTest,
): Promise<EmailConnectionTestResult> {
  let secret = typedPassword(input.password);
  if (input.id > 0) {
    const stored = await findEmailSourceById(db, input.id);
    if (!stored) throw AppError.notFound(NOT_FOUND);
    if (secret === '') secret = storedSecret(secrets, stored);
  }
  const settings: IncomingServerSettings & OutgoingServerSettings = {
    username: input.username,
    email: input.email,
    isMsal: input.isMsal,
    msalClientId: input.msalClientId,
    msalTenantId: input.msalTennentId,
    incomingServer: input.incomingServer,
    incomingPort: input.incomingPort,
    outgoingServer: input.outgoingServer,
    outgoingPort: input.outgoingPort,
    ssl: input.ssl,
  };
  const missing = missingSignInDetail(settings, secret);
  if (missing)
    return { incoming: { ok: false, message: missing }, outgoing: { ok: false, message: missing } };

  let signIn: MailSignIn;
  try {
    // One Microsoft token serves both checks.
    signIn = await resolveMailSignIn(settings, secret);
  } catch (error) {
    const message = errorText(error);
    return { incoming: { ok: false, message }, outgoing: { ok: false, message } };
  }
  const unexpected = (error: unknown) => ({ ok: false, message: errorText(error) });
  const [incoming, outgoing] = await Promise.all([
    checkImapConnection(settings, signIn).catch(unexpected),
    checkSmtpConnection(settings, signIn).catch(unexpected),
  ]);
  return { incoming, outgoing };
}

function missingSignInDetail(settings: IncomingServerSettings, secret: string): string | undefined {
  if (settings.isMsal) {
    if (!settings.email) return 'Enter the email address to test the connection.';
    if (!secret) return 'Enter the client secret to test the connection.';
    return undefined;
  }
  if (!settings.username) return 'Enter the username to test the connection.';
  if (!secret) return 'Enter the password to test the connection.';
  return undefined;
}

function mailSettingsFromRow(row: EmailSourceRow): OutgoingServerSettings & IncomingServerSettings {
  return {
    username: row.username,
    email: row.email,
    isMsal: row.isMsal,
    msalClientId: row.msalClientId,
    msalTenantId: row.msalTenantId,
    incomingServer: row.incomingServer,
    incomingPort: row.incomingPort,
    outgoingServer: row.outgoingServer,
    outgoingPort: row.outgoingPort,
    ssl: row.ssl,
  };
}

function storedSecret(secrets: SecretBox, row: EmailSourceRow): string {
  if (!row.passwordEncrypted) {
    throw AppError.badRequest(
      `The email source "${row.username}" has no saved password. Edit it and enter the password.`,
    );
  }
  try {
    return secrets.decrypt(row.passwordEncrypted);
  } catch {
    // Only a changed APP_SECRET_KEY makes a stored secret unreadable; re-entering it is the way out.
    throw new AppError(
      409,
      'SECRET_UNREADABLE',
      `The saved password of the email source "${row.username}" cannot be read (was APP_SECRET_KEY changed?). Edit the source, enter the password again and save.`,
    );
  }
}

async function signInOrFail(settings: OutgoingServerSettings, secret: string): Promise<MailSignIn> {
  try {
    return await resolveMailSignIn(settings, secret);
  } catch (error) {
    if (error instanceof MicrosoftSignInError) throw mailFailure(error.message);
    throw error;
  }
}

/** The mail server or Microsoft said no: the fault is upstream of us (502), and the message says why. */
function mailFailure(message: string): AppError {
  return new AppError(502, 'MAIL_SERVER_ERROR', message);
}

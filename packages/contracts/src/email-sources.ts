import { z } from 'zod';
import { ZMailboxSignInStateSchema } from './mailbox-sign-in';
import { ZLastRunSummarySchema } from './runs';
import { entityId, optionalText, port, ZConnectionCheckSchema } from './shared-fields';

export const EMAIL_SOURCE_MESSAGES = {
  required: 'Required',
  invalidEmail: 'Enter a valid email address',
  fillAll: 'Please fill in all required fields.',
  saveFailed: 'Save failed - please try again',
} as const;

/** The e-mail source editor's form and the body of POST /api/email-sources/email/save (docs/behaviour/sources.md#email-source-editor). */
export const ZEmailSourceSchema = z.object({
  id: entityId,
  username: z.string().trim().min(1, EMAIL_SOURCE_MESSAGES.required),
  email: z
    .string()
    .trim()
    .min(1, EMAIL_SOURCE_MESSAGES.required)
    .pipe(z.email(EMAIL_SOURCE_MESSAGES.invalidEmail)),
  // Blank on edit keeps the stored secret; the server enforces the 3-character minimum on a new one.
  password: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  incomingServer: optionalText,
  outgoingServer: optionalText,
  incomingPort: port,
  outgoingPort: port,
  ssl: z.boolean().default(true),
  isMsal: z.boolean().default(false),
  msalClientId: optionalText,
  msalTennentId: optionalText,
  activeStatus: z.boolean().default(true),
});
export type TEmailSourceForm = z.input<typeof ZEmailSourceSchema>;
export type TEmailSource = z.output<typeof ZEmailSourceSchema>;

export const EMAIL_PASSWORD_MIN_LENGTH = 3;

/** What GET /api/email-sources/email/{id} returns: the fields without the secret, and whether one is stored. */
export const ZEmailSourceResponseSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  password: z.literal(''),
  passwordSet: z.boolean(),
  incomingServer: z.string(),
  outgoingServer: z.string(),
  incomingPort: z.number().int().nullable(),
  outgoingPort: z.number().int().nullable(),
  ssl: z.boolean(),
  isMsal: z.boolean(),
  msalClientId: z.string(),
  msalTennentId: z.string(),
  activeStatus: z.boolean(),
  /** Delegated sign-in with Microsoft or Google; null: the source signs in with its password or MSAL app. */
  signIn: ZMailboxSignInStateSchema.nullable(),
});
export type EmailSource = z.infer<typeof ZEmailSourceResponseSchema>;

/** A row of GET /api/email-sources/emails (the list view entity of docs/behaviour/sources.md#email-source-list, plus poll status). */
export const ZEmailSourceListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  incomingServer: z.string(),
  outgoingServer: z.string(),
  port: z.number().int().nullable(),
  incomingPort: z.number().int().nullable(),
  outgoingPort: z.number().int().nullable(),
  ssl: z.boolean(),
  isMsal: z.boolean(),
  activeStatus: z.boolean(),
  /** When the mailbox was last polled (ISO), successful or not; null: never. */
  lastPollAt: z.string().nullable(),
  lastPollSucceededAt: z.string().nullable(),
  /** Why the latest poll failed; null when it succeeded (or none ran yet). */
  lastPollError: z.string().nullable(),
  /** The latest poll run (docs/behaviour/runs-and-history.md#last-run). */
  lastRun: ZLastRunSummarySchema.nullable(),
});
export type EmailSourceListItem = z.infer<typeof ZEmailSourceListItemSchema>;

/** POST /api/email-sources/{id}/poll ("Check now"): the poll that just finished. */
export const ZEmailSourcePollResultSchema = z.object({
  runId: z.number().int(),
  status: z.enum(['succeeded', 'failed']),
  message: z.string(),
  messagesSeen: z.number().int(),
  processed: z.number().int(),
  ignored: z.number().int(),
  failed: z.number().int(),
});
export type EmailSourcePollResult = z.infer<typeof ZEmailSourcePollResultSchema>;

/** POST /api/email-sources/send-test-email (docs/behaviour/sources.md#send-test-email). */
export const ZTestEmailSchema = z.object({
  ToEmail: z.string().trim().min(1, EMAIL_SOURCE_MESSAGES.fillAll),
  SubjectLine: z.string().trim().min(1, EMAIL_SOURCE_MESSAGES.fillAll),
  MessageContent: z.string().refine((value) => value.trim() !== '', EMAIL_SOURCE_MESSAGES.fillAll),
  FileData: z
    .object({
      FileName: z.string().trim().min(1, 'The attachment needs a file name'),
      FileData: z.string().min(1, 'The attachment is empty'),
    })
    .nullish(),
  EmailSource: z.object({ id: z.coerce.number().int().positive('Choose an email source') }).passthrough(),
});
export type TTestEmail = z.infer<typeof ZTestEmailSchema>;

/** POST /api/email-sources/test-connection (beyond the spec): the editor's current values. */
export const ZEmailConnectionTestSchema = ZEmailSourceSchema.extend({
  username: z.string().trim().default(''),
  email: z.string().trim().default(''),
});
export type TEmailConnectionTest = z.output<typeof ZEmailConnectionTestSchema>;

export const ZEmailConnectionTestResultSchema = z.object({
  incoming: ZConnectionCheckSchema,
  outgoing: ZConnectionCheckSchema,
});
export type EmailConnectionTestResult = z.infer<typeof ZEmailConnectionTestResultSchema>;

/**
 * How an e-mail source is named wherever it is listed, picked or confirmed (docs/behaviour/sources.md#email-source-picker):
 * its username, then its address (when it differs) and incoming server, because usernames need not be unique and
 * two mailboxes called "orders" on different servers must not look alike.
 */
export function emailSourceLabel(source: {
  username: string;
  email: string;
  incomingServer: string;
}): string {
  const username = source.username.trim();
  const email = source.email.trim();
  const server = source.incomingServer.trim();
  const details = [
    email !== '' && email.toLowerCase() !== username.toLowerCase() ? email : '',
    server.toLowerCase() !== username.toLowerCase() ? server : '',
  ].filter((part) => part !== '');
  return details.length === 0 ? source.username : `${source.username} (${details.join(', ')})`;
}

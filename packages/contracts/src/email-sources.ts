import { z } from 'zod';
import type { LastRunSummary } from './runs';
import { type ConnectionCheck, entityId, optionalText, port } from './shared-fields';

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
export interface EmailSource {
  id: number;
  username: string;
  email: string;
  password: '';
  passwordSet: boolean;
  incomingServer: string;
  outgoingServer: string;
  incomingPort: number | null;
  outgoingPort: number | null;
  ssl: boolean;
  isMsal: boolean;
  msalClientId: string;
  msalTennentId: string;
  activeStatus: boolean;
}

/** A row of GET /api/email-sources/emails (the list view entity of docs/behaviour/sources.md#email-source-list, plus poll status). */
export interface EmailSourceListItem {
  id: number;
  username: string;
  email: string;
  incomingServer: string;
  outgoingServer: string;
  port: number | null;
  incomingPort: number | null;
  outgoingPort: number | null;
  ssl: boolean;
  isMsal: boolean;
  activeStatus: boolean;
  /** When the mailbox was last polled (ISO), successful or not; null: never. */
  lastPollAt: string | null;
  lastPollSucceededAt: string | null;
  /** Why the latest poll failed; null when it succeeded (or none ran yet). */
  lastPollError: string | null;
  /** The latest poll run (docs/behaviour/runs-and-history.md#last-run). */
  lastRun: LastRunSummary | null;
}

/** POST /api/email-sources/{id}/poll ("Check now"): the poll that just finished. */
export interface EmailSourcePollResult {
  runId: number;
  status: 'succeeded' | 'failed';
  message: string;
  messagesSeen: number;
  processed: number;
  ignored: number;
  failed: number;
}

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

export interface EmailConnectionTestResult {
  incoming: ConnectionCheck;
  outgoing: ConnectionCheck;
}

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

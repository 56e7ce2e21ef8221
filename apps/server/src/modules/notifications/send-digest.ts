/**
 * Sends a setting's digest through the system sender (`context.mailer`, SMTP_* and MAIL_FROM) and records
 * the attempt as a run (source type 'notification', source id = the setting's id, trigger 'schedule' for
 * the scheduler and 'manual' for "Test Notification"): sent, or failed with the reason — no recipients, mail
 * not configured, the SMTP server's refusal. Nothing here throws for those: the caller gets the outcome.
 */
import {
  isSourceTypeId,
  parseRecipientList,
  type RecipientGroup,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPE_RECIPIENT_GROUP,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { smtpSendVerdict } from '../../integrations/outgoing-mail';
import { MAIL_NOT_CONFIGURED } from '../../integrations/system-mailer';
import { insertRun } from '../runs/repository';
import { emitDigestSent, emitRunFinished } from '../webhooks/events';
import { buildDigest, type NotificationSettingRow } from './digest';
import { listGroupRecipientEmails } from './repository';

export type DigestTrigger = 'schedule' | 'manual';

export interface DigestDelivery {
  runId: number;
  /** sent: every e-mail went out; failed: none or only some did (see `message`). */
  status: 'sent' | 'failed';
  /** Why nothing was sent, when nothing could be. */
  reason: 'no-recipients' | 'mail-not-configured' | 'smtp' | null;
  message: string;
  recipients: string[];
  emailCount: number;
  sentCount: number;
  /**
   * When a scheduled digest the relay deferred is tried again (docs/behaviour/notifications.md#schedule): set
   * only when nothing went out and every e-mail was deferred (4xx, or the relay not reachable), and the
   * caller offered a time within the period.
   */
  retryAt: Date | null;
}

/** Active users who receive notifications by e-mail and hold the group's flag, by address. */
export async function groupRecipients(db: DbOrTx, group: RecipientGroup): Promise<string[]> {
  return unique(await listGroupRecipientEmails(db, group));
}

function unique(addresses: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const address of addresses.map((entry) => entry.trim()).filter(Boolean)) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(address);
  }
  return result;
}

/** overrideEmailRecipients when it lists any, else the users of the source type's group (docs/behaviour/notifications.md#recipients). */
export async function digestRecipients(
  db: DbOrTx,
  setting: Pick<NotificationSettingRow, 'overrideEmailRecipients' | 'sourceTypeId'>,
): Promise<string[]> {
  const override = unique(parseRecipientList(setting.overrideEmailRecipients));
  if (override.length > 0) return override;
  if (!isSourceTypeId(setting.sourceTypeId)) return [];
  return groupRecipients(db, SOURCE_TYPE_RECIPIENT_GROUP[setting.sourceTypeId]);
}

export function noRecipientsMessage(setting: Pick<NotificationSettingRow, 'sourceTypeId'>): string {
  const group = isSourceTypeId(setting.sourceTypeId)
    ? SOURCE_TYPE_RECIPIENT_GROUP[setting.sourceTypeId]
    : 'inventory';
  const type = isSourceTypeId(setting.sourceTypeId)
    ? SOURCE_TYPE_LABELS[setting.sourceTypeId]
    : `source type ${setting.sourceTypeId}`;
  return `No recipients: no active user with the ${group} flag receives notifications by email, and the setting has no override email recipients. Add override recipients or turn on "send notifications to email" for a ${type.toLowerCase()} user.`;
}

export interface SendDigestOptions {
  now: Date;
  trigger: DigestTrigger;
  /**
   * The scheduler's retry time for this occurrence if the relay defers it (null: the period ends first). The
   * run's message then says when it is tried again.
   */
  retryAtIfDeferred?: Date | null;
}

/** Builds, sends and records one digest occurrence. Only a failure of the database itself throws. */
export async function sendDigest(
  context: AppContext,
  setting: NotificationSettingRow,
  options: SendDigestOptions,
): Promise<DigestDelivery> {
  const { db, mailer } = context;
  const test = options.trigger === 'manual';
  const recipients = await digestRecipients(db, setting);

  const record = async (
    status: 'succeeded' | 'failed',
    message: string,
    details: Record<string, unknown>,
  ): Promise<number> => {
    // The run and its webhook events (run.*, and notification.digest-sent when it went out) commit together.
    return db.transaction(async (tx) => {
      const row = await insertRun(tx, {
        sourceType: 'notification',
        sourceId: setting.id,
        sourceName: setting.name,
        trigger: options.trigger,
        status,
        // The run carries the scheduler's clock, like the digest window it reports.
        startedAt: options.now,
        finishedAt: context.clock.now(),
        message,
        details: { ...details, recipients, test },
      });
      await emitRunFinished(tx, row);
      if (status === 'succeeded') {
        const counts = details.counts as { emails?: number } | undefined;
        await emitDigestSent(tx, {
          runId: row.id,
          settingId: setting.id,
          settingName: setting.name,
          emailCount: counts?.emails ?? 0,
          recipientCount: recipients.length,
        });
      }
      return row.id;
    });
  };

  if (recipients.length === 0) {
    const message = noRecipientsMessage(setting);
    const runId = await record('failed', message, { errors: [message], counts: { emails: 0, sent: 0 } });
    return {
      runId,
      status: 'failed',
      reason: 'no-recipients',
      message,
      recipients,
      emailCount: 0,
      sentCount: 0,
      retryAt: null,
    };
  }
  if (!mailer.configured) {
    const runId = await record('failed', MAIL_NOT_CONFIGURED, {
      errors: [MAIL_NOT_CONFIGURED],
      counts: { emails: 0, sent: 0 },
    });
    return {
      runId,
      status: 'failed',
      reason: 'mail-not-configured',
      message: MAIL_NOT_CONFIGURED,
      recipients,
      emailCount: 0,
      sentCount: 0,
      retryAt: null,
    };
  }

  const digest = await buildDigest(db, setting, {
    now: options.now,
    timeZone: context.config.notificationTimeZone,
    test,
    publicUrl: context.config.publicUrl,
  });
  const errors: string[] = [];
  const subjects: string[] = [];
  let sentCount = 0;
  let allDeferred = true;
  for (const email of digest.emails) {
    try {
      await mailer.send({ to: recipients, subject: email.subject, text: email.text, html: email.html });
      sentCount += 1;
      subjects.push(email.subject);
    } catch (error) {
      errors.push(`"${email.subject}": ${(error as Error).message}`);
      // The mailer keeps the relay's error as the cause. Only a deferral is sure not to have been taken: a
      // connection lost after the data may have delivered it, and a second copy is what a retry must not make.
      if (smtpSendVerdict((error as { cause?: unknown }).cause ?? error) !== 'deferred') allDeferred = false;
    }
  }
  // A digest of which some e-mails went out is not tried again: those would arrive twice.
  const retryAt =
    errors.length > 0 && sentCount === 0 && allDeferred ? (options.retryAtIfDeferred ?? null) : null;
  const emailCount = digest.emails.length;
  const details = {
    counts: {
      emails: emailCount,
      sent: sentCount,
      sources: digest.sourceCount,
      errorsReported: digest.errors,
    },
    window: { start: digest.window.start.toISOString(), end: digest.window.end.toISOString() },
    subjects,
    errors,
  };
  if (errors.length === 0) {
    const message = `Sent ${emailCount === 1 ? 'the digest' : `${emailCount} digest e-mails`} to ${recipients.join(', ')}`;
    const runId = await record('succeeded', message, details);
    return { runId, status: 'sent', reason: null, message, recipients, emailCount, sentCount, retryAt: null };
  }
  const failure =
    sentCount === 0
      ? errors.length === 1
        ? errors[0]!.replace(/^"[^"]*": /, '')
        : `None of the ${emailCount} digest e-mails could be sent: ${errors.join('; ')}`
      : `${sentCount} of ${emailCount} digest e-mails were sent; the others failed: ${errors.join('; ')}`;
  const message = retryAt ? `${failure} (tried again at ${retryAt.toISOString()})` : failure;
  const runId = await record('failed', message, { ...details, retryAt: retryAt?.toISOString() ?? null });
  return { runId, status: 'failed', reason: 'smtp', message, recipients, emailCount, sentCount, retryAt };
}

/**
 * The digest scheduler (docs/behaviour/notifications.md#schedule). Every enabled setting whose interval is not None has a `next_run_at`
 * (kept by the settings service on every save). A tick claims the settings that are due and sends each one:
 *
 * - Claiming locks the due rows (FOR UPDATE SKIP LOCKED), moves each `next_run_at` to its next occurrence
 *   after now and commits, before any mail goes out. Another app instance ticking at the same moment skips
 *   the locked rows and then finds them no longer due, so each occurrence is sent once; after a restart a
 *   claimed occurrence is not due any more. The claim is short: no SMTP inside a transaction (on PGlite a
 *   transaction holds the only connection).
 * - The next occurrence is computed from now, so a server that was down over several occurrences sends one
 *   digest when it comes back, not one per missed period.
 * - A setting saved (changed, switched off, deleted) is rescheduled by its save; the tick reads what is stored.
 * - `last_notification_sent` moves only when a digest actually went out: a custom schedule's window (since
 *   the last digest) then also covers the occurrences that could not be sent.
 * - A claimed occurrence whose sending is interrupted by a crash is not retried (at most once); the next
 *   occurrence reports as usual.
 * - An occurrence the relay deferred (every e-mail answered 4xx, or the relay not reachable, nothing sent) is
 *   tried again within its period: the claim's `next_run_at` is moved back to a retry time, which the next
 *   ticks claim like any due setting (so still once across instances), waiting 1 minute, then as long as the
 *   occurrence has been failing (doubling), at most 30 minutes. Not when the retry would fall at or after the
 *   next occurrence (that one covers it), nor when some e-mails went out or may have (those would arrive twice).
 */

import type { AppContext } from '../../context';
import { digestsSentTotal } from '../../lib/metrics';
import type { NotificationSettingRow } from './digest';
import {
  lockDueNotificationSettings,
  moveNotificationNextRunAt,
  setLastNotificationSent,
  setNotificationNextRunAt,
} from './repository';
import {
  type NotificationSchedule,
  nextRunAt,
  notificationSchedule,
  previousRunAt,
  type ScheduledSetting,
} from './schedule';
import { type DigestDelivery, sendDigest } from './send-digest';

/** Settings claimed per transaction; a tick claims batches until none is due. */
const CLAIM_BATCH = 20;

/** The shortest and the longest wait before a deferred digest is tried again. */
export const DIGEST_RETRY_MIN_MS = 60_000;
export const DIGEST_RETRY_MAX_MS = 30 * 60_000;

/**
 * When an occurrence claimed at `now` is tried again if the relay defers it: after as long as it has been
 * due (1 minute at least, 30 at most), or null when that is not before the next occurrence.
 */
export function digestRetryAt(
  setting: ScheduledSetting,
  now: Date,
  schedule: NotificationSchedule,
): Date | null {
  const next = nextRunAt(setting, now, schedule);
  if (!next) return null;
  const due = previousRunAt(setting, now, schedule) ?? now;
  const wait = Math.min(DIGEST_RETRY_MAX_MS, Math.max(DIGEST_RETRY_MIN_MS, now.getTime() - due.getTime()));
  const at = new Date(now.getTime() + wait);
  return at < next ? at : null;
}

export interface DueNotificationsResult {
  /** Occurrences this call claimed. */
  claimed: number;
  /** Digests that went out completely. */
  sent: number;
  /** Occurrences recorded as failed (no recipients, mail not configured, SMTP refusal). */
  failed: number;
  deliveries: Array<{ settingId: number } & Pick<DigestDelivery, 'runId' | 'status' | 'message'>>;
}

export interface SchedulerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Locks and reschedules the settings due at `now`; returns them as they were when claimed. */
export async function claimDueSettings(
  context: AppContext,
  now: Date,
  limit = CLAIM_BATCH,
): Promise<NotificationSettingRow[]> {
  const schedule = notificationSchedule(context.config);
  return context.db.transaction(async (tx) => {
    const due = await lockDueNotificationSettings(tx, now, limit);
    for (const setting of due) {
      await setNotificationNextRunAt(tx, setting.id, nextRunAt(setting, now, schedule));
    }
    return due;
  });
}

/**
 * Sends every digest due at the clock's now. Tests call it directly with a moved clock; the queue's
 * minute tick calls it in production. A failure of one setting is logged and recorded, not thrown.
 */
export async function runDueNotifications(
  context: AppContext,
  log?: SchedulerLog,
): Promise<DueNotificationsResult> {
  const now = context.clock.now();
  const schedule = notificationSchedule(context.config);
  const result: DueNotificationsResult = { claimed: 0, sent: 0, failed: 0, deliveries: [] };
  for (;;) {
    const claimed = await claimDueSettings(context, now);
    result.claimed += claimed.length;
    for (const setting of claimed) {
      let delivery: DigestDelivery;
      try {
        delivery = await sendDigest(context, setting, {
          now,
          trigger: 'schedule',
          retryAtIfDeferred: digestRetryAt(setting, now, schedule),
        });
      } catch (error) {
        result.failed += 1;
        log?.error({ err: error, settingId: setting.id }, `notification digest "${setting.name}" failed`);
        continue;
      }
      result.deliveries.push({
        settingId: setting.id,
        runId: delivery.runId,
        status: delivery.status,
        message: delivery.message,
      });
      if (delivery.sentCount > 0) await setLastNotificationSent(context.db, setting.id, now);
      // The claim moved it to the next occurrence; a deferred one comes back sooner, unless saved meanwhile.
      const regularNext = nextRunAt(setting, now, schedule);
      if (delivery.retryAt && regularNext) {
        await moveNotificationNextRunAt(context.db, setting.id, regularNext, delivery.retryAt);
      }
      if (delivery.status === 'sent') {
        result.sent += 1;
        digestsSentTotal.inc();
        log?.info(
          { settingId: setting.id, runId: delivery.runId },
          `notification "${setting.name}": ${delivery.message}`,
        );
      } else {
        result.failed += 1;
        log?.warn(
          { settingId: setting.id, runId: delivery.runId },
          `notification "${setting.name}": ${delivery.message}`,
        );
      }
    }
    if (claimed.length < CLAIM_BATCH) return result;
  }
}

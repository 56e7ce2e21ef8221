/**
 * POST /api/notification-settings/{id}/test (docs/behaviour/notifications.md#test-notification): builds the setting's digest
 * for the window that ends now and sends it to its real recipients, whether the setting is enabled or not.
 * It leaves the schedule alone (`next_run_at` and `last_notification_sent` do not move) and is recorded as
 * a run with trigger 'manual'. Answers `{ details, emailCount, recipients }`, or an error whose message says
 * why nothing was sent: 409 no recipients, 503 mail not configured or refused by the SMTP server.
 */
import type { NotificationTestResult } from '@app/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { sendDigest } from './send-digest';
import { findSettingFor, type NotificationCaller } from './service';

export async function sendTestNotification(
  context: AppContext,
  caller: NotificationCaller,
  settingId: number,
): Promise<NotificationTestResult> {
  const setting = await findSettingFor(context.db, caller, settingId);
  const delivery = await sendDigest(context, setting, { now: context.clock.now(), trigger: 'manual' });
  if (delivery.reason === 'no-recipients') throw AppError.conflict(delivery.message);
  if (delivery.status === 'failed') throw AppError.serviceUnavailable(delivery.message);
  const emails = delivery.emailCount === 1 ? '' : ` (${delivery.emailCount} e-mails, one per source)`;
  return {
    details: `Test notification sent to ${delivery.recipients.join(', ')}${emails}`,
    emailCount: delivery.emailCount,
    recipients: delivery.recipients,
  };
}

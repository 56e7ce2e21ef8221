/**
 * POST /api/notification-settings/{id}/test (spec 3 §7, "Test Notification"): builds the setting's digest
 * for the window that ends now and sends it to its real recipients, whether the setting is enabled or not.
 * It leaves the schedule alone (`next_run_at` and `last_notification_sent` do not move) and is recorded as
 * a run with trigger 'manual'. Answers `{ details, emailCount, recipients }`, or an error whose message says
 * why nothing was sent: 409 no recipients, 503 mail not configured or refused by the SMTP server.
 */
import type { NotificationTestResult } from '@app/contracts';
import { NOTIFICATION_MESSAGES } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app';
import { AppError } from '../../lib/app-error';
import { parseIdParam } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import { sendDigest } from './send-digest';

const { notificationSettings } = schema;

export async function sendTestNotification(
  context: AppContext,
  settingId: number,
): Promise<NotificationTestResult> {
  const [setting] = await context.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.id, settingId));
  if (!setting) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
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

export async function notificationTestRoutes(app: FastifyInstance, context: AppContext) {
  app.post<{ Params: { id: string } }>(
    '/api/notification-settings/:id/test',
    { config: { access: SOURCE_ACCESS.anySource } },
    async (request) => sendTestNotification(context, parseIdParam(request.params.id)),
  );
}

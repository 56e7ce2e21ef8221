import {
  type SourceTypeId,
  ZNotificationSettingSchema,
  ZNotificationSourceOptionsQuerySchema,
  ZValidateCronSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import {
  checkCronExpression,
  createNotificationSetting,
  deleteNotificationSetting,
  getNotificationSetting,
  listNotificationSettings,
  listSourceOptions,
  notificationEmailInfo,
  updateNotificationSettingById,
} from './service';
import { sendTestNotification } from './test-notification';

/**
 * Notification settings (docs/behaviour/notifications.md), for admins and users with any of the three flags; each call
 * then checks the flag of the setting's source type (service.ts). The "Test Notification" call,
 * POST /api/notification-settings/{id}/test, sends through test-notification.ts.
 */
export async function notificationSettingRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const anySourceUser = { config: { access: SOURCE_ACCESS.anySource } };
  type IdParams = { Params: { id: string } };

  // The fixed paths are declared before /:id; the router prefers them to the parameter anyway.
  app.get('/api/notification-settings/email-info', anySourceUser, async (request) =>
    notificationEmailInfo(context, sessionUserOrThrow(request)),
  );

  app.post('/api/notification-settings/validate-cron', anySourceUser, async (request) =>
    checkCronExpression(context, validate(ZValidateCronSchema, request.body)),
  );

  app.get('/api/notification-settings/source-options', anySourceUser, async (request) => {
    const { sourceTypeId } = validate(ZNotificationSourceOptionsQuerySchema, request.query);
    return listSourceOptions(db, sessionUserOrThrow(request), sourceTypeId as SourceTypeId);
  });

  app.get('/api/notification-settings', anySourceUser, async (request) =>
    listNotificationSettings(db, sessionUserOrThrow(request)),
  );

  app.get<IdParams>('/api/notification-settings/:id', anySourceUser, async (request) =>
    getNotificationSetting(db, sessionUserOrThrow(request), parseIdParam(request.params.id)),
  );

  app.post('/api/notification-settings', anySourceUser, async (request, reply) => {
    const setting = await createNotificationSetting(
      context,
      sessionUserOrThrow(request),
      validate(ZNotificationSettingSchema, request.body),
    );
    return reply.code(201).send(setting);
  });

  app.put<IdParams>('/api/notification-settings/:id', anySourceUser, async (request) => {
    const id = parseIdParam(request.params.id);
    const input = validate(ZNotificationSettingSchema, request.body);
    return updateNotificationSettingById(context, sessionUserOrThrow(request), id, input);
  });

  app.delete<IdParams>('/api/notification-settings/:id', anySourceUser, async (request, reply) => {
    await deleteNotificationSetting(db, sessionUserOrThrow(request), parseIdParam(request.params.id));
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>(
    '/api/notification-settings/:id/test',
    { config: { access: SOURCE_ACCESS.anySource } },
    async (request) =>
      sendTestNotification(context, sessionUserOrThrow(request), parseIdParam(request.params.id)),
  );
}

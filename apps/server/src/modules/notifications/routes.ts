import {
  type SourceTypeId,
  ZCronValidationResultSchema,
  ZNotificationEmailInfoSchema,
  ZNotificationSettingResponseSchema,
  ZNotificationSettingSchema,
  ZNotificationSourceOptionSchema,
  ZNotificationSourceOptionsQuerySchema,
  ZNotificationTestResultSchema,
  ZValidateCronSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs, deleteDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
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

const docs = apiDocs('Notification settings');
const setting = ZNotificationSettingResponseSchema;

/**
 * Notification settings (docs/behaviour/notifications.md), for admins and users with any of the three flags; each call
 * then checks the flag of the setting's source type (service.ts). The "Test Notification" call,
 * POST /api/notification-settings/{id}/test, sends through test-notification.ts.
 */
export async function notificationSettingRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const access = { access: SOURCE_ACCESS.anySource };
  type IdParams = { Params: { id: string } };

  // The fixed paths are declared before /:id; the router prefers them to the parameter anyway.
  app.get(
    '/api/notification-settings/email-info',
    {
      config: access,
      schema: docs({
        summary: 'The sender address and the recipients of each group the caller may see',
        response: { 200: ZNotificationEmailInfoSchema },
      }),
    },
    async (request) => notificationEmailInfo(context, sessionUserOrThrow(request)),
  );

  app.post(
    '/api/notification-settings/validate-cron',
    {
      // Checks an expression and stores nothing: a read-only API token may call it.
      config: { ...access, readOnly: true },
      schema: docs({
        summary: 'Check a cron expression and give its next run',
        body: ZValidateCronSchema,
        response: { 200: ZCronValidationResultSchema },
      }),
    },
    async (request) => checkCronExpression(context, validate(ZValidateCronSchema, request.body)),
  );

  app.get(
    '/api/notification-settings/source-options',
    {
      config: access,
      schema: docs({
        summary: 'The sources of a type the setting’s source picker offers',
        querystring: ZNotificationSourceOptionsQuerySchema,
        response: { 200: z.array(ZNotificationSourceOptionSchema) },
      }),
    },
    async (request) => {
      const { sourceTypeId } = validate(ZNotificationSourceOptionsQuerySchema, request.query);
      return listSourceOptions(db, sessionUserOrThrow(request), sourceTypeId as SourceTypeId);
    },
  );

  app.get(
    '/api/notification-settings',
    {
      config: access,
      schema: docs({
        summary: 'The settings of the source types the caller’s flags allow',
        response: { 200: z.array(setting) },
      }),
    },
    async (request) => listNotificationSettings(db, sessionUserOrThrow(request)),
  );

  app.get<IdParams>(
    '/api/notification-settings/:id',
    {
      config: access,
      schema: docs({ summary: 'One setting', params: idParams(), response: { 200: setting } }),
    },
    async (request) =>
      getNotificationSetting(db, sessionUserOrThrow(request), parseIdParam(request.params.id)),
  );

  app.post(
    '/api/notification-settings',
    {
      config: access,
      schema: docs({
        summary: 'Create a setting',
        body: ZNotificationSettingSchema,
        response: { 201: setting },
      }),
    },
    async (request, reply) => {
      const setting = await createNotificationSetting(
        context,
        sessionUserOrThrow(request),
        validate(ZNotificationSettingSchema, request.body),
      );
      return reply.code(201).send(setting);
    },
  );

  app.put<IdParams>(
    '/api/notification-settings/:id',
    {
      config: access,
      schema: docs({
        summary: 'Change a setting (also its source type, if the caller holds both flags)',
        params: idParams(),
        body: ZNotificationSettingSchema,
        response: { 200: setting },
      }),
    },
    async (request) => {
      const id = parseIdParam(request.params.id);
      const input = validate(ZNotificationSettingSchema, request.body);
      return updateNotificationSettingById(context, sessionUserOrThrow(request), id, input);
    },
  );

  app.delete<IdParams>(
    '/api/notification-settings/:id',
    {
      config: access,
      schema: docs(deleteDocs('a setting')),
    },
    async (request, reply) => {
      await deleteNotificationSetting(db, sessionUserOrThrow(request), parseIdParam(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/notification-settings/:id/test',
    {
      config: access,
      schema: docs({
        summary: 'Test Notification: send the digest now (503 when no system sender is configured)',
        params: idParams(),
        body: NO_CONTENT,
        response: { 200: ZNotificationTestResultSchema },
      }),
    },
    async (request) =>
      sendTestNotification(context, sessionUserOrThrow(request), parseIdParam(request.params.id)),
  );
}

import {
  ZWebhookCreatedSchema,
  ZWebhookCreateSchema,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliverySchema,
  ZWebhookEndpointSchema,
  ZWebhookTestSentSchema,
  ZWebhookUpdateSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { sessionUserOrThrow } from '../../plugins/session';
import {
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  saveWebhook,
  sendTestEvent,
} from './service';

/** Outbound webhooks (docs/behaviour/webhooks.md), for admins only. */
const docs = apiDocs('Webhooks');

/** Outbound webhooks (docs/behaviour/webhooks.md), for admins only. */
export async function webhookRoutes(app: FastifyInstance, context: AppContext) {
  const admins = { access: 'admin' as const };
  type IdParams = { Params: { id: string } };

  app.get(
    '/api/webhooks',
    {
      config: admins,
      schema: docs({ summary: 'Every webhook endpoint', response: { 200: z.array(ZWebhookEndpointSchema) } }),
    },
    async () => listWebhooks(context),
  );

  app.post(
    '/api/webhooks',
    {
      config: admins,
      schema: docs({
        summary: 'Register an endpoint: URL, events and signing secret',
        body: ZWebhookCreateSchema,
        response: { 201: ZWebhookCreatedSchema },
      }),
    },
    async (request, reply) => {
      const saved = await saveWebhook(
        context,
        null,
        validate(ZWebhookCreateSchema, request.body),
        sessionUserOrThrow(request),
      );
      return reply.code(201).send({ id: saved.id });
    },
  );

  app.get<IdParams>(
    '/api/webhooks/:id',
    {
      config: admins,
      schema: docs({
        summary: 'One endpoint (whether a secret is stored, never the secret)',
        params: idParams(),
        response: { 200: ZWebhookEndpointSchema },
      }),
    },
    async (request) => getWebhook(context, parseIdParam(request.params.id)),
  );

  app.put<IdParams>(
    '/api/webhooks/:id',
    {
      config: admins,
      schema: docs({
        summary: 'Change an endpoint; an empty secret keeps the stored one',
        params: idParams(),
        body: ZWebhookUpdateSchema,
        response: { 200: ZWebhookEndpointSchema },
      }),
    },
    async (request) =>
      saveWebhook(
        context,
        parseIdParam(request.params.id),
        validate(ZWebhookUpdateSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.delete<IdParams>(
    '/api/webhooks/:id',
    {
      config: admins,
      schema: docs({
        summary: 'Delete an endpoint and its delivery log',
        params: idParams(),
        body: NO_CONTENT,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await deleteWebhook(context, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.post<IdParams>(
    '/api/webhooks/:id/test',
    {
      config: admins,
      schema: docs({
        summary: 'Send a `test` event to this endpoint now (through the delivery queue)',
        params: idParams(),
        body: NO_CONTENT,
        response: { 202: ZWebhookTestSentSchema },
      }),
    },
    async (request, reply) => {
      const sent = await sendTestEvent(context, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(202).send(sent);
    },
  );

  app.get<IdParams>(
    '/api/webhooks/:id/deliveries',
    {
      config: admins,
      schema: docs({
        summary: 'The endpoint’s delivery log, newest first: status, response code, duration, next retry',
        params: idParams(),
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: z.array(ZWebhookDeliverySchema) },
      }),
    },
    async (request) => {
      const { limit } = validate(ZWebhookDeliveriesQuery, request.query);
      return listWebhookDeliveries(context, parseIdParam(request.params.id), limit);
    },
  );
}

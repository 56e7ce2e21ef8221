import {
  ZActiveToggleSchema,
  ZOrderTrackingSourceListItemSchema,
  ZOrderTrackingSourceResponseSchema,
  ZOrderTrackingSourceSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { activeToggleDocs, apiDocs, deleteDocs, idParams } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import {
  deleteOrderTrackingSource,
  getOrderTrackingSource,
  listOrderTrackingSources,
  saveOrderTrackingSource,
  setOrderTrackingSourceActive,
} from './service';

const docs = apiDocs('Order tracking sources');

/** Order tracking sources (docs/behaviour/sources.md#order-tracking-sources), for order users. */
export async function orderTrackingSourceRoutes(app: FastifyInstance, { db }: AppContext) {
  const access = { access: SOURCE_ACCESS.order };

  app.get(
    '/api/order-tracking-sources/active',
    {
      config: access,
      schema: docs({
        summary: 'Every order tracking source with its last run',
        response: { 200: z.array(ZOrderTrackingSourceListItemSchema) },
      }),
    },
    async () => listOrderTrackingSources(db),
  );

  app.get<{ Params: { sourceId: string } }>(
    '/api/order-tracking-sources/get/:sourceId',
    {
      config: access,
      schema: docs({
        summary: 'One order tracking source',
        params: idParams('sourceId'),
        response: { 200: ZOrderTrackingSourceResponseSchema },
      }),
    },
    async (request) => getOrderTrackingSource(db, parseIdParam(request.params.sourceId, 'sourceId')),
  );

  app.post(
    '/api/order-tracking-sources/save',
    {
      config: access,
      schema: docs({
        summary: 'Create (id 0) or change an order tracking source',
        body: ZOrderTrackingSourceSchema,
        response: { 200: ZOrderTrackingSourceResponseSchema },
      }),
    },
    async (request) =>
      saveOrderTrackingSource(
        db,
        validate(ZOrderTrackingSourceSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking-sources/delete/:id',
    {
      config: access,
      schema: docs(deleteDocs('an order tracking source')),
    },
    async (request, reply) => {
      await deleteOrderTrackingSource(db, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking-sources/:id/active',
    {
      config: access,
      schema: docs(activeToggleDocs('an order tracking source')),
    },
    async (request) =>
      setOrderTrackingSourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );
}

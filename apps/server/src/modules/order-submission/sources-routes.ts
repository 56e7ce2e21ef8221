import {
  ZActiveToggleSchema,
  ZOrderSubmissionSourceResponseSchema,
  ZOrderSubmissionSourceSchema,
  ZPickerPairSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { activeToggleDocs, apiDocs, deleteDocs, idParams } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import {
  deleteOrderSubmissionSource,
  getOrderSubmissionSource,
  listOrderSubmissionPickerPairs,
  listOrderSubmissionSources,
  saveOrderSubmissionSource,
  setOrderSubmissionSourceActive,
} from './sources-service';

const docs = apiDocs('Order submission');
const source = ZOrderSubmissionSourceResponseSchema;

/** Order submission sources (docs/behaviour/order-submission.md#order-submission-sources), for submission users. */
export async function orderSubmissionSourceRoutes(app: FastifyInstance, { db }: AppContext) {
  const access = { access: SOURCE_ACCESS.submission };

  app.get(
    '/api/order-submission/sources/active',
    {
      config: access,
      schema: docs({
        summary: 'Every order submission source with its last run',
        response: { 200: z.array(source) },
      }),
    },
    async () => listOrderSubmissionSources(db),
  );

  app.get<{ Params: { sourceId: string } }>(
    '/api/order-submission/sources/get/:sourceId',
    {
      config: access,
      schema: docs({
        summary: 'One order submission source',
        params: idParams('sourceId'),
        response: { 200: source },
      }),
    },
    async (request) => getOrderSubmissionSource(db, parseIdParam(request.params.sourceId, 'sourceId')),
  );

  app.post(
    '/api/order-submission/sources/save',
    {
      config: access,
      schema: docs({
        summary: 'Create (id 0) or change an order submission source',
        body: ZOrderSubmissionSourceSchema,
        response: { 200: source },
      }),
    },
    async (request) =>
      saveOrderSubmissionSource(
        db,
        validate(ZOrderSubmissionSourceSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-submission/sources/delete/:id',
    {
      config: access,
      schema: docs(deleteDocs('an order submission source')),
    },
    async (request, reply) => {
      await deleteOrderSubmissionSource(db, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-submission/sources/:id/active',
    {
      config: access,
      schema: docs(activeToggleDocs('an order submission source')),
    },
    async (request) =>
      setOrderSubmissionSourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.get(
    '/api/order-submission/order-submission-list',
    {
      config: access,
      schema: docs({
        summary: 'The order submission source picker: name and id of each source',
        response: { 200: z.array(ZPickerPairSchema) },
      }),
    },
    async () => listOrderSubmissionPickerPairs(db),
  );
}

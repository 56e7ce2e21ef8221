import { ZActiveToggleSchema, ZOrderSubmissionSourceSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import {
  deleteOrderSubmissionSource,
  getOrderSubmissionSource,
  listOrderSubmissionPickerPairs,
  listOrderSubmissionSources,
  saveOrderSubmissionSource,
  setOrderSubmissionSourceActive,
} from './sources-service';

/** Order submission sources (docs/behaviour/order-submission.md#order-submission-sources), for submission users. */
export async function orderSubmissionSourceRoutes(app: FastifyInstance, { db }: AppContext) {
  const submissionUsers = { config: { access: SOURCE_ACCESS.submission } };

  app.get('/api/order-submission/sources/active', submissionUsers, async () =>
    listOrderSubmissionSources(db),
  );

  app.get<{ Params: { sourceId: string } }>(
    '/api/order-submission/sources/get/:sourceId',
    submissionUsers,
    async (request) => getOrderSubmissionSource(db, parseIdParam(request.params.sourceId, 'sourceId')),
  );

  app.post('/api/order-submission/sources/save', submissionUsers, async (request) =>
    saveOrderSubmissionSource(db, validate(ZOrderSubmissionSourceSchema, request.body)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-submission/sources/delete/:id',
    submissionUsers,
    async (request, reply) => {
      await deleteOrderSubmissionSource(db, parseIdParam(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-submission/sources/:id/active',
    submissionUsers,
    async (request) =>
      setOrderSubmissionSourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
      ),
  );

  app.get('/api/order-submission/order-submission-list', submissionUsers, async () =>
    listOrderSubmissionPickerPairs(db),
  );
}

import { ZActiveToggleSchema, ZOrderTrackingSourceSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import {
  deleteOrderTrackingSource,
  getOrderTrackingSource,
  listOrderTrackingSources,
  saveOrderTrackingSource,
  setOrderTrackingSourceActive,
} from './service';

/** Order tracking sources (docs/behaviour/sources.md#order-tracking-sources), for order users. */
export async function orderTrackingSourceRoutes(app: FastifyInstance, { db }: AppContext) {
  const orderUsers = { config: { access: SOURCE_ACCESS.order } };

  app.get('/api/order-tracking-sources/active', orderUsers, async () => listOrderTrackingSources(db));

  app.get<{ Params: { sourceId: string } }>(
    '/api/order-tracking-sources/get/:sourceId',
    orderUsers,
    async (request) => getOrderTrackingSource(db, parseIdParam(request.params.sourceId, 'sourceId')),
  );

  app.post('/api/order-tracking-sources/save', orderUsers, async (request) =>
    saveOrderTrackingSource(db, validate(ZOrderTrackingSourceSchema, request.body)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking-sources/delete/:id',
    orderUsers,
    async (request, reply) => {
      await deleteOrderTrackingSource(db, parseIdParam(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking-sources/:id/active',
    orderUsers,
    async (request) =>
      setOrderTrackingSourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
      ),
  );
}

import { ZOrderEditSchema, ZOrderListRequestSchema, ZOrderNoteSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import { deleteOrder, editOrder, getOrder, listOrders, saveOrderNote } from './service';

/** The order tracking grid and order detail (docs/behaviour/order-tracking.md): order users and admins. */
export async function orderTrackingRoutes(app: FastifyInstance, { db }: AppContext) {
  const order = { config: { access: SOURCE_ACCESS.order } };

  app.post('/api/order-tracking/list', order, async (request) =>
    listOrders(db, validate(ZOrderListRequestSchema, request.body ?? {})),
  );

  app.post<{ Params: { id: string } }>('/api/order-tracking/delete/:id', order, async (request, reply) => {
    await deleteOrder(db, parseIdParam(request.params.id));
    return reply.code(204).send();
  });

  // The grid sends OrderId/Note, the detail page orderId/note; the schema accepts both.
  app.post('/api/order-tracking/notes', order, async (request) =>
    saveOrderNote(db, validate(ZOrderNoteSchema, request.body)),
  );

  app.get<{ Params: { orderId: string } }>('/api/order-tracking/order/:orderId', order, async (request) =>
    getOrder(db, parseIdParam(request.params.orderId, 'orderId')),
  );

  app.post<{ Params: { orderId: string } }>('/api/order-tracking/order/:orderId', order, async (request) =>
    editOrder(db, parseIdParam(request.params.orderId, 'orderId'), validate(ZOrderEditSchema, request.body)),
  );
}

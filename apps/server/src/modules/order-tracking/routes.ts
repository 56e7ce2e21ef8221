import { PassThrough } from 'node:stream';
import {
  ZOrderEditSchema,
  ZOrderExportQuerySchema,
  ZOrderListRequestSchema,
  ZOrderListResponseSchema,
  ZOrderNoteSchema,
  ZOrderRecordSchema,
  ZSavedOrderNoteSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { apiDocs, deleteDocs, fileDownload, idParams } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { framedBySelf } from '../../plugins/security-headers';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
import { EXPORT_CONTENT_TYPES } from './export-file';
import { exportGate } from './export-gate';
import { deleteOrder, editOrder, getOrder, listOrders, prepareOrderExport, saveOrderNote } from './service';

const docs = apiDocs('Order tracking');
const orderIdParams = idParams('orderId');

/** The order tracking grid and order detail (docs/behaviour/order-tracking.md): order users and admins. */
export async function orderTrackingRoutes(app: FastifyInstance, { db, database, config }: AppContext) {
  const access = { access: SOURCE_ACCESS.order };

  // A search sent as a POST (the body carries the filters): a read-only API token may call it.
  app.post(
    '/api/order-tracking/list',
    {
      config: { ...access, readOnly: true },
      schema: docs({
        summary: 'Search, sort and page the orders (the grid)',
        body: ZOrderListRequestSchema,
        response: { 200: ZOrderListResponseSchema },
      }),
    },
    async (request) => listOrders(db, validate(ZOrderListRequestSchema, request.body ?? {})),
  );

  // The list's search and sort as a file, streamed as it is read (docs/behaviour/order-tracking.md#export).
  app.get(
    '/api/order-tracking/export',
    {
      config: access,
      schema: docs({
        summary: 'Download the grid’s search and sort as CSV or XLSX, with the caller’s visible columns',
        querystring: ZOrderExportQuerySchema,
        response: { 200: fileDownload(Object.values(EXPORT_CONTENT_TYPES)) },
      }),
    },
    async (request, reply) => {
      framedBySelf(reply, config);
      const query = validate(ZOrderExportQuerySchema, request.query);
      // A turn first (export-gate.ts): waiting, or 429 before anything is read. A download closed while it
      // waits gives its place up.
      const closed = new AbortController();
      reply.raw.once('close', () => closed.abort());
      let end: () => void;
      try {
        end = await exportGate.admit(sessionUserOrThrow(request).id, closed.signal);
      } catch (error) {
        // Nobody is left to answer: not a failure of ours.
        if (closed.signal.aborted) return reply.hijack();
        throw error;
      }
      let file: Awaited<ReturnType<typeof prepareOrderExport>>;
      try {
        file = await prepareOrderExport(database, query, new Date());
      } catch (error) {
        end();
        throw error;
      }
      const body = new PassThrough();
      // Headers are gone once the first byte is: a failure now can only cut the download short.
      file
        .write(body)
        .then(
          () => body.end(),
          (error: unknown) => {
            if (!body.destroyed) request.log.error({ err: error }, 'Order export failed');
            body.destroy(error instanceof Error ? error : new Error(String(error)));
          },
        )
        .finally(end);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/order-tracking/delete/:id',
    {
      config: access,
      schema: docs(deleteDocs('an order')),
    },
    async (request, reply) => {
      await deleteOrder(db, parseIdParam(request.params.id));
      return reply.code(204).send();
    },
  );

  // The grid sends OrderId/Note, the detail page orderId/note; the schema accepts both.
  app.post(
    '/api/order-tracking/notes',
    {
      config: access,
      schema: docs({
        summary: 'Save an order’s note (orderId/note, or OrderId/Note as the grid sends them)',
        body: ZOrderNoteSchema,
        response: { 200: ZSavedOrderNoteSchema },
      }),
    },
    async (request) => saveOrderNote(db, validate(ZOrderNoteSchema, request.body)),
  );

  app.get<{ Params: { orderId: string } }>(
    '/api/order-tracking/order/:orderId',
    {
      config: access,
      schema: docs({ summary: 'One order', params: orderIdParams, response: { 200: ZOrderRecordSchema } }),
    },
    async (request) => getOrder(db, parseIdParam(request.params.orderId, 'orderId')),
  );

  app.post<{ Params: { orderId: string } }>(
    '/api/order-tracking/order/:orderId',
    {
      config: access,
      schema: docs({
        summary: 'Edit an order’s fields and tracking numbers',
        params: orderIdParams,
        body: ZOrderEditSchema,
        response: { 200: ZOrderRecordSchema },
      }),
    },
    async (request) =>
      editOrder(
        db,
        parseIdParam(request.params.orderId, 'orderId'),
        validate(ZOrderEditSchema, request.body),
      ),
  );
}

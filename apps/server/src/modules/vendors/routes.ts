import { ZActiveToggleSchema, ZOrderVendorSourceSchema, ZVendorListQuerySchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
import {
  deleteOrderVendorSource,
  deleteVendorAlias,
  getOrderVendorSource,
  getVendorTemplateFile,
  listOrderVendorSources,
  saveOrderVendorSource,
  setOrderVendorSourceActive,
} from './service';

type IdParams = { Params: { id: string } };

/** Order submission vendor sources and their aliases (docs/behaviour/order-submission.md#vendor-sources), for submission users. */
export async function orderVendorSourceRoutes(app: FastifyInstance, { db }: AppContext) {
  const submissionUsers = { config: { access: SOURCE_ACCESS.submission } };

  // The spec lists only active vendors; `?includeInactive=true` lets a switched-off vendor be found again.
  app.get('/api/order-submission/vendor/active', submissionUsers, async (request) =>
    listOrderVendorSources(db, validate(ZVendorListQuerySchema, request.query)),
  );

  app.get<IdParams>('/api/order-submission/vendor/get/:id', submissionUsers, async (request) =>
    getOrderVendorSource(db, parseIdParam(request.params.id)),
  );

  app.post('/api/order-submission/vendor/save', submissionUsers, async (request) =>
    saveOrderVendorSource(db, validate(ZOrderVendorSourceSchema, request.body)),
  );

  app.post<IdParams>('/api/order-submission/vendor/delete/:id', submissionUsers, async (request, reply) => {
    await deleteOrderVendorSource(db, parseIdParam(request.params.id));
    return reply.code(204).send();
  });

  app.post<IdParams>(
    '/api/order-submission/vendor/alias/delete/:id',
    submissionUsers,
    async (request, reply) => {
      await deleteVendorAlias(db, parseIdParam(request.params.id));
      return reply.code(204).send();
    },
  );

  app.post<IdParams>('/api/order-submission/vendor/:id/active', submissionUsers, async (request) =>
    setOrderVendorSourceActive(
      db,
      parseIdParam(request.params.id),
      validate(ZActiveToggleSchema, request.body),
    ),
  );

  app.get<IdParams>('/api/order-submission/vendor/:id/template', submissionUsers, async (request, reply) => {
    const file = await getVendorTemplateFile(db, parseIdParam(request.params.id));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentHeader(file.fileName))
      .send(file.content);
  });
}

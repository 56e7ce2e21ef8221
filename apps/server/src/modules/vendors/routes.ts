import {
  ZActiveToggleSchema,
  ZOrderVendorSourceListItemSchema,
  ZOrderVendorSourceResponseSchema,
  ZOrderVendorSourceSchema,
  ZVendorListQuerySchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { activeToggleDocs, apiDocs, deleteDocs, FILE_DOWNLOAD, idParams } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
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

const docs = apiDocs('Vendors');
const vendor = ZOrderVendorSourceResponseSchema;

/** Order submission vendor sources and their aliases (docs/behaviour/order-submission.md#vendor-sources), for submission users. */
export async function orderVendorSourceRoutes(app: FastifyInstance, { db }: AppContext) {
  const access = { access: SOURCE_ACCESS.submission };

  // The spec lists only active vendors; `?includeInactive=true` lets a switched-off vendor be found again.
  app.get(
    '/api/order-submission/vendor/active',
    {
      config: access,
      schema: docs({
        summary: 'The vendors (active only unless includeInactive=true) with their last run',
        querystring: ZVendorListQuerySchema,
        response: { 200: z.array(ZOrderVendorSourceListItemSchema) },
      }),
    },
    async (request) => listOrderVendorSources(db, validate(ZVendorListQuerySchema, request.query)),
  );

  app.get<IdParams>(
    '/api/order-submission/vendor/get/:id',
    {
      config: access,
      schema: docs({ summary: 'One vendor with its aliases', params: idParams(), response: { 200: vendor } }),
    },
    async (request) => getOrderVendorSource(db, parseIdParam(request.params.id)),
  );

  app.post(
    '/api/order-submission/vendor/save',
    {
      config: access,
      schema: docs({
        summary: 'Create (id 0) or change a vendor and its aliases; no template keeps the stored one',
        body: ZOrderVendorSourceSchema,
        response: { 200: vendor },
      }),
    },
    async (request) =>
      saveOrderVendorSource(
        db,
        validate(ZOrderVendorSourceSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.post<IdParams>(
    '/api/order-submission/vendor/delete/:id',
    {
      config: access,
      schema: docs(deleteDocs('a vendor')),
    },
    async (request, reply) => {
      await deleteOrderVendorSource(db, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.post<IdParams>(
    '/api/order-submission/vendor/alias/delete/:id',
    {
      config: access,
      schema: docs(deleteDocs('a vendor alias')),
    },
    async (request, reply) => {
      await deleteVendorAlias(db, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.post<IdParams>(
    '/api/order-submission/vendor/:id/active',
    {
      config: access,
      schema: docs(activeToggleDocs('a vendor')),
    },
    async (request) =>
      setOrderVendorSourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.get<IdParams>(
    '/api/order-submission/vendor/:id/template',
    {
      config: access,
      schema: docs({
        summary: 'Download the vendor’s template file',
        params: idParams(),
        response: { 200: FILE_DOWNLOAD },
      }),
    },
    async (request, reply) => {
      const file = await getVendorTemplateFile(db, parseIdParam(request.params.id));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .send(file.content);
    },
  );
}

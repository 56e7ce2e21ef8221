import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs } from '../../lib/route-docs';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** The API's own version in the document: raised when a documented contract changes incompatibly. */
export const API_VERSION = '1.0.0';

const docs = apiDocs('API reference');

/**
 * The OpenAPI document, for signed-in users (docs/design/api.md#who-may-read-it): it lists every route and
 * field, which is no secret from a user of the product but is of no use to anyone else.
 */
export async function apiDocsRoutes(app: FastifyInstance, context: AppContext) {
  let document: OpenApiDocument | undefined;
  app.get(
    '/api/openapi.json',
    {
      config: { access: 'user' },
      schema: docs({
        summary: 'This document: the OpenAPI 3.1 description of every route',
        response: {
          200: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).loose(),
        },
      }),
    },
    async () => {
      // Routes are all registered before the first request, and never change after: built once.
      document ??= buildOpenApiDocument(context.routes, { version: API_VERSION });
      return document;
    },
  );
}

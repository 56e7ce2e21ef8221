import { ZApiTokenListSchema, ZCreateApiTokenSchema, ZCreatedApiTokenSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { apiDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { sessionUserOrThrow } from '../../plugins/session';
import { createApiToken, listApiTokens, revokeApiToken } from './service';

const docs = apiDocs('API tokens');

/**
 * The caller's own API tokens (docs/behaviour/api-tokens.md). Signed-in users only: the session plugin
 * refuses API tokens on /api/tokens, so a token cannot mint or revoke tokens.
 */
export async function apiTokenRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const own = { access: 'user' as const };

  app.post(
    '/api/tokens',
    {
      config: own,
      schema: docs({
        summary: 'Create a personal API token; the token is in this answer only',
        body: ZCreateApiTokenSchema,
        response: { 201: ZCreatedApiTokenSchema },
      }),
    },
    async (request, reply) => {
      const created = await createApiToken(
        db,
        clock,
        sessionUserOrThrow(request),
        validate(ZCreateApiTokenSchema, request.body),
      );
      // The token is in this answer only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/api/tokens',
    {
      config: own,
      schema: docs({
        summary: 'The caller’s API tokens, with their last use',
        response: { 200: ZApiTokenListSchema },
      }),
    },
    async (request) => listApiTokens(db, sessionUserOrThrow(request)),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/tokens/:id',
    {
      config: own,
      schema: docs({
        summary: 'Revoke one of the caller’s API tokens',
        params: idParams(),
        body: NO_CONTENT,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await revokeApiToken(db, clock, sessionUserOrThrow(request), parseIdParam(request.params.id));
      return reply.code(204).send();
    },
  );
}

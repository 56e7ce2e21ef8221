import { ZRunListQuerySchema } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { progressBoard } from '../../lib/progress';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
import { getRunFile, getRunFor, listRunsOf, reprocessRun, toRunRecord } from './runs-service';

/**
 * Run history (docs/behaviour/runs-and-history.md#access, beyond the spec). Any source flag opens the door; each call then checks the flag
 * of the run's own source type (order tracking: order users, inventory: inventory users, e-mail: any source
 * flag, order submission and vendors: submission users, a notification setting: the flag of the setting's
 * source type), since one route serves every kind of source.
 */
export async function runRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const sourceUsers = { config: { access: SOURCE_ACCESS.anySource } };
  type IdParams = { Params: { id: string } };

  // Progress of work this user started (lib/progress.ts), answered from memory without the database.
  app.get<{ Params: { key: string } }>(
    '/api/progress/:key',
    { config: { access: 'signed-in token' } },
    async (request, reply) => {
      const owner = request.tokenClaims?.userId;
      const progress = owner === undefined ? undefined : progressBoard.read(request.params.key, owner);
      if (!progress) throw AppError.notFound('No work with this key is running');
      return reply.header('cache-control', 'no-store').send(progress);
    },
  );

  app.get('/api/runs', sourceUsers, async (request) =>
    listRunsOf(db, sessionUserOrThrow(request), validate(ZRunListQuerySchema, request.query)),
  );

  app.get<IdParams>('/api/runs/:id', sourceUsers, async (request) =>
    toRunRecord(await getRunFor(db, sessionUserOrThrow(request), parseIdParam(request.params.id))),
  );

  const sendRunFile = async (
    request: FastifyRequest<IdParams>,
    reply: FastifyReply,
    which: 'input' | 'output',
  ) => {
    const file = await getRunFile(db, sessionUserOrThrow(request), parseIdParam(request.params.id), which);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.content);
  };

  app.get<IdParams>('/api/runs/:id/input', sourceUsers, async (request, reply) =>
    sendRunFile(request, reply, 'input'),
  );

  app.get<IdParams>('/api/runs/:id/output', sourceUsers, async (request, reply) =>
    sendRunFile(request, reply, 'output'),
  );

  app.post<IdParams>('/api/runs/:id/reprocess', sourceUsers, async (request) =>
    reprocessRun(context, sessionUserOrThrow(request), parseIdParam(request.params.id)),
  );
}

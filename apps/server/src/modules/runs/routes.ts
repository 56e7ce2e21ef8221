import {
  PROGRESS_KEY_PATTERN,
  ZReprocessOutcomeSchema,
  ZRunListQuerySchema,
  ZRunListResponseSchema,
  ZRunRecordSchema,
  ZRunsDailyQuerySchema,
  ZRunsDailyResponseSchema,
  ZWorkProgressSchema,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { progressBoard } from '../../lib/progress';
import { apiDocs, FILE_DOWNLOAD, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { attachmentHeader } from '../files/stored-files';
import { toRunRecord } from './repository';
import { reprocessRun } from './reprocess-run';
import { dailyRunsOf, getRunFile, getRunFor, listRunsOf } from './runs-service';

const docs = apiDocs('Runs');

/**
 * Run history (docs/behaviour/runs-and-history.md#access, beyond the spec). Any source flag opens the door; each call then checks the flag
 * of the run's own source type (order tracking: order users, inventory: inventory users, e-mail: any source
 * flag, order submission and vendors: submission users, a notification setting: the flag of the setting's
 * source type), since one route serves every kind of source.
 */
export async function runRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const access = { access: SOURCE_ACCESS.anySource };
  const runFile = (which: string) =>
    docs({
      summary: `Download the run’s ${which} file`,
      params: idParams(),
      response: { 200: FILE_DOWNLOAD },
    });
  type IdParams = { Params: { id: string } };

  // Progress of work this user started (lib/progress.ts), answered from memory without the database.
  app.get<{ Params: { key: string } }>(
    '/api/progress/:key',
    {
      config: { access: 'signed-in token' },
      schema: docs({
        summary: 'Progress of work the caller started with this key in the x-progress-key header',
        params: z.object({ key: z.string().regex(PROGRESS_KEY_PATTERN) }),
        response: { 200: ZWorkProgressSchema },
      }),
    },
    async (request, reply) => {
      const owner = request.tokenClaims?.userId;
      const progress = owner === undefined ? undefined : progressBoard.read(request.params.key, owner);
      if (!progress) throw AppError.notFound('No work with this key is running');
      return reply.header('cache-control', 'no-store').send(progress);
    },
  );

  app.get(
    '/api/runs',
    {
      config: access,
      schema: docs({
        summary: 'One source’s runs, newest first (the source type’s flag is needed)',
        querystring: ZRunListQuerySchema,
        response: { 200: ZRunListResponseSchema },
      }),
    },
    async (request) =>
      listRunsOf(db, sessionUserOrThrow(request), validate(ZRunListQuerySchema, request.query)),
  );

  app.get(
    '/api/runs/daily',
    {
      config: access,
      schema: docs({
        summary: 'One source’s runs per day (NOTIFICATIONS_TIME_ZONE): outcomes and durations',
        querystring: ZRunsDailyQuerySchema,
        response: { 200: ZRunsDailyResponseSchema },
      }),
    },
    async (request) =>
      dailyRunsOf(db, sessionUserOrThrow(request), validate(ZRunsDailyQuerySchema, request.query), {
        now: context.clock.now(),
        timeZone: context.config.notificationTimeZone,
      }),
  );

  app.get<IdParams>(
    '/api/runs/:id',
    {
      config: access,
      schema: docs({ summary: 'One run', params: idParams(), response: { 200: ZRunRecordSchema } }),
    },
    async (request) =>
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

  app.get<IdParams>(
    '/api/runs/:id/input',
    { config: access, schema: runFile('input') },
    async (request, reply) => sendRunFile(request, reply, 'input'),
  );

  app.get<IdParams>(
    '/api/runs/:id/output',
    { config: access, schema: runFile('output') },
    async (request, reply) => sendRunFile(request, reply, 'output'),
  );

  app.post<IdParams>(
    '/api/runs/:id/reprocess',
    {
      config: access,
      schema: docs({
        summary: 'Run the stored input file again, as a new run',
        params: idParams(),
        body: NO_CONTENT,
        response: { 200: ZReprocessOutcomeSchema },
      }),
    },
    async (request) => reprocessRun(context, sessionUserOrThrow(request), parseIdParam(request.params.id)),
  );
}

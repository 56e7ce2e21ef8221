/**
 * Liveness, readiness and metrics for load balancers and Prometheus
 * (docs/behaviour/operations.md). None of them takes a session: /health and /ready are public and say
 * nothing private, /metrics checks its own bearer token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { httpRequestDuration, mailboxLastSuccess, metricsRegistry, queueJobs } from '../../lib/metrics';
import { apiDocs, textResponse } from '../../lib/route-docs';
import { activeMailboxPollTimes, queueJobCounts } from './repository';

const ZCheckSchema = z.enum(['ok', 'failed']);
type Check = z.infer<typeof ZCheckSchema>;
const ZReadinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: ZCheckSchema, migrations: ZCheckSchema, queue: ZCheckSchema }),
});

const docs = apiDocs('Operations');

/**
 * How long /health and /ready wait for the database's `select 1`: a load balancer's probe gets its answer in
 * time while the database is unreachable (a cut network answers nothing) instead of timing out itself.
 */
export const PROBE_TIMEOUT_MS = 2_000;

export async function operationsRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, config } = context;
  // Migrations only go forward: once this process saw none pending, none can become pending while it runs
  // (a newer version's migrations are not in its journal). So /ready reads the migrations table until then,
  // and afterwards its one database question is the probe's `select 1`, bounded by PROBE_TIMEOUT_MS: right
  // after a database fault, a second statement could meet a pooled connection that is still dying and hold
  // the answer up to the statement timeout (30 s), though the database is back.
  let migrationsApplied = false;

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Liveness: the database answers',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('error'), database: z.literal('unreachable') }),
        },
      }),
    },
    async (_request, reply) => {
      if (await database.ping(PROBE_TIMEOUT_MS)) return { status: 'ok', database: database.kind };
      app.log.error('health check: database unreachable');
      return reply.code(503).send({ status: 'error', database: 'unreachable' });
    },
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Readiness: database, migrations and job queue',
        response: { 200: ZReadinessSchema, 503: ZReadinessSchema },
      }),
    },
    async (_request, reply) => {
      const checks: { database: Check; migrations: Check; queue: Check } = {
        database: 'failed',
        migrations: 'failed',
        queue: 'failed',
      };
      if (await database.ping(PROBE_TIMEOUT_MS)) {
        checks.database = 'ok';
        migrationsApplied ||= (await database.pendingMigrations()) === 0;
        if (migrationsApplied) checks.migrations = 'ok';
      } else {
        app.log.warn('readiness check: database unreachable');
      }
      // Set by startJobs, unset the moment a shutdown begins: a stopping instance leaves the rotation.
      if (context.jobQueue) checks.queue = 'ok';
      const ready = Object.values(checks).every((check) => check === 'ok');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  );

  // Timed for every route, also the ones answered by a hook (401) or not found (route "unmatched", so
  // that scanners' URLs do not become label values).
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = config.metricsToken ? digest(config.metricsToken) : undefined;
  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN; 404 when METRICS_TOKEN is unset)',
        response: { 200: textResponse('text/plain') },
      }),
    },
    async (request, reply) => {
      // Off unless METRICS_TOKEN is set: answered here rather than left unregistered, because the web app's
      // fallback would otherwise answer GET /metrics with its index page.
      if (!expected) return notFound(request, reply);
      const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
      if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ statusCode: 401, code: 'UNAUTHORIZED', message: 'A valid metrics token is required.' });
      }
      // While the database is away the process's own metrics still answer, without fresh database gauges.
      await refreshDatabaseGauges(context).catch((error) =>
        app.log.warn({ err: error }, 'metrics: database gauges not refreshed'),
      );
      return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
    },
  );
}

function digest(token: string): Buffer {
  // Hashed first so that the comparison takes the same time whatever the length of what was sent.
  return createHash('sha256').update(token).digest();
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ statusCode: 404, code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}` });
}

async function refreshDatabaseGauges(context: AppContext): Promise<void> {
  const jobs = await queueJobCounts(context.database);
  queueJobs.reset();
  for (const row of jobs) queueJobs.set({ queue: row.queue, state: row.state }, row.count);

  const mailboxes = await activeMailboxPollTimes(context.db);
  // Reset, so a deleted or deactivated mailbox stops being reported (and stops alerting).
  mailboxLastSuccess.reset();
  for (const row of mailboxes) {
    mailboxLastSuccess.set(
      { email_source_id: String(row.id) },
      row.at ? Math.floor(row.at.getTime() / 1000) : 0,
    );
  }
}

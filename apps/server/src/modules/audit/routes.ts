import { ZAuditPageSchema, ZAuditQuerySchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { apiDocs } from '../../lib/route-docs';
import { validate } from '../../lib/validate';
import { sessionUserOrThrow } from '../../plugins/session';
import { listAudit } from './service';

/**
 * The audit log (docs/behaviour/audit-log.md): signed-in users; the service decides which histories each
 * may read (admins all, editors their entities' own).
 */
export async function auditRoutes(app: FastifyInstance, { db }: AppContext) {
  app.get(
    '/api/audit',
    {
      config: { access: 'user' },
      schema: apiDocs('Audit log')({
        summary:
          'Audit entries, newest first (admins: all; editors: the histories of the entities they may edit)',
        querystring: ZAuditQuerySchema,
        response: { 200: ZAuditPageSchema },
      }),
    },
    async (request) => listAudit(db, sessionUserOrThrow(request), validate(ZAuditQuerySchema, request.query)),
  );
}

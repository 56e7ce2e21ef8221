import { ZActiveToggleSchema, ZEmailConnectionTestSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { progressOf } from '../../lib/progress';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS } from '../../plugins/session';
import { pollEmailSourceNow } from '../intake/check-now';
import {
  deleteEmailSource,
  getEmailSource,
  listEmailSourceItems,
  listEmailSourcePickerPairs,
  parseEmailSourceForm,
  parseTestEmailRequest,
  saveEmailSource,
  sendTestEmail,
  setEmailSourceActive,
  testEmailConnection,
} from './service';

/** E-mail sources (docs/behaviour/sources.md#email-sources): offered to order, inventory and submission users alike. */
export async function emailSourceRoutes(app: FastifyInstance, context: AppContext) {
  const { db, secrets, config } = context;
  const anySource = { config: { access: SOURCE_ACCESS.anySource } };
  const services = { db, secrets, config };

  app.get('/api/email-sources/emails', anySource, async () => listEmailSourceItems(db));

  app.get<{ Params: { sourceId: string } }>(
    '/api/email-sources/email/:sourceId',
    anySource,
    async (request) => getEmailSource(db, parseIdParam(request.params.sourceId, 'sourceId')),
  );

  app.post('/api/email-sources/email/save', anySource, async (request) =>
    saveEmailSource(services, parseEmailSourceForm(request.body)),
  );

  app.post<{ Params: { id: string } }>('/api/email-sources/delete/:id', anySource, async (request, reply) => {
    await deleteEmailSource(db, parseIdParam(request.params.id));
    return reply.code(204).send();
  });

  app.get('/api/email-sources/email-list', anySource, async () => listEmailSourcePickerPairs(db));

  app.post<{ Params: { id: string } }>('/api/email-sources/:id/active', anySource, async (request) =>
    setEmailSourceActive(db, parseIdParam(request.params.id), validate(ZActiveToggleSchema, request.body)),
  );

  // "Check now": polls the mailbox at once and answers with the counts when the poll has finished.
  app.post<{ Params: { id: string } }>('/api/email-sources/:id/poll', anySource, async (request) =>
    pollEmailSourceNow(context, parseIdParam(request.params.id), undefined, progressOf(request, 'messages')),
  );

  app.post('/api/email-sources/send-test-email', anySource, async (request) =>
    sendTestEmail(services, parseTestEmailRequest(request.body)),
  );

  app.post('/api/email-sources/test-connection', anySource, async (request) =>
    testEmailConnection(services, validate(ZEmailConnectionTestSchema, request.body)),
  );
}

import {
  ZActiveToggleSchema,
  ZEmailConnectionTestResultSchema,
  ZEmailConnectionTestSchema,
  ZEmailSourceListItemSchema,
  ZEmailSourcePollResultSchema,
  ZEmailSourceResponseSchema,
  ZLedgerPageSchema,
  ZLedgerQuerySchema,
  ZMessageResponseSchema,
  ZPickerPairSchema,
  ZTestEmailSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { progressOf } from '../../lib/progress';
import { activeToggleDocs, apiDocs, deleteDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { pollEmailSourceNow } from '../intake/check-now';
import { listLedger } from './ledger-service';
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
  ZEmailSourceSaveSchema,
} from './service';
import { mailboxSignInRoutes } from './sign-in-routes';

const docs = apiDocs('E-mail sources');

/** E-mail sources (docs/behaviour/sources.md#email-sources): offered to order, inventory and submission users alike. */
export async function emailSourceRoutes(app: FastifyInstance, context: AppContext) {
  const { db, secrets, config } = context;
  const access = { access: SOURCE_ACCESS.anySource };
  const services = { db, secrets, config, mailer: context.mailer };

  app.get(
    '/api/email-sources/emails',
    {
      config: access,
      schema: docs({
        summary: 'Every e-mail source with its poll status',
        response: { 200: z.array(ZEmailSourceListItemSchema) },
      }),
    },
    async () => listEmailSourceItems(db),
  );

  app.get<{ Params: { sourceId: string } }>(
    '/api/email-sources/email/:sourceId',
    {
      config: access,
      schema: docs({
        summary: 'One e-mail source (its password never: passwordSet says whether one is stored)',
        params: idParams('sourceId'),
        response: { 200: ZEmailSourceResponseSchema },
      }),
    },
    async (request) => getEmailSource(db, parseIdParam(request.params.sourceId, 'sourceId')),
  );

  app.post(
    '/api/email-sources/email/save',
    {
      config: access,
      schema: docs({
        summary: 'Create (id 0) or change an e-mail source; a blank password keeps the stored one',
        body: ZEmailSourceSaveSchema,
        response: { 200: ZEmailSourceResponseSchema },
      }),
    },
    async (request) =>
      saveEmailSource(services, parseEmailSourceForm(request.body), sessionUserOrThrow(request)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/email-sources/delete/:id',
    {
      config: access,
      schema: docs(deleteDocs('an e-mail source')),
    },
    async (request, reply) => {
      await deleteEmailSource(db, parseIdParam(request.params.id), sessionUserOrThrow(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/email-sources/email-list',
    {
      config: access,
      schema: docs({
        summary: 'The e-mail source picker: name and id of each source',
        response: { 200: z.array(ZPickerPairSchema) },
      }),
    },
    async () => listEmailSourcePickerPairs(db),
  );

  app.post<{ Params: { id: string } }>(
    '/api/email-sources/:id/active',
    {
      config: access,
      schema: docs(activeToggleDocs('an e-mail source')),
    },
    async (request) =>
      setEmailSourceActive(
        db,
        parseIdParam(request.params.id),
        validate(ZActiveToggleSchema, request.body),
        sessionUserOrThrow(request),
      ),
  );

  app.get<{ Params: { id: string } }>(
    '/api/email-sources/:id/messages',
    {
      config: access,
      schema: docs({
        summary:
          'The mailbox ledger: every message intake saw in this mailbox, newest first, with its outcome and reason',
        description:
          "Page with `before` (the previous answer's nextBefore); filter with `outcome` and `q` (part of the sender or subject). Each message lists, per source bound to the mailbox, whether it matched and the first rule that failed; a user sees the sources of the types whose flag they hold, an admin all.",
        params: idParams(),
        querystring: ZLedgerQuerySchema,
        response: { 200: ZLedgerPageSchema },
      }),
    },
    async (request) =>
      listLedger(
        db,
        sessionUserOrThrow(request),
        parseIdParam(request.params.id),
        validate(ZLedgerQuerySchema, request.query),
      ),
  );

  // "Check now": polls the mailbox at once and answers with the counts when the poll has finished.
  app.post<{ Params: { id: string } }>(
    '/api/email-sources/:id/poll',
    {
      config: access,
      schema: docs({
        summary: 'Check now: poll the mailbox and answer when the poll has finished',
        description:
          'Progress can be followed with GET /api/progress/{key} when the request names a key in the progress header.',
        params: idParams(),
        body: NO_CONTENT,
        response: { 200: ZEmailSourcePollResultSchema },
      }),
    },
    async (request) =>
      pollEmailSourceNow(
        context,
        parseIdParam(request.params.id),
        undefined,
        progressOf(request, 'messages'),
      ),
  );

  app.post(
    '/api/email-sources/send-test-email',
    {
      config: access,
      schema: docs({
        summary: 'Send a test e-mail through a source’s outgoing server',
        body: ZTestEmailSchema,
        response: { 200: ZMessageResponseSchema },
      }),
    },
    async (request) => sendTestEmail(services, parseTestEmailRequest(request.body)),
  );

  app.post(
    '/api/email-sources/test-connection',
    {
      config: access,
      schema: docs({
        summary: 'Test the incoming and outgoing servers with the editor’s current values',
        body: ZEmailConnectionTestSchema,
        response: { 200: ZEmailConnectionTestResultSchema },
      }),
    },
    async (request) => testEmailConnection(services, validate(ZEmailConnectionTestSchema, request.body)),
  );

  await mailboxSignInRoutes(app, context);
}

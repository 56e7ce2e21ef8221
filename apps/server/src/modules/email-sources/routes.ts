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
  ZOfferAgainResultSchema,
  ZPickerPairSchema,
  ZSourcePrefillSchema,
  ZSuggestSourceRequestSchema,
  ZTestEmailSchema,
  ZTestRulesRequestSchema,
  ZTestRulesResultSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { progressOf } from '../../lib/progress';
import { activeToggleDocs, apiDocs, deleteDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import { pollEmailSourceNow } from '../intake/check-now';
import { listLedger, testRules } from './ledger-service';
import { offerMessageAgain } from './offer-again';
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
import { suggestSourceFromMessage } from './suggest-source';

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

  app.post<{ Params: { id: string } }>(
    '/api/email-sources/:id/test-rules',
    {
      // Reads the mailbox and changes nothing, so a read-only API token may call it.
      config: { ...access, readOnly: true },
      schema: docs({
        summary: "Test an editor's rules, saved or not, against the last messages of the mailbox",
        description:
          'Reads the last `limit` messages (default 50, at most 200) of INBOX read-only (EXAMINE, BODY.PEEK): no \\Seen flag, no ledger entry, no run, nothing imported. Each message, newest first, says whether the rules match, which attachment would be read and, when not, the first rule that failed, decided by the same code as intake. A user may test only the source types whose flag they hold (admins all); a mailbox that cannot be reached answers 502 with the reason.',
        params: idParams(),
        body: ZTestRulesRequestSchema,
        response: { 200: ZTestRulesResultSchema },
      }),
    },
    async (request) =>
      testRules(
        context,
        sessionUserOrThrow(request),
        parseIdParam(request.params.id),
        validate(ZTestRulesRequestSchema, request.body),
      ),
  );

  app.post<{ Params: { id: string; messageId: string } }>(
    '/api/email-sources/:id/messages/:messageId/offer-again',
    {
      config: access,
      schema: docs({
        summary: "Offer a ledger message again to the mailbox's current sources",
        description:
          'The message is decided again by every current source of the mailbox and processed by each one it now matches that has not processed it yet: a source with a run for it that did not fail answers already-processed, and two offers at once take turns, so nothing is imported twice. A message whose content was not stored is read again from the mailbox by UID; when the mailbox no longer has it (deleted, or a new UIDVALIDITY) the answer is 410 and nothing changes; a mailbox that cannot be reached is 502. A user offers the message to the sources of the types whose flag they hold, an admin to all.',
        params: idParams('id', 'messageId'),
        body: NO_CONTENT,
        response: { 200: ZOfferAgainResultSchema },
      }),
    },
    async (request) =>
      offerMessageAgain(
        context,
        sessionUserOrThrow(request),
        parseIdParam(request.params.id),
        parseIdParam(request.params.messageId, 'messageId'),
      ),
  );

  app.post<{ Params: { id: string; messageId: string } }>(
    '/api/email-sources/:id/messages/:messageId/suggest-source',
    {
      // Stores nothing: the editor opens with the answer and saves only on Save.
      config: { ...access, readOnly: true },
      schema: docs({
        summary:
          'Create a source from a message: the rules and column mapping one of its attachments suggests',
        description:
          'kind order-tracking needs an order user, kind inventory an inventory user (admins both); attachment is ' +
          "the file's position in the message's attachments. The message is read from its stored copy, else " +
          'downloaded from the mailbox by UID without marking it read. When neither is possible, or the file ' +
          'cannot be read, mapping is null and mappingNote says why. Nothing is stored.',
        params: z.object({
          id: z.string().regex(/^\d{1,9}$/, 'Invalid id'),
          messageId: z.string().regex(/^\d{1,9}$/, 'Invalid id'),
        }),
        body: ZSuggestSourceRequestSchema,
        response: { 200: ZSourcePrefillSchema },
      }),
    },
    async (request) =>
      suggestSourceFromMessage(
        context,
        sessionUserOrThrow(request),
        parseIdParam(request.params.id),
        parseIdParam(request.params.messageId, 'messageId'),
        validate(ZSuggestSourceRequestSchema, request.body),
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

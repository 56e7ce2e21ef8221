/**
 * The routes of delegated mailbox sign-in (docs/behaviour/sources.md#mailbox-sign-in): which providers are
 * set up, the start (a redirect to the provider), the provider's redirect back, and sign-out.
 */
import { ZEmailSourceResponseSchema, ZMailboxProviderSchema, ZMailboxProvidersSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { SOURCE_ACCESS, sessionUserOrThrow } from '../../plugins/session';
import {
  type CallbackQuery,
  completeSignIn,
  configuredProviders,
  OAUTH_CALLBACK_PATH,
  signInStartUrl,
  signOutMailbox,
} from './mailbox-sign-in';
import { toEmailSource } from './repository';

const docs = apiDocs('E-mail sources');

const ZCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

export function editorPath(sourceId: number, result: { ok: boolean; message: string }): string {
  const query = new URLSearchParams(result.ok ? { signedIn: '1' } : { signInError: result.message });
  return `/email-sources/edit/${sourceId}?${query.toString()}`;
}

export async function mailboxSignInRoutes(app: FastifyInstance, context: AppContext) {
  const access = { access: SOURCE_ACCESS.anySource };

  app.get(
    '/api/email-sources/oauth/providers',
    {
      config: access,
      schema: docs({
        summary: 'The providers a mailbox can sign in with (those with an OAuth application set up)',
        response: { 200: ZMailboxProvidersSchema },
      }),
    },
    async () => ({ providers: configuredProviders(context.config.mailboxOAuth) }),
  );

  app.get<{ Params: { id: string; provider: string } }>(
    '/api/email-sources/:id/oauth/:provider/start',
    {
      config: access,
      schema: docs({
        summary: 'Sign in with Microsoft or Google: redirects the browser to the provider',
        params: idParams().extend({ provider: ZMailboxProviderSchema }),
        response: { 302: z.null().describe('To the provider’s sign-in page') },
      }),
    },
    async (request, reply) => {
      const provider = validate(ZMailboxProviderSchema, request.params.provider);
      const url = await signInStartUrl(
        context,
        sessionUserOrThrow(request),
        parseIdParam(request.params.id),
        provider,
      );
      return reply.redirect(url, 302);
    },
  );

  app.get<{ Querystring: CallbackQuery }>(
    OAUTH_CALLBACK_PATH,
    {
      config: access,
      schema: docs({
        summary: 'Where the provider sends the browser back after sign-in; redirects to the editor',
        querystring: ZCallbackQuerySchema,
        response: { 302: z.null().describe('To the e-mail source editor') },
      }),
    },
    async (request, reply) => {
      const outcome = await completeSignIn(
        context,
        sessionUserOrThrow(request),
        validate(ZCallbackQuerySchema, request.query),
      );
      return reply.redirect(editorPath(outcome.sourceId, outcome), 302);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/email-sources/:id/oauth/sign-out',
    {
      config: access,
      schema: docs({
        summary: 'Sign the mailbox out of Microsoft or Google: its tokens are deleted',
        params: idParams(),
        body: NO_CONTENT,
        response: { 200: ZEmailSourceResponseSchema },
      }),
    },
    async (request) =>
      toEmailSource(
        await signOutMailbox(context.db, parseIdParam(request.params.id), sessionUserOrThrow(request)),
      ),
  );
}

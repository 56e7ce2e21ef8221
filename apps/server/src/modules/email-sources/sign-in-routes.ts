/**
 * The routes of delegated mailbox sign-in (docs/behaviour/sources.md#mailbox-sign-in): which providers are
 * set up, the start (a redirect to the provider), the provider's redirect back, and sign-out.
 */
import {
  COOKIE_NAMES,
  ZEmailSourceResponseSchema,
  ZMailboxProviderSchema,
  ZMailboxProvidersSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import {
  clearSessionCookies,
  hasFlag,
  SOURCE_ACCESS,
  sessionUserOrThrow,
  setSessionCookies,
} from '../../plugins/session';
import { refreshSession } from '../auth/auth-service';
import {
  type CallbackOutcome,
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

/** Where every callback ends: the source's editor, or the e-mail source list when the source is unknown. */
export function editorPath(outcome: CallbackOutcome): string {
  const query = new URLSearchParams(outcome.ok ? { signedIn: '1' } : { signInError: outcome.error });
  const page = outcome.sourceId === undefined ? '/email-sources' : `/email-sources/edit/${outcome.sourceId}`;
  return `${page}?${query.toString()}`;
}

/**
 * The session lapsed while the user was at the provider (its access cookie lasts minutes): the refresh
 * cookie is sent to /auth paths only, so the callback sends the browser here to renew it and come back.
 */
const RESUME_PATH = '/auth/mailbox-sign-in/resume';

function rawQuery(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start + 1);
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
      // Public: the handler checks the session itself, so that every outcome ends in the web app.
      config: { access: 'public' },
      schema: docs({
        summary:
          'Where the provider sends the browser back after sign-in; redirects to the editor (signedIn=1 or signInError=<code>)',
        querystring: ZCallbackQuerySchema,
        response: { 302: z.null().describe('To the e-mail source editor, or to renew the session first') },
      }),
    },
    async (request, reply) => {
      const query = ZCallbackQuerySchema.safeParse(request.query);
      if (!query.success) {
        return reply.redirect(editorPath({ ok: false, sourceId: undefined, error: 'link_invalid' }), 302);
      }
      const user = request.user;
      if (!user) return reply.redirect(`${RESUME_PATH}?${rawQuery(request.url)}`, 302);
      if (!SOURCE_ACCESS.anySource.anyFlag.some((flag) => hasFlag(user, flag))) {
        return reply.redirect(editorPath({ ok: false, sourceId: undefined, error: 'not_allowed' }), 302);
      }
      const outcome = await completeSignIn(context, user, query.data);
      if (!outcome.ok)
        request.log.warn({ signInError: outcome.error, detail: outcome.detail }, 'mailbox sign-in failed');
      return reply.redirect(editorPath(outcome), 302);
    },
  );

  app.get(
    RESUME_PATH,
    {
      config: { access: 'public' },
      schema: docs({
        summary:
          'Mailbox sign-in came back after the session lapsed: renews it with the refresh cookie and returns to the callback',
        querystring: ZCallbackQuerySchema,
        response: {
          302: z.null().describe('To the callback, or to the login page when the session has ended'),
        },
      }),
    },
    async (request, reply) => {
      try {
        const session = await refreshSession(
          context.db,
          context.config,
          request.cookies[COOKIE_NAMES.refreshToken],
        );
        const accessToken = await context.accessTokens.sign({
          userId: session.userId,
          familyId: session.familyId,
        });
        setSessionCookies(reply, context.config, {
          accessToken,
          refreshToken: session.refreshToken,
          username: session.username,
        });
      } catch {
        clearSessionCookies(reply, context.config);
        return reply.redirect('/', 302);
      }
      return reply.redirect(`${OAUTH_CALLBACK_PATH}?${rawQuery(request.url)}`, 302);
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
        await signOutMailbox(context, parseIdParam(request.params.id), sessionUserOrThrow(request)),
      ),
  );
}

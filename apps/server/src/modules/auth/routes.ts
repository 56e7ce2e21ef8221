import {
  COOKIE_NAMES,
  ZCurrentUserSchema,
  ZLoginSchema,
  ZMessageResponseSchema,
  ZResetPasswordConfirmSchema,
  ZResetPasswordRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiDocs, NO_CONTENT } from '../../lib/route-docs';
import { validate } from '../../lib/validate';
import {
  clearSessionCookies,
  sessionUserOrThrow,
  setSessionCookies,
  toCurrentUser,
} from '../../plugins/session';
import {
  confirmPasswordReset,
  type IssuedSession,
  login,
  refreshSession,
  requestPasswordReset,
  revokeFamily,
} from './auth-service';
import { throttleAddress } from './client-address';

const docs = apiDocs('Sign-in');

export async function authRoutes(app: FastifyInstance, context: AppContext) {
  const { db, config, accessTokens, clock } = context;
  async function startSession(reply: import('fastify').FastifyReply, session: IssuedSession) {
    const accessToken = await accessTokens.sign({ userId: session.userId, familyId: session.familyId });
    setSessionCookies(reply, config, {
      accessToken,
      refreshToken: session.refreshToken,
      username: session.username,
    });
  }

  app.get(
    '/auth/allowed',
    {
      config: { access: 'user' },
      schema: docs({
        summary: 'Whether the session is valid (true), else 401',
        response: { 200: z.literal(true) },
      }),
    },
    async () => true,
  );

  app.get(
    '/auth/user',
    {
      config: { access: 'user' },
      schema: docs({ summary: 'The signed-in user and their flags', response: { 200: ZCurrentUserSchema } }),
    },
    async (request) => toCurrentUser(sessionUserOrThrow(request)),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Sign in: sets the session cookies',
        description:
          'Repeated failures from one address or for one user are slowed down (429 with Retry-After).',
        body: ZLoginSchema,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const input = validate(ZLoginSchema, request.body);
      const session = await login(db, config, {
        ...input,
        address: throttleAddress(request.ip),
        now: clock.now(),
      });
      await startSession(reply, session);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Renew the session cookies with the refresh-token cookie',
        body: NO_CONTENT,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      try {
        const session = await refreshSession(db, config, request.cookies[COOKIE_NAMES.refreshToken]);
        await startSession(reply, session);
        return reply.code(204).send();
      } catch (error) {
        clearSessionCookies(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'user' },
      schema: docs({
        summary: 'Sign out: ends this session',
        body: NO_CONTENT,
        response: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await revokeFamily(db, sessionUserOrThrow(request).familyId);
      clearSessionCookies(reply, config);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Mail a password-reset link to the user (the body is the bare username as a JSON string)',
        body: ZResetPasswordRequestSchema,
        response: { 200: ZMessageResponseSchema },
      }),
    },
    async (request) => {
      const username = validate(ZResetPasswordRequestSchema, request.body);
      const message = await requestPasswordReset(context, {
        username,
        address: throttleAddress(request.ip),
        now: clock.now(),
      });
      return { message };
    },
  );

  app.post(
    '/auth/reset-password/confirm',
    {
      config: { access: 'public' },
      schema: docs({
        summary: 'Set a new password with the token from the reset link',
        body: ZResetPasswordConfirmSchema,
        response: { 200: ZMessageResponseSchema },
      }),
    },
    async (request, reply) => {
      const input = validate(ZResetPasswordConfirmSchema, request.body);
      await confirmPasswordReset(db, {
        ...input,
        address: throttleAddress(request.ip),
        now: clock.now(),
      });
      clearSessionCookies(reply, config);
      return { message: 'Your password has been changed. You can now log in with it.' };
    },
  );
}

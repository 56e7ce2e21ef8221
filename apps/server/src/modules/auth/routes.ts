import {
  COOKIE_NAMES,
  ZLoginSchema,
  ZResetPasswordConfirmSchema,
  ZResetPasswordRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
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

  app.get('/auth/allowed', { config: { access: 'user' } }, async () => true);

  app.get('/auth/user', { config: { access: 'user' } }, async (request) =>
    toCurrentUser(sessionUserOrThrow(request)),
  );

  app.post('/auth/login', { config: { access: 'public' } }, async (request, reply) => {
    const input = validate(ZLoginSchema, request.body);
    const session = await login(db, config, {
      ...input,
      address: throttleAddress(request.ip),
      now: clock.now(),
    });
    await startSession(reply, session);
    return reply.code(204).send();
  });

  app.post('/auth/refresh-token', { config: { access: 'public' } }, async (request, reply) => {
    try {
      const session = await refreshSession(db, config, request.cookies[COOKIE_NAMES.refreshToken]);
      await startSession(reply, session);
      return reply.code(204).send();
    } catch (error) {
      clearSessionCookies(reply, config);
      throw error;
    }
  });

  app.post('/auth/logout', { config: { access: 'user' } }, async (request, reply) => {
    await revokeFamily(db, sessionUserOrThrow(request).familyId);
    clearSessionCookies(reply, config);
    return reply.code(204).send();
  });

  app.post('/auth/reset-password', { config: { access: 'public' } }, async (request) => {
    const username = validate(ZResetPasswordRequestSchema, request.body);
    const message = await requestPasswordReset(context, {
      username,
      address: throttleAddress(request.ip),
      now: clock.now(),
    });
    return { message };
  });

  app.post('/auth/reset-password/confirm', { config: { access: 'public' } }, async (request, reply) => {
    const input = validate(ZResetPasswordConfirmSchema, request.body);
    await confirmPasswordReset(db, {
      ...input,
      address: throttleAddress(request.ip),
      now: clock.now(),
    });
    clearSessionCookies(reply, config);
    return { message: 'Your password has been changed. You can now log in with it.' };
  });
}

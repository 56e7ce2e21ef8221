import {
  ZOrderTrackingSettingsSchema,
  ZUpdatePasswordSchema,
  ZUpdateUserInfoSchema,
  ZUpdateUsernameSchema,
  ZUserFormSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { parseIdParam, validate } from '../../lib/validate';
import { clearSessionCookies, sessionUserOrThrow } from '../../plugins/session';
import { countUsers, findUserById, listUsers, toUser } from './accounts-repository';
import {
  assertOwnAccount,
  deleteUser,
  getOrderTrackingSettings,
  getUserInfo,
  saveOrderTrackingSettings,
  saveUser,
  updatePassword,
  updateUserInfo,
  updateUsername,
} from './accounts-service';

const ZUserIdQuery = z.object({ userId: z.coerce.number().int().positive().optional() });
const ZUserNameQuery = z.object({ userName: z.string().trim().min(1, 'userName is required') });

export async function accountRoutes(app: FastifyInstance, { db, config, mailer }: AppContext) {
  const own = { config: { access: 'user' as const } };
  const admin = { config: { access: 'admin' as const } };

  app.get<{ Params: { username: string } }>('/api/accounts/user-info/:username', own, async (request) =>
    getUserInfo(db, sessionUserOrThrow(request), request.params.username),
  );

  app.get('/api/accounts/order-tracking-settings', own, async (request) => {
    const caller = sessionUserOrThrow(request);
    const { userId } = validate(ZUserIdQuery, request.query);
    assertOwnAccount(caller, { userId: userId ?? null });
    return getOrderTrackingSettings(db, caller.id);
  });

  app.get('/api/accounts/order-tracking-settings/username', own, async (request) => {
    const caller = sessionUserOrThrow(request);
    const { userName } = validate(ZUserNameQuery, request.query);
    assertOwnAccount(caller, { username: userName });
    return getOrderTrackingSettings(db, caller.id);
  });

  app.post('/api/accounts/update/user-info', own, async (request) =>
    updateUserInfo(db, sessionUserOrThrow(request), validate(ZUpdateUserInfoSchema, request.body)),
  );

  app.post('/api/accounts/update/username', own, async (request, reply) => {
    await updateUsername(db, sessionUserOrThrow(request), validate(ZUpdateUsernameSchema, request.body));
    clearSessionCookies(reply, config);
    return { message: 'Username changed. Please log in again.' };
  });

  app.post('/api/accounts/update/password', own, async (request, reply) => {
    await updatePassword(db, sessionUserOrThrow(request), validate(ZUpdatePasswordSchema, request.body));
    clearSessionCookies(reply, config);
    return { message: 'Password changed. Please log in again.' };
  });

  app.post('/api/accounts/update/order-tracking-settings', own, async (request) =>
    saveOrderTrackingSettings(
      db,
      sessionUserOrThrow(request),
      validate(ZOrderTrackingSettingsSchema, request.body),
    ),
  );

  app.get('/api/accounts/count', admin, async () => countUsers(db));

  app.get('/api/accounts/list', admin, async () => (await listUsers(db)).map(toUser));

  app.get<{ Params: { userId: string } }>('/api/accounts/user/:userId', admin, async (request) => {
    const row = await findUserById(db, parseIdParam(request.params.userId, 'userId'));
    if (!row) throw AppError.notFound('User not found');
    return toUser(row);
  });

  app.post<{ Params: { userId: string } }>('/api/accounts/delete/:userId', admin, async (request, reply) => {
    await deleteUser(db, sessionUserOrThrow(request), parseIdParam(request.params.userId, 'userId'));
    return reply.code(204).send();
  });

  app.post('/api/accounts/update/user', admin, async (request) =>
    saveUser(db, config, mailer, sessionUserOrThrow(request), validate(ZUserFormSchema, request.body)),
  );
}

import {
  ZMessageResponseSchema,
  ZOrderTrackingSettingsResponseSchema,
  ZOrderTrackingSettingsSchema,
  ZRevokedApiTokensSchema,
  ZSaveUserResponseSchema,
  ZUpdatedUserInfoSchema,
  ZUpdatePasswordSchema,
  ZUpdateUserInfoSchema,
  ZUpdateUsernameSchema,
  ZUserFormSchema,
  ZUserInfoSchema,
  ZUserSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { apiDocs, deleteDocs, idParams, NO_CONTENT } from '../../lib/route-docs';
import { parseIdParam, validate } from '../../lib/validate';
import { clearSessionCookies, sessionUserOrThrow } from '../../plugins/session';
import { revokeAllApiTokensOf } from '../api-tokens/service';
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

const docs = apiDocs('Accounts');
const settings = { 200: ZOrderTrackingSettingsResponseSchema };
const loginAgain = { 200: ZMessageResponseSchema };

export async function accountRoutes(app: FastifyInstance, { db, config, mailer, clock }: AppContext) {
  const own = { access: 'user' as const };
  const admin = { access: 'admin' as const };

  app.get<{ Params: { username: string } }>(
    '/api/accounts/user-info/:username',
    {
      config: own,
      schema: docs({
        summary: 'The caller’s own profile (the username must be the caller’s)',
        params: z.object({ username: z.string() }),
        response: { 200: ZUserInfoSchema },
      }),
    },
    async (request) => getUserInfo(db, sessionUserOrThrow(request), request.params.username),
  );

  app.get(
    '/api/accounts/order-tracking-settings',
    {
      config: own,
      schema: docs({
        summary: 'The caller’s visible order grid columns',
        querystring: ZUserIdQuery,
        response: settings,
      }),
    },
    async (request) => {
      const caller = sessionUserOrThrow(request);
      const { userId } = validate(ZUserIdQuery, request.query);
      assertOwnAccount(caller, { userId: userId ?? null });
      return getOrderTrackingSettings(db, caller.id);
    },
  );

  app.get(
    '/api/accounts/order-tracking-settings/username',
    {
      config: own,
      schema: docs({
        summary: 'The caller’s visible order grid columns, by username',
        querystring: ZUserNameQuery,
        response: settings,
      }),
    },
    async (request) => {
      const caller = sessionUserOrThrow(request);
      const { userName } = validate(ZUserNameQuery, request.query);
      assertOwnAccount(caller, { username: userName });
      return getOrderTrackingSettings(db, caller.id);
    },
  );

  app.post(
    '/api/accounts/update/user-info',
    {
      config: own,
      schema: docs({
        summary: 'Change the caller’s e-mail address and name',
        body: ZUpdateUserInfoSchema,
        response: { 200: ZUpdatedUserInfoSchema },
      }),
    },
    async (request) =>
      updateUserInfo(db, sessionUserOrThrow(request), validate(ZUpdateUserInfoSchema, request.body)),
  );

  app.post(
    '/api/accounts/update/username',
    {
      config: own,
      schema: docs({
        summary: 'Change the caller’s username; ends the session',
        body: ZUpdateUsernameSchema,
        response: loginAgain,
      }),
    },
    async (request, reply) => {
      await updateUsername(db, sessionUserOrThrow(request), validate(ZUpdateUsernameSchema, request.body));
      clearSessionCookies(reply, config);
      return { message: 'Username changed. Please log in again.' };
    },
  );

  app.post(
    '/api/accounts/update/password',
    {
      config: own,
      schema: docs({
        summary: 'Change the caller’s password; ends the session',
        body: ZUpdatePasswordSchema,
        response: loginAgain,
      }),
    },
    async (request, reply) => {
      await updatePassword(db, sessionUserOrThrow(request), validate(ZUpdatePasswordSchema, request.body));
      clearSessionCookies(reply, config);
      return { message: 'Password changed. Please log in again.' };
    },
  );

  app.post(
    '/api/accounts/update/order-tracking-settings',
    {
      config: own,
      schema: docs({
        summary: 'Save the caller’s visible order grid columns',
        body: ZOrderTrackingSettingsSchema,
        response: settings,
      }),
    },
    async (request) =>
      saveOrderTrackingSettings(
        db,
        sessionUserOrThrow(request),
        validate(ZOrderTrackingSettingsSchema, request.body),
      ),
  );

  app.get(
    '/api/accounts/count',
    { config: admin, schema: docs({ summary: 'The number of users', response: { 200: z.number().int() } }) },
    async () => countUsers(db),
  );

  app.get(
    '/api/accounts/list',
    { config: admin, schema: docs({ summary: 'Every user', response: { 200: z.array(ZUserSchema) } }) },
    async () => (await listUsers(db)).map(toUser),
  );

  app.get<{ Params: { userId: string } }>(
    '/api/accounts/user/:userId',
    {
      config: admin,
      schema: docs({ summary: 'One user', params: idParams('userId'), response: { 200: ZUserSchema } }),
    },
    async (request) => {
      const row = await findUserById(db, parseIdParam(request.params.userId, 'userId'));
      if (!row) throw AppError.notFound('User not found');
      return toUser(row);
    },
  );

  app.post<{ Params: { userId: string } }>(
    '/api/accounts/delete/:userId',
    {
      config: admin,
      schema: docs(deleteDocs('a user (not oneself)', idParams('userId'))),
    },
    async (request, reply) => {
      await deleteUser(db, sessionUserOrThrow(request), parseIdParam(request.params.userId, 'userId'));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/accounts/update/user',
    {
      config: admin,
      schema: docs({
        summary: 'Create (userId 0) or change a user',
        body: ZUserFormSchema,
        response: { 200: ZSaveUserResponseSchema },
      }),
    },
    async (request) =>
      saveUser(
        { db, config, mailer, clock },
        sessionUserOrThrow(request),
        validate(ZUserFormSchema, request.body),
      ),
  );

  app.post<{ Params: { userId: string } }>(
    '/api/accounts/revoke-tokens/:userId',
    {
      config: admin,
      schema: docs({
        summary: 'Revoke every API token of a user (docs/behaviour/api-tokens.md#revoked-by-an-admin)',
        params: idParams('userId'),
        body: NO_CONTENT,
        response: { 200: ZRevokedApiTokensSchema },
      }),
    },
    async (request) =>
      revokeAllApiTokensOf(
        db,
        clock,
        sessionUserOrThrow(request),
        parseIdParam(request.params.userId, 'userId'),
      ),
  );
}

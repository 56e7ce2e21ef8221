import {
  PASSWORD_EDGE_SPACE_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  passwordProblem,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { changePasswordBody } from '../../../test/payloads';
import { ensureInitialAdmin } from '../../bootstrap';
import { ConfigError, loadConfig } from '../../config/env';
import { issuePasswordLink } from './auth-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function login(username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });
}

describe('the password rule', () => {
  it('refuses a space at either end, keeps inner spaces, bounds the length', () => {
    expect(passwordProblem('Trailing-Pass-1 ')).toBe(PASSWORD_EDGE_SPACE_MESSAGE);
    expect(passwordProblem(' Leading-Pass-1')).toBe(PASSWORD_EDGE_SPACE_MESSAGE);
    expect(passwordProblem('Tab-At-The-End\t')).toBe(PASSWORD_EDGE_SPACE_MESSAGE);
    expect(passwordProblem('        ')).toBe(PASSWORD_EDGE_SPACE_MESSAGE);
    expect(passwordProblem('a pass phrase with spaces')).toBeUndefined();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH))).toBeUndefined();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });
});

describe('passwords are never changed on the way in', () => {
  it('Change Password refuses a trailing space with the message, and keeps the old password', async () => {
    const { user, session } = await t.signIn();
    const response = await t
      .as(session)
      .post('/api/accounts/update/password', changePasswordBody(user, TEST_PASSWORD, 'Trailing-Pass-1 '));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ NewPassword: PASSWORD_EDGE_SPACE_MESSAGE });
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(204);
  });

  it('a reset link refuses it too and stays usable for an acceptable password', async () => {
    const user = await t.createUser();
    const { link } = await issuePasswordLink(t.db.db, t.config, user.id, 60);
    const token = new URL(link).hash.replace('#token=', '');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/confirm',
      payload: { token, newPassword: ' Leading-Pass-1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ newPassword: PASSWORD_EDGE_SPACE_MESSAGE });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/confirm',
      payload: { token, newPassword: 'Leading-Pass-1' },
    });
    expect(accepted.statusCode).toBe(200);
    await t.loginAs(user, 'Leading-Pass-1');
  });

  it("the admin's user editor refuses it when creating and when editing a user", async () => {
    const { session } = await t.signIn({ isAdmin: true });
    const save = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/accounts/update/user', headers: session.headers, payload });
    const created = await save({
      userId: 0,
      username: 'spaced-out',
      email: 'spaced@example.com',
      password: 'Trailing-Pass-1 ',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({ password: PASSWORD_EDGE_SPACE_MESSAGE });

    const user = await t.createUser();
    const edited = await save({
      userId: user.id,
      username: user.username,
      email: user.email,
      password: ' x-long-enough',
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual({ password: PASSWORD_EDGE_SPACE_MESSAGE });
    expect((await login(user.username, TEST_PASSWORD)).statusCode).toBe(204);
  });

  it('ADMIN_PASSWORD follows the same rule; the initial admin signs in with it', async () => {
    expect(() => loadConfig({ APP_SECRET_KEY: 'k'.repeat(40), ADMIN_PASSWORD: 'Trailing-Pass-1 ' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ APP_SECRET_KEY: 'k'.repeat(40), ADMIN_PASSWORD: 'Trailing-Pass-1 ' })).toThrow(
      `ADMIN_PASSWORD: ${PASSWORD_EDGE_SPACE_MESSAGE}`,
    );
    const fresh = await createTestApp({
      env: { ADMIN_USERNAME: 'first-admin', ADMIN_PASSWORD: 'First admin phrase' },
    });
    try {
      expect(await ensureInitialAdmin(fresh.db.db, fresh.config)).toEqual({ created: true });
      const signIn = (password: string) =>
        fresh.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'first-admin', password },
        });
      expect((await signIn('First admin phrase')).statusCode).toBe(204);
      expect((await signIn('First  admin phrase')).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('login trims like the form does, which never changes a password that could be set', async () => {
    const user = await t.createUser({ password: 'Trailing-Pass-1' });
    expect((await login(user.username, 'Trailing-Pass-1 ')).statusCode).toBe(204);
    expect((await login(user.username, ' Trailing-Pass-1')).statusCode).toBe(204);
    // Inside the password every character counts.
    const phrase = await t.createUser({ password: 'correct horse battery' });
    expect((await login(phrase.username, 'correct  horse battery')).statusCode).toBe(401);
    const tooLong = await login(phrase.username, 'x'.repeat(PASSWORD_MAX_LENGTH + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ password: PASSWORD_TOO_LONG_MESSAGE });
  });
});

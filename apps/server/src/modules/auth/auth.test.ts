import { COOKIE_NAMES, LOGIN_MESSAGES } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesFrom, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';

let t: TestApp;

beforeAll(async () => {
  // Grace 0: a rotated refresh token presented again is treated as stolen at once.
  t = await createTestApp({ env: { REFRESH_REUSE_GRACE_SECONDS: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('POST /auth/login', () => {
  it('signs in with the three cookies and records the last login', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: `  ${user.username} `, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    const cookies = response.cookies as Array<{
      name: string;
      httpOnly?: boolean;
      path?: string;
      sameSite?: string;
    }>;
    const byName = Object.fromEntries(cookies.map((c) => [c.name, c]));
    expect(byName[COOKIE_NAMES.accessToken]?.httpOnly).toBe(true);
    expect(byName[COOKIE_NAMES.refreshToken]?.httpOnly).toBe(true);
    expect(byName[COOKIE_NAMES.refreshToken]?.path).toBe('/auth');
    expect(byName[COOKIE_NAMES.username]?.httpOnly).toBeFalsy();
    expect(byName[COOKIE_NAMES.accessToken]?.sameSite).toBe('Lax');
    const [row] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it('accepts the username in any letter case', async () => {
    const user = await t.createUser({ username: 'MixedCase' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'mixedcase', password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(204);
    expect(cookiesFrom(response)[COOKIE_NAMES.username]).toBe(user.username);
  });

  it('refuses a wrong password with the spec message and sets no cookie', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: user.username, password: 'wrong password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(LOGIN_MESSAGES.failed);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses an unknown user the same way', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'nobody-here', password: 'whatever' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(LOGIN_MESSAGES.failed);
  });

  it('refuses an inactive user even with the right password', async () => {
    const user = await t.createUser({ activeStatus: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(LOGIN_MESSAGES.inactive);
    expect(response.cookies).toHaveLength(0);
  });

  it('answers 400 with field messages for blank or missing fields', async () => {
    for (const payload of [
      {},
      { username: '   ', password: 'x' },
      { username: 'a', password: '  ' },
      'text',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
  });
});

describe('session checks', () => {
  it('GET /auth/allowed is true with a session and 401 without', async () => {
    const { session } = await t.signIn();
    const ok = await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: session.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toBe(true);
    const none = await t.app.inject({ method: 'GET', url: '/auth/allowed' });
    expect(none.statusCode).toBe(401);
  });

  it('GET /auth/user gives the role and the flags as "True"/"False"', async () => {
    const { session } = await t.signIn({ orderUser: true, inventoryUser: false, submissionUser: true });
    const response = await t.app.inject({ method: 'GET', url: '/auth/user', headers: session.headers });
    expect(response.json()).toMatchObject({
      role: 'User',
      orderUser: 'True',
      inventoryUser: 'False',
      submissionUser: 'True',
    });
    const admin = await t.signIn({ isAdmin: true });
    const adminAnswer = await t.app.inject({
      method: 'GET',
      url: '/auth/user',
      headers: admin.session.headers,
    });
    expect(adminAnswer.json()).toMatchObject({ role: 'Admin', orderUser: 'True', inventoryUser: 'True' });
  });

  it('a forged or expired access token is no session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/allowed',
      headers: { cookie: `${COOKIE_NAMES.accessToken}=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('a user deactivated by an admin loses the session at once', async () => {
    const { user, session } = await t.signIn();
    await t.db.db.update(schema.users).set({ activeStatus: false }).where(eq(schema.users.id, user.id));
    const response = await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: session.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /auth/refresh-token', () => {
  it('rotates: new cookies work, and reusing the old refresh token revokes the whole sign-in', async () => {
    const { session } = await t.signIn();
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: {
        cookie: cookieHeader({ [COOKIE_NAMES.refreshToken]: session.cookies[COOKIE_NAMES.refreshToken]! }),
      },
    });
    expect(first.statusCode).toBe(204);
    const rotated = cookiesFrom(first);
    expect(rotated[COOKIE_NAMES.refreshToken]).toBeTruthy();
    expect(rotated[COOKIE_NAMES.refreshToken]).not.toBe(session.cookies[COOKIE_NAMES.refreshToken]);
    const withNew = await t.app.inject({
      method: 'GET',
      url: '/auth/allowed',
      headers: { cookie: cookieHeader(rotated) },
    });
    expect(withNew.statusCode).toBe(200);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: {
        cookie: cookieHeader({ [COOKIE_NAMES.refreshToken]: session.cookies[COOKIE_NAMES.refreshToken]! }),
      },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe('User has no valid refresh token');

    // The thief's use burned the family: the legitimate new tokens are dead too.
    const afterReuse = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { cookie: cookieHeader({ [COOKIE_NAMES.refreshToken]: rotated[COOKIE_NAMES.refreshToken]! }) },
    });
    expect(afterReuse.statusCode).toBe(401);
    const access = await t.app.inject({
      method: 'GET',
      url: '/auth/allowed',
      headers: { cookie: cookieHeader(rotated) },
    });
    expect(access.statusCode).toBe(401);
  });

  it('401 with no cookie or an unknown token, clearing the cookies', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/auth/refresh-token' });
    expect(none.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { cookie: `${COOKIE_NAMES.refreshToken}=not-a-real-token` },
    });
    expect(unknown.statusCode).toBe(401);
    expect(cookiesFrom(unknown)[COOKIE_NAMES.accessToken]).toBe('');
  });
});

describe('POST /auth/logout', () => {
  it('revokes the sign-in: the access and refresh tokens stop working', async () => {
    const { session } = await t.signIn();
    const response = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: session.headers });
    expect(response.statusCode).toBe(204);
    expect(cookiesFrom(response)[COOKIE_NAMES.accessToken]).toBe('');
    const access = await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: session.headers });
    expect(access.statusCode).toBe(401);
    const refresh = await t.as(session).post('/auth/refresh-token');
    expect(refresh.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/logout' });
    expect(response.statusCode).toBe(401);
  });

  it('ends only that sign-in, not the same user elsewhere', async () => {
    const user = await t.createUser();
    const laptop = await t.loginAs(user);
    const phone = await t.loginAs(user);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: laptop.headers });
    const stillIn = await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: phone.headers });
    expect(stillIn.statusCode).toBe(200);
  });
});

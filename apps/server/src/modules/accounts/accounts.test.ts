import { COOKIE_NAMES, ORDER_TRACKING_COLUMN_KEYS } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCatcher, smtpEnv, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { cookiesFrom, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { changePasswordBody } from '../../../test/payloads';

let t: TestApp;
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: smtpEnv(smtp) });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const userCount = async () => (await t.db.db.select().from(schema.users)).length;

describe('own account calls', () => {
  it('GET user-info returns the caller and refuses anyone else (403) or no session (401)', async () => {
    const { user, session } = await t.signIn({ firstName: 'Ada', lastName: 'Lovelace' });
    const other = await t.createUser();
    const mine = await t.as(session).get(`/api/accounts/user-info/${user.username}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      userId: user.id,
      username: user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      lastLogin: expect.any(String),
    });
    expect(Object.keys(mine.json()).sort()).toEqual([
      'createdOn',
      'email',
      'firstName',
      'lastLogin',
      'lastName',
      'userId',
      'username',
    ]);
    const theirs = await t.as(session).get(`/api/accounts/user-info/${other.username}`);
    expect(theirs.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/accounts/user-info/${user.username}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('order tracking settings: all 22 columns on by default, saved and returned, own only', async () => {
    const { user, session } = await t.signIn();
    const initial = await t.as(session).get(`/api/accounts/order-tracking-settings?userId=${user.id}`);
    expect(initial.statusCode).toBe(200);
    const body = initial.json();
    expect(body.userId).toBe(user.id);
    expect(Object.keys(body.enabledColumns)).toHaveLength(22);
    expect(Object.values(body.enabledColumns).every((value) => value === true)).toBe(true);

    const enabledColumns = Object.fromEntries(
      ORDER_TRACKING_COLUMN_KEYS.map((key) => [key, key !== 'poDate' && key !== 'notes']),
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/update/order-tracking-settings',
      headers: session.headers,
      payload: {
        id: 0,
        userId: user.id,
        enabledColumns: { ...enabledColumns, id: 5, userOrderTrackingViewSettingsId: 9 },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().enabledColumns).toEqual(enabledColumns);
    expect(saved.json().id).toBeGreaterThan(0);

    const byName = await t
      .as(session)
      .get(`/api/accounts/order-tracking-settings/username?userName=${user.username}`);
    expect(byName.json().enabledColumns.poDate).toBe(false);
    expect(byName.json().enabledColumns.itemNumber).toBe(true);

    const other = await t.createUser();
    const peek = await t.as(session).get(`/api/accounts/order-tracking-settings?userId=${other.id}`);
    expect(peek.statusCode).toBe(403);
    const peekByName = await t
      .as(session)
      .get(`/api/accounts/order-tracking-settings/username?userName=${other.username}`);
    expect(peekByName.statusCode).toBe(403);
    const write = await t.as(session).post('/api/accounts/update/order-tracking-settings', {
      id: 0,
      userId: other.id,
      enabledColumns,
    });
    expect(write.statusCode).toBe(403);
    const stored = await t.db.db
      .select()
      .from(schema.orderTrackingViewSettings)
      .where(eq(schema.orderTrackingViewSettings.userId, other.id));
    expect(stored).toHaveLength(0);
    const bad = await t.as(session).post('/api/accounts/update/order-tracking-settings', {
      userId: user.id,
      enabledColumns: { poDate: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the grid column order is saved with the column settings, kept when left out, and checked (docs/behaviour/order-tracking.md#column-order)', async () => {
    const { user, session } = await t.signIn({ orderUser: true });
    const initial = await t.as(session).get(`/api/accounts/order-tracking-settings?userId=${user.id}`);
    expect(initial.json().columnOrder).toEqual([]);
    const enabledColumns = Object.fromEntries(
      ORDER_TRACKING_COLUMN_KEYS.map((key) => [key, key !== 'poDate']),
    );

    const saved = await t.as(session).post('/api/accounts/update/order-tracking-settings', {
      enabledColumns,
      columnOrder: ['customerPoNumber', 'itemNumber', 'sourceName'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().columnOrder).toEqual(['customerPoNumber', 'itemNumber', 'sourceName']);

    // The Account screen saves the visible columns alone: the order stays.
    const visibleOnly = await t.as(session).post('/api/accounts/update/order-tracking-settings', {
      id: saved.json().id,
      userId: user.id,
      enabledColumns: { ...enabledColumns, notes: false },
    });
    expect(visibleOnly.statusCode).toBe(200);
    const byName = await t
      .as(session)
      .get(`/api/accounts/order-tracking-settings/username?userName=${user.username}`);
    expect(byName.json()).toMatchObject({
      enabledColumns: { notes: false, poDate: false },
      columnOrder: ['customerPoNumber', 'itemNumber', 'sourceName'],
    });

    // Bad input: an unknown column or a repeated one is refused and nothing changes.
    for (const columnOrder of [
      ['customerPoNumber', 'noSuchColumn'],
      ['itemNumber', 'itemNumber'],
      'itemNumber',
    ]) {
      const bad = await t.as(session).post('/api/accounts/update/order-tracking-settings', {
        enabledColumns,
        columnOrder,
      });
      expect(bad.statusCode, JSON.stringify(columnOrder)).toBe(400);
      expect(Object.keys(bad.json().fields).some((key) => key.startsWith('columnOrder'))).toBe(true);
    }
    const [stored] = await t.db.db
      .select()
      .from(schema.orderTrackingViewSettings)
      .where(eq(schema.orderTrackingViewSettings.userId, user.id));
    expect(stored!.columnOrder).toEqual(['customerPoNumber', 'itemNumber', 'sourceName']);

    // [] is the spec's order again.
    const reset = await t.as(session).post('/api/accounts/update/order-tracking-settings', {
      enabledColumns,
      columnOrder: [],
    });
    expect(reset.json().columnOrder).toEqual([]);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/update/order-tracking-settings',
      payload: { enabledColumns, columnOrder: ['itemNumber'] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('updates the profile, returns the saved fields, and refuses a bad e-mail or another user', async () => {
    const { user, session } = await t.signIn();
    const response = await t.as(session).post('/api/accounts/update/user-info', {
      UserID: user.id,
      Email: 'new@example.com',
      FirstName: 'Grace',
      LastName: 'Hopper',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'new@example.com', firstName: 'Grace', lastName: 'Hopper' });

    const badEmail = await t.as(session).post('/api/accounts/update/user-info', {
      UserID: user.id,
      Email: 'not-an-address',
      FirstName: 'X',
      LastName: 'Y',
    });
    expect(badEmail.statusCode).toBe(400);
    const other = await t.createUser({ email: 'keep@example.com' });
    const hijack = await t.as(session).post('/api/accounts/update/user-info', {
      UserID: other.id,
      Email: 'stolen@example.com',
      FirstName: '',
      LastName: '',
    });
    expect(hijack.statusCode).toBe(403);
    const [mine] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    const [theirs] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, other.id));
    expect(mine?.email).toBe('new@example.com');
    expect(theirs?.email).toBe('keep@example.com');
  });

  it('changes the username, ends the session, and refuses a taken name with 409', async () => {
    const { user, session } = await t.signIn();
    const taken = await t.createUser();
    const conflict = await t.as(session).post('/api/accounts/update/username', {
      UserID: user.id,
      OldUsername: user.username,
      NewUsername: taken.username.toUpperCase(),
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toMatch(/already taken/);

    const newName = `renamed_${user.id}`;
    const response = await t.as(session).post('/api/accounts/update/username', {
      UserID: user.id,
      OldUsername: user.username,
      NewUsername: newName,
    });
    expect(response.statusCode).toBe(200);
    expect(cookiesFrom(response)[COOKIE_NAMES.accessToken]).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: session.headers });
    expect(after.statusCode).toBe(401);
    await t.loginAs({ id: user.id, username: newName });
  });

  it('changes the password only with the right current one, then ends the session', async () => {
    const { user, session } = await t.signIn();
    const wrong = await t
      .as(session)
      .post('/api/accounts/update/password', changePasswordBody(user, 'not it', 'a new password'));
    expect(wrong.statusCode).toBe(400);
    const other = await t.createUser();
    const someoneElse = await t
      .as(session)
      .post('/api/accounts/update/password', changePasswordBody(other, TEST_PASSWORD, 'a new password'));
    expect(someoneElse.statusCode).toBe(403);
    await t.loginAs(other);

    const ok = await t
      .as(session)
      .post('/api/accounts/update/password', changePasswordBody(user, TEST_PASSWORD, 'a new password'));
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: session.headers })).statusCode,
    ).toBe(401);
    await t.loginAs(user, 'a new password');
    await expect(t.loginAs(user, TEST_PASSWORD)).rejects.toThrow();
  });
});

describe('admin user management', () => {
  it('every admin call: 401 without a session, 403 for a non-admin', async () => {
    const { session } = await t.signIn({ orderUser: true, inventoryUser: true, submissionUser: true });
    const calls = [
      { method: 'GET' as const, url: '/api/accounts/count' },
      { method: 'GET' as const, url: '/api/accounts/list' },
      { method: 'GET' as const, url: '/api/accounts/user/1' },
      { method: 'POST' as const, url: '/api/accounts/delete/1' },
      {
        method: 'POST' as const,
        url: '/api/accounts/update/user',
        payload: { userId: 0, username: 'sneaky', email: 'sneaky@example.com' },
      },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, `${call.url} anonymous`).toBe(401);
      expect(
        (await t.app.inject({ ...call, headers: session.headers })).statusCode,
        `${call.url} non-admin`,
      ).toBe(403);
    }
    const [sneaky] = await t.db.db.select().from(schema.users).where(eq(schema.users.username, 'sneaky'));
    expect(sneaky).toBeUndefined();
  });

  it('creates with the spec defaults, lists, counts, reads, edits and deletes users', async () => {
    const { session } = await t.signIn({ isAdmin: true });
    const before = await userCount();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/update/user',
      headers: session.headers,
      payload: {
        userId: 0,
        username: 'new.person',
        email: 'new.person@example.com',
        password: 'initial password',
      },
    });
    expect(created.statusCode).toBe(200);
    const user = created.json().user;
    expect(user).toMatchObject({
      username: 'new.person',
      orderUser: true,
      activeStatus: false,
      isAdmin: false,
      inventoryUser: false,
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('passwordHash');

    const count = await t.app.inject({ method: 'GET', url: '/api/accounts/count', headers: session.headers });
    expect(count.json()).toBe(before + 1);
    const list = await t.app.inject({ method: 'GET', url: '/api/accounts/list', headers: session.headers });
    expect(list.json().map((u: { username: string }) => u.username)).toContain('new.person');
    expect(JSON.stringify(list.json())).not.toMatch(/argon2/);

    const edited = await t.as(session).post('/api/accounts/update/user', {
      ...user,
      activeStatus: true,
      inventoryUser: true,
      firstName: 'New',
      password: '',
    });
    expect(edited.statusCode).toBe(200);
    const one = await t.as(session).get(`/api/accounts/user/${user.userId}`);
    expect(one.json()).toMatchObject({ activeStatus: true, inventoryUser: true, firstName: 'New' });
    // A blank password on edit keeps the old one.
    await t.loginAs({ id: user.userId, username: 'new.person' }, 'initial password');

    const deleted = await t.as(session).post(`/api/accounts/delete/${user.userId}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await t.as(session).get(`/api/accounts/user/${user.userId}`);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad input with 400 and a duplicate username with 409, storing nothing', async () => {
    const { session } = await t.signIn({ isAdmin: true });
    const existing = await t.createUser();
    const before = await userCount();
    const bad = [
      { userId: 0, username: '', email: 'x@example.com' },
      { userId: 0, username: 'valid', email: '' },
      { userId: 0, username: 'valid', email: 'not-an-email' },
      { userId: 0, username: 'valid', email: 'v@example.com', password: 'short' },
      { userId: 'abc', username: 'valid', email: 'v@example.com' },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/update/user',
        headers: session.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields).toBeTruthy();
    }
    const emailMessage = await t.as(session).post('/api/accounts/update/user', {
      userId: 0,
      username: 'valid',
      email: 'not-an-email',
    });
    expect(emailMessage.json().fields.email).toBe('Enter a valid email address');
    const duplicate = await t.as(session).post('/api/accounts/update/user', {
      userId: 0,
      username: existing.username.toUpperCase(),
      email: 'dup@example.com',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('already taken');
    expect(await userCount()).toBe(before);
    const badId = await t.as(session).post('/api/accounts/delete/abc');
    expect(badId.statusCode).toBe(400);
  });

  it('a user created without a password is e-mailed a link to choose one', async () => {
    const { session } = await t.signIn({ isAdmin: true });
    smtp.messages.length = 0;
    const created = await t.as(session).post('/api/accounts/update/user', {
      userId: 0,
      username: 'invitee',
      email: 'invitee@example.com',
      activeStatus: true,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().notice).toMatch(/e-mailed to invitee@example.com/);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['invitee@example.com']);
    const token = decodeURIComponent(/\/reset-password#token=([\w-]+)/.exec(mail!.parsed.text ?? '')![1]!);
    const set = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password/confirm',
      payload: { token, newPassword: 'chosen by me' },
    });
    expect(set.statusCode).toBe(200);
    await t.loginAs({ id: created.json().user.userId, username: 'invitee' }, 'chosen by me');
  });

  it('an admin cannot delete, demote or deactivate themselves', async () => {
    const { user, session } = await t.signIn({ isAdmin: true });
    const del = await t.as(session).post(`/api/accounts/delete/${user.id}`);
    expect(del.statusCode).toBe(400);
    const demote = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/update/user',
      headers: session.headers,
      payload: {
        userId: user.id,
        username: user.username,
        email: user.email,
        isAdmin: false,
        activeStatus: true,
      },
    });
    expect(demote.statusCode).toBe(400);
    const [row] = await t.db.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row?.isAdmin).toBe(true);
  });

  it('deactivating a user ends their sessions', async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, session } = await t.signIn();
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/update/user',
      headers: admin.session.headers,
      payload: { userId: user.id, username: user.username, email: user.email, activeStatus: false },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/allowed', headers: session.headers })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/auth/refresh-token', headers: session.headers }))
        .statusCode,
    ).toBe(401);
  });
});

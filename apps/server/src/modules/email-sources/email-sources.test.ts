import {
  type EmailSource,
  type EmailSourceListItem,
  mailSecretBinding,
  type PickerPair,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInventorySource, insertOrderTrackingSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { emailSourceBody } from '../../../test/payloads';
import { createSecretBox } from '../../lib/secrets';

let t: TestApp;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await t.signIn({ orderUser: true })).session;
});
afterAll(async () => {
  await t.close();
});

let sourceCounter = 0;
function sourceForm(overrides: Record<string, unknown> = {}) {
  sourceCounter += 1;
  return emailSourceBody(`mailbox${sourceCounter}`, overrides);
}

async function saveSource(form: Record<string, unknown>, session: Session = operator) {
  return t.as(session).post('/api/email-sources/email/save', form);
}

async function createSource(overrides: Record<string, unknown> = {}): Promise<EmailSource> {
  const response = await saveSource(sourceForm(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function storedRow(id: number) {
  const [row] = await t.db.db.select().from(schema.emailSources).where(eq(schema.emailSources.id, id));
  return row;
}

const sourceCount = async () => (await t.db.db.select().from(schema.emailSources)).length;

async function addOrderTrackingSource(emailSourceId: number, name: string, deletedStatus = false) {
  await insertOrderTrackingSource(t.db.db, {
    sourceName: name,
    emailSourceId,
    fileType: '.csv',
    fromEmail: 'supplier@example.com',
    subjectValue: 'Shipments',
    attachmentName: '*.csv',
    uniqueColumn: 'DocumentNumber',
    columnMapping: {},
    deletedStatus,
  });
}

async function addInventorySource(emailSourceId: number, name: string, deletedAt: Date | null = null) {
  await insertInventorySource(t.db.db, {
    sourceName: name,
    emailSourceId,
    fileType: '.csv',
    fromEmail: 'supplier@example.com',
    subjectValue: 'Stock',
    attachmentName: 'stock*.csv',
    itemNumberColumnName: 'Item',
    qtyColumnName: 'Qty',
    deletedAt,
  });
}

/** Every route with a request a permitted caller may make; `prepare` runs first and returns what to call. */
interface RouteCase {
  name: string;
  method: 'GET' | 'POST';
  prepare(): Promise<{ url: string; payload?: unknown }>;
  /** What a permitted caller gets. */
  okStatus: number;
}

const routeCases: RouteCase[] = [
  {
    name: 'GET /api/email-sources/emails',
    method: 'GET',
    okStatus: 200,
    prepare: async () => ({ url: '/api/email-sources/emails' }),
  },
  {
    name: 'GET /api/email-sources/email/:sourceId',
    method: 'GET',
    okStatus: 200,
    prepare: async () => ({ url: `/api/email-sources/email/${(await createSource()).id}` }),
  },
  {
    name: 'POST /api/email-sources/email/save',
    method: 'POST',
    okStatus: 200,
    prepare: async () => ({ url: '/api/email-sources/email/save', payload: sourceForm() }),
  },
  {
    name: 'POST /api/email-sources/delete/:id',
    method: 'POST',
    okStatus: 204,
    prepare: async () => ({ url: `/api/email-sources/delete/${(await createSource()).id}` }),
  },
  {
    name: 'GET /api/email-sources/email-list',
    method: 'GET',
    okStatus: 200,
    prepare: async () => ({ url: '/api/email-sources/email-list' }),
  },
  {
    name: 'POST /api/email-sources/:id/active',
    method: 'POST',
    okStatus: 200,
    prepare: async () => ({
      url: `/api/email-sources/${(await createSource()).id}/active`,
      payload: { activeStatus: false },
    }),
  },
  {
    name: 'POST /api/email-sources/test-connection',
    method: 'POST',
    okStatus: 200,
    // No servers set: both checks answer at once without touching the network.
    prepare: async () => ({
      url: '/api/email-sources/test-connection',
      payload: sourceForm({ incomingServer: '', outgoingServer: '' }),
    }),
  },
  {
    name: 'POST /api/email-sources/send-test-email',
    method: 'POST',
    // The source has no outgoing server: a permitted caller gets past the role check to this clear 400.
    okStatus: 400,
    prepare: async () => {
      const source = await createSource({ outgoingServer: '' });
      return {
        url: '/api/email-sources/send-test-email',
        payload: {
          ToEmail: 'someone@example.com',
          SubjectLine: 'Hello',
          MessageContent: 'Body',
          FileData: null,
          EmailSource: source,
        },
      };
    },
  },
];

describe('who may call the e-mail source routes', () => {
  const permitted = [
    ['order user', { orderUser: true }],
    ['inventory user', { inventoryUser: true }],
    ['submission user', { submissionUser: true }],
    ['admin', { isAdmin: true }],
  ] as const;

  for (const route of routeCases) {
    it(`${route.name}: order, inventory and submission users and admins; 403 without a flag; 401 without a session`, async () => {
      for (const [label, flags] of permitted) {
        const { session } = await t.signIn(flags);
        const { url, payload } = await route.prepare();
        const response = await t.app.inject({
          method: route.method,
          url,
          headers: session.headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(response.statusCode, `${label}: ${response.body}`).toBe(route.okStatus);
      }

      const { session: noFlags } = await t.signIn({
        orderUser: false,
        inventoryUser: false,
        submissionUser: false,
      });
      const { url, payload } = await route.prepare();
      const rowsPrepared = await t.db.db.select().from(schema.emailSources);
      const forbidden = await t.app.inject({
        method: route.method,
        url,
        headers: noFlags.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('Your account does not have access to this feature');
      expect(await t.db.db.select().from(schema.emailSources)).toEqual(rowsPrepared);

      const anonymous = await t.app.inject({
        method: route.method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await t.db.db.select().from(schema.emailSources)).toEqual(rowsPrepared);
    });
  }
});

describe('bad input is refused with field messages and nothing is stored', () => {
  it('save: username, email and password on create', async () => {
    const before = await sourceCount();
    const response = await saveSource(sourceForm({ username: ' ', email: 'not-an-address', password: 'ab' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: 'Required',
      email: 'Enter a valid email address',
      password: 'Required',
    });
    expect(response.json().message).toContain('username: Required');
    expect(await sourceCount()).toBe(before);

    const noPassword = await saveSource(sourceForm({ password: '' }));
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toEqual({ password: 'Required' });
    const blankPassword = await saveSource(sourceForm({ password: '   ' }));
    expect(blankPassword.json().fields).toEqual({ password: 'Required' });
    const missingEmail = await saveSource(sourceForm({ email: '' }));
    expect(missingEmail.json().fields).toEqual({ email: 'Required' });
    const badPort = await saveSource(sourceForm({ incomingPort: 70000, ssl: 'yes' }));
    expect(badPort.statusCode).toBe(400);
    expect(badPort.json().fields.incomingPort).toBe('Enter a port from 1 to 65535');
    expect(badPort.json().fields.ssl).toBeDefined();
    expect(await sourceCount()).toBe(before);
  });

  it('save: a new password under 3 characters on edit is refused and the stored one kept', async () => {
    const source = await createSource();
    const before = await storedRow(source.id);
    const response = await saveSource(sourceForm({ id: source.id, username: 'renamed', password: 'ab' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: 'Required' });
    expect(await storedRow(source.id)).toEqual(before);
  });

  it('save: an unknown id is a 404 and creates nothing', async () => {
    const before = await sourceCount();
    const response = await saveSource(sourceForm({ id: 999_999 }));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Email source not found');
    expect(await sourceCount()).toBe(before);
  });

  it('get and delete: an id that is not a number', async () => {
    const get = await t.as(operator).get('/api/email-sources/email/abc');
    expect(get.statusCode).toBe(400);
    expect(get.json().fields).toEqual({ sourceId: 'Invalid id' });
    const before = await sourceCount();
    const del = await t.as(operator).post('/api/email-sources/delete/1x');
    expect(del.statusCode).toBe(400);
    expect(del.json().fields).toEqual({ id: 'Invalid id' });
    expect(await sourceCount()).toBe(before);
  });

  it('active toggle: activeStatus must be a boolean', async () => {
    const source = await createSource();
    const response = await t.as(operator).post(`/api/email-sources/${source.id}/active`, {
      activeStatus: 'no',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['activeStatus']);
    expect((await storedRow(source.id))?.activeStatus).toBe(true);
  });

  it('test-connection: a port out of range', async () => {
    const response = await t
      .as(operator)
      .post('/api/email-sources/test-connection', sourceForm({ outgoingPort: 0 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ outgoingPort: 'Enter a port from 1 to 65535' });
  });
});

describe('secrets', () => {
  it('create, get, list and picker never return the secret; the column holds ciphertext', async () => {
    const plain = 'Sup3r-Secret-Pass';
    const created = await createSource({ password: plain, username: 'secret-keeper' });
    expect(created.password).toBe('');
    expect(created.passwordSet).toBe(true);
    expect(created.username).toBe('secret-keeper');

    const row = await storedRow(created.id);
    expect(row?.passwordEncrypted).toMatch(/^v2:/);
    expect(row?.passwordEncrypted).not.toContain(plain);
    expect(createSecretBox(t.config.secretKey).open(row!.passwordEncrypted!, mailSecretBinding(row!))).toBe(
      plain,
    );

    for (const url of [
      `/api/email-sources/email/${created.id}`,
      '/api/email-sources/emails',
      '/api/email-sources/email-list',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: operator.headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(plain);
      expect(response.body).not.toContain(row!.passwordEncrypted!);
      expect(response.body).not.toContain('passwordEncrypted');
    }
    const list: EmailSourceListItem[] = (
      await t.app.inject({ method: 'GET', url: '/api/email-sources/emails', headers: operator.headers })
    ).json();
    expect(Object.keys(list.find((item) => item.id === created.id)!).sort()).toEqual(
      [
        'activeStatus',
        'email',
        'id',
        'incomingPort',
        'incomingServer',
        'isMsal',
        'lastPollAt',
        'lastPollError',
        'lastPollSucceededAt',
        'lastRun',
        'outgoingPort',
        'outgoingServer',
        'port',
        'ssl',
        'username',
      ].sort(),
    );
  });

  it('edit with a blank password keeps the stored ciphertext while the servers stay; a new one replaces it', async () => {
    const created = await createSource({ password: 'first-secret' });
    const original = (await storedRow(created.id))!.passwordEncrypted;

    const renamed = `renamed-${created.id}@example.com`;
    const blank = await saveSource(
      sourceForm({ ...created, email: renamed, password: '', activeStatus: false }),
    );
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toMatchObject({ id: created.id, email: renamed, password: '', passwordSet: true });
    expect((await storedRow(created.id))!.passwordEncrypted).toBe(original);

    const omitted = { ...created, msalClientId: 'unused-without-msal' } as Record<string, unknown>;
    delete omitted.password;
    expect((await saveSource(omitted)).statusCode).toBe(200);
    expect((await storedRow(created.id))!.passwordEncrypted).toBe(original);

    const replaced = await saveSource(sourceForm({ id: created.id, password: 'second-secret' }));
    expect(replaced.statusCode).toBe(200);
    const row = (await storedRow(created.id))!;
    expect(row.passwordEncrypted).not.toBe(original);
    expect(createSecretBox(t.config.secretKey).open(row.passwordEncrypted!, mailSecretBinding(row))).toBe(
      'second-secret',
    );
  });
});

describe('e-mail source data', () => {
  it('create and get round-trip every field; list shows the incoming port as port', async () => {
    const created = await createSource({
      username: 'roundtrip',
      email: 'orders@example.com',
      incomingServer: ' imap.example.net ',
      outgoingServer: 'smtp.example.net',
      incomingPort: '143',
      outgoingPort: '',
      ssl: false,
      isMsal: true,
      msalClientId: 'client-id',
      msalTennentId: 'tenant-id',
      activeStatus: false,
    });
    const fetched = await t.as(operator).get(`/api/email-sources/email/${created.id}`);
    expect(fetched.statusCode).toBe(200);
    const expected: EmailSource = {
      id: created.id,
      username: 'roundtrip',
      email: 'orders@example.com',
      password: '',
      passwordSet: true,
      incomingServer: 'imap.example.net',
      outgoingServer: 'smtp.example.net',
      incomingPort: 143,
      outgoingPort: null,
      ssl: false,
      isMsal: true,
      msalClientId: 'client-id',
      msalTennentId: 'tenant-id',
      activeStatus: false,
      signIn: null,
    };
    expect(fetched.json()).toEqual(expected);
    expect(created).toEqual(expected);
    expect((await storedRow(created.id))?.msalTenantId).toBe('tenant-id');

    const list: EmailSourceListItem[] = (
      await t.app.inject({ method: 'GET', url: '/api/email-sources/emails', headers: operator.headers })
    ).json();
    expect(list.find((item) => item.id === created.id)).toEqual({
      id: created.id,
      username: 'roundtrip',
      email: 'orders@example.com',
      incomingServer: 'imap.example.net',
      outgoingServer: 'smtp.example.net',
      port: 143,
      incomingPort: 143,
      outgoingPort: null,
      ssl: false,
      isMsal: true,
      activeStatus: false,
      // Never polled yet (mail intake fills these in).
      lastPollAt: null,
      lastPollSucceededAt: null,
      lastPollError: null,
      lastRun: null,
    });
  });

  it('get answers 404 for a missing source', async () => {
    const response = await t.as(operator).get('/api/email-sources/email/987654');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Email source not found');
  });

  it('the active toggle really switches the flag', async () => {
    const source = await createSource();
    const off = await t.as(operator).post(`/api/email-sources/${source.id}/active`, {
      activeStatus: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: source.id, activeStatus: false });
    const fetched = await t.as(operator).get(`/api/email-sources/email/${source.id}`);
    expect(fetched.json().activeStatus).toBe(false);
    const on = await t.as(operator).post(`/api/email-sources/${source.id}/active`, {
      activeStatus: true,
    });
    expect(on.json()).toEqual({ id: source.id, activeStatus: true });
    expect((await storedRow(source.id))?.activeStatus).toBe(true);

    const missing = await t.as(operator).post('/api/email-sources/987654/active', {
      activeStatus: true,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('email-list pairs the username, address and server with the id, sorted by name', async () => {
    const zed = await createSource({ username: 'Zed Supplier', email: 'zed@example.com' });
    const same = await createSource({ username: 'alpha@example.com', email: 'Alpha@example.com' });
    const mid = await createSource({ username: 'middle', email: 'middle@example.com' });
    // Two mailboxes with one username, told apart by their address and server.
    const ordersA = await createSource({ username: 'orders', email: 'orders@a.example' });
    const ordersB = await createSource({
      username: 'orders',
      email: 'orders@b.example',
      incomingServer: 'mail.b.example',
    });
    const response = await t.as(operator).get('/api/email-sources/email-list');
    expect(response.statusCode).toBe(200);
    const pairs: PickerPair[] = response.json();
    const ours = pairs.filter((pair) =>
      [zed.id, same.id, mid.id, ordersA.id, ordersB.id].includes(pair.item2),
    );
    expect(ours).toEqual([
      { item1: 'alpha@example.com (imap.example.com)', item2: same.id },
      { item1: 'middle (middle@example.com, imap.example.com)', item2: mid.id },
      { item1: 'orders (orders@a.example, imap.example.com)', item2: ordersA.id },
      { item1: 'orders (orders@b.example, mail.b.example)', item2: ordersB.id },
      { item1: 'Zed Supplier (zed@example.com, imap.example.com)', item2: zed.id },
    ]);
    const names = pairs.map((pair) => pair.item1.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  });
});

describe('delete', () => {
  it('deletes an unused source and answers 404 when it is gone', async () => {
    const source = await createSource();
    const response = await t.as(operator).post(`/api/email-sources/delete/${source.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await storedRow(source.id)).toBeUndefined();
    const again = await t.as(operator).post(`/api/email-sources/delete/${source.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('is refused while an order tracking or inventory source uses it, naming them', async () => {
    const source = await createSource();
    await addOrderTrackingSource(source.id, 'UPS shipments');
    await addInventorySource(source.id, 'Acme stock');
    const refused = await t.as(operator).post(`/api/email-sources/delete/${source.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This email source is used by Order tracking source "UPS shipments" and Inventory source "Acme stock". Change or delete those first.',
    );
    expect(await storedRow(source.id)).toBeDefined();

    const onlyOne = await createSource();
    await addInventorySource(onlyOne.id, 'Beta stock');
    await addInventorySource(onlyOne.id, 'Alpha stock');
    const refusedAgain = await t.as(operator).post(`/api/email-sources/delete/${onlyOne.id}`);
    expect(refusedAgain.json().message).toBe(
      'This email source is used by Inventory sources "Alpha stock", "Beta stock". Change or delete those first.',
    );
  });

  it('deleted order tracking and inventory sources do not hold it; their link is cleared', async () => {
    const source = await createSource();
    await addOrderTrackingSource(source.id, 'Old shipments', true);
    await addInventorySource(source.id, 'Old stock', new Date());
    const response = await t.as(operator).post(`/api/email-sources/delete/${source.id}`);
    expect(response.statusCode).toBe(204);
    expect(await storedRow(source.id)).toBeUndefined();
    const [old] = await t.db.db
      .select()
      .from(schema.orderTrackingSources)
      .where(eq(schema.orderTrackingSources.sourceName, 'Old shipments'));
    expect(old?.emailSourceId).toBeNull();
  });
});

import { ORDER_SUBMISSION_SOURCE_MESSAGES } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import { recordRun } from '../runs/repository';

let t: TestApp;
let submissionUser: Session;
let orderUser: Session;
let admin: Session;
let emailSourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  orderUser = (await t.signIn({ orderUser: true })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  const mailbox = await insertEmailSource(t.db.db, {
    username: 'Orders mailbox',
    email: 'orders@retailer.example',
  });
  emailSourceId = mailbox!.id;
  // Migrating a fresh embedded database takes minutes when the shared test machine is busy.
}, 600_000);
afterAll(async () => {
  await t.close();
});

/** The body the spec's client sends (docs/behaviour/order-submission.md#calls): `Id`, the e-mail source's id, counts as form text. */
function sourceBody(overrides: Record<string, unknown> = {}) {
  return {
    Id: 0,
    sourceName: 'Acme orders',
    emailSourceId,
    fileType: '.xlsx',
    fromEmail: 'orders@acme.example',
    subjectValue: 'New purchase orders',
    containsNotExact: true,
    expectedAttachmentCount: '1',
    expectedNumberOfBatchEmails: '2',
    attachmentName: 'po_*.xlsx',
    noAttachmentsNeedsLinkClick: true,
    ordersAreAllQuantityOne: true,
    linkClickPreceededByText: 'Download your orders',
    linkClickAlwaysContainsText: 'portal.acme.example',
    downloadSpreadsheet: false,
    downloadPdf: true,
    spreadsheetDownloadButtonText: 'Export Excel',
    pdfDownloadButtonText: 'Export PDF',
    spreadsheetType: '.xls',
    spreadsheetDownloadName: 'orders.xls',
    pdfDownloadName: 'orders.pdf',
    activeStatus: true,
    deletedStatus: false,
    ...overrides,
  };
}

const save = (payload: unknown, session: Session = submissionUser) =>
  t.as(session).post('/api/order-submission/sources/save', payload as Record<string, unknown>);

const get = (id: number | string, session: Session = submissionUser) =>
  t.as(session).get(`/api/order-submission/sources/get/${id}`);

const post = (url: string, session: Session = submissionUser, payload?: Record<string, unknown>) =>
  t.as(session).post(url, payload);

const list = async (session: Session = submissionUser) => {
  const response = await t.as(session).get('/api/order-submission/sources/active');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

async function create(overrides: Record<string, unknown> = {}) {
  const response = await save(sourceBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number } & Record<string, unknown>;
}

const rowCount = async () => (await t.db.db.select().from(schema.orderSubmissionSources)).length;

async function expectRefused(payload: unknown, fields: Record<string, string>) {
  const before = await rowCount();
  const response = await save(payload);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  for (const [field, message] of Object.entries(fields)) expect(body.fields?.[field], field).toBe(message);
  expect(await rowCount()).toBe(before);
}

describe('who may call the order submission source routes', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/order-submission/sources/active' },
    { method: 'GET' as const, url: '/api/order-submission/sources/get/1' },
    { method: 'POST' as const, url: '/api/order-submission/sources/save', payload: {} },
    { method: 'POST' as const, url: '/api/order-submission/sources/delete/1' },
    {
      method: 'POST' as const,
      url: '/api/order-submission/sources/1/active',
      payload: { activeStatus: true },
    },
    { method: 'GET' as const, url: '/api/order-submission/order-submission-list' },
  ];

  it('refuses users without the submission flag (403) and callers without a session (401)', async () => {
    await expectRefusedWithoutRole(t, routes, orderUser);
    expect(await rowCount()).toBe(0);
  });

  it('lets submission users and admins use every route', async () => {
    for (const session of [submissionUser, admin]) {
      const created = await save(sourceBody({ sourceName: `Access ${session.username}` }), session);
      expect(created.statusCode, created.body).toBe(200);
      const { id } = created.json();
      expect((await get(id, session)).statusCode).toBe(200);
      expect((await list(session)).some((item) => item.id === id)).toBe(true);
      const pairs = await t.as(session).get('/api/order-submission/order-submission-list');
      expect(pairs.statusCode).toBe(200);
      expect(pairs.json()).toContainEqual({ item1: `Access ${session.username}`, item2: id });
      const toggled = await post(`/api/order-submission/sources/${id}/active`, session, {
        activeStatus: false,
      });
      expect(toggled.statusCode, toggled.body).toBe(200);
      expect((await post(`/api/order-submission/sources/delete/${id}`, session)).statusCode).toBe(204);
    }
    // Two sessions through every route: slow on a busy machine.
  }, 120_000);
});

describe('POST /api/order-submission/sources/save', () => {
  it('creates a source from the spec client body (Id 0) and loads back every field', async () => {
    const saved = await create();
    // What was sent, as stored: `id` instead of `Id`, the counts as numbers, no pinned encoding.
    const { Id: _sentId, ...sent } = sourceBody();
    const expected = {
      ...sent,
      id: saved.id,
      textEncoding: '',
      expectedAttachmentCount: 1,
      expectedNumberOfBatchEmails: 2,
      lastRun: null,
    };
    expect(saved).toEqual(expected);
    const loaded = await get(saved.id);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toEqual(expected);
  });

  it('keeps a pinned text encoding, reads "auto" as detect, and refuses one it does not know', async () => {
    expect(await create({ textEncoding: 'windows-1250' })).toMatchObject({ textEncoding: 'windows-1250' });
    expect(await create({ textEncoding: 'auto' })).toMatchObject({ textEncoding: '' });
    await expectRefused(sourceBody({ textEncoding: 'klingon' }), {
      textEncoding: 'Choose one of the listed encodings',
    });
  });

  it('applies the spec defaults: downloads on, active', async () => {
    const saved = await create({
      downloadSpreadsheet: undefined,
      downloadPdf: undefined,
      activeStatus: undefined,
      containsNotExact: undefined,
    });
    expect(saved).toMatchObject({ downloadSpreadsheet: true, downloadPdf: true, activeStatus: true });
  });

  it('updates an existing source by id and keeps it deleted-free whatever deletedStatus says', async () => {
    const saved = await create({ sourceName: 'Before edit' });
    const edited = await save(
      sourceBody({
        Id: saved.id,
        sourceName: 'After edit',
        expectedNumberOfBatchEmails: 5,
        deletedStatus: true,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: saved.id,
      sourceName: 'After edit',
      expectedNumberOfBatchEmails: 5,
      deletedStatus: false,
    });
    expect((await get(saved.id)).json().sourceName).toBe('After edit');
  });

  it('refuses the validation rule violations (docs/behaviour/order-submission.md#submission-source-editor) with field messages and stores nothing', async () => {
    await expectRefused(
      sourceBody({
        sourceName: ' ',
        emailSourceId: '',
        fromEmail: 'not an address',
        subjectValue: 'ab',
        expectedAttachmentCount: '',
        expectedNumberOfBatchEmails: null,
      }),
      {
        sourceName: 'Required',
        emailSourceId: 'Required',
        fromEmail: ORDER_SUBMISSION_SOURCE_MESSAGES.invalidEmail,
        subjectValue: ORDER_SUBMISSION_SOURCE_MESSAGES.subjectTooShort,
        expectedAttachmentCount: 'Required',
        expectedNumberOfBatchEmails: 'Required',
      },
    );
    await expectRefused(sourceBody({ fromEmail: '' }), { fromEmail: 'Required' });
    await expectRefused(sourceBody({ expectedAttachmentCount: 'two' }), {
      expectedAttachmentCount: ORDER_SUBMISSION_SOURCE_MESSAGES.wholeNumber,
    });
    await expectRefused(sourceBody({ expectedNumberOfBatchEmails: '0' }), {
      expectedNumberOfBatchEmails: 'Must be at least 1',
    });
    await expectRefused(sourceBody({ emailSourceId: 999_999 }), { emailSourceId: 'Required' });
    await expectRefused([], {});
  });

  it('answers 404 for an unknown or deleted id', async () => {
    expect((await save(sourceBody({ Id: 999_999 }))).statusCode).toBe(404);
    const saved = await create({ sourceName: 'Soon deleted' });
    await post(`/api/order-submission/sources/delete/${saved.id}`);
    const before = await rowCount();
    expect((await save(sourceBody({ Id: saved.id }))).statusCode).toBe(404);
    expect(await rowCount()).toBe(before);
  });
});

describe('GET /api/order-submission/sources/active and get', () => {
  it('lists live sources, inactive ones included, with their last run', async () => {
    const active = await create({ sourceName: 'Listed active' });
    const inactive = await create({ sourceName: 'Listed inactive', activeStatus: false });
    const deleted = await create({ sourceName: 'Listed deleted' });
    await post(`/api/order-submission/sources/delete/${deleted.id}`);
    const runId = await recordRun(
      t.db.db,
      { sourceType: 'order-submission', sourceId: active.id, sourceName: 'Listed active', trigger: 'mail' },
      { status: 'succeeded', message: 'Sent 3 vendor e-mails' },
    );
    const rows = await list();
    const ids = rows.map((row) => row.id);
    expect(ids).toContain(active.id);
    expect(ids).toContain(inactive.id);
    expect(ids).not.toContain(deleted.id);
    expect(rows.find((row) => row.id === active.id)?.lastRun).toMatchObject({
      id: runId,
      status: 'succeeded',
      message: 'Sent 3 vendor e-mails',
    });
    expect((await get(active.id)).json().lastRun).toMatchObject({ id: runId });
  });

  it('answers 404 for an unknown or deleted source and 400 for a bad id', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
    const saved = await create({ sourceName: 'Gone' });
    await post(`/api/order-submission/sources/delete/${saved.id}`);
    expect((await get(saved.id)).statusCode).toBe(404);
  });
});

describe('delete and active toggle', () => {
  it('soft-deletes: the row stays, marked deleted and inactive; a second delete is 404', async () => {
    const saved = await create({ sourceName: 'To delete' });
    expect((await post(`/api/order-submission/sources/delete/${saved.id}`)).statusCode).toBe(204);
    const [row] = await t.db.db
      .select()
      .from(schema.orderSubmissionSources)
      .where(eq(schema.orderSubmissionSources.id, saved.id));
    expect(row).toMatchObject({ deletedStatus: true, activeStatus: false });
    expect((await post(`/api/order-submission/sources/delete/${saved.id}`)).statusCode).toBe(404);
    expect((await post('/api/order-submission/sources/delete/x')).statusCode).toBe(400);
  });

  it('is refused while a live vendor has the source as its parent, naming the vendor', async () => {
    const saved = await create({ sourceName: 'Parent of a vendor' });
    await t.db.db.insert(schema.orderVendorSources).values({
      orderSubmissionSourceId: saved.id,
      vendorNameFromFile: 'Child Vendor Co',
      submitEmails: 'po@child.example',
      submitEmailSubjectLine: 'Orders',
      fieldMapping: {},
    });
    const refused = await post(`/api/order-submission/sources/delete/${saved.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This order submission source is the parent of vendor source "Child Vendor Co". Move or delete it first.',
    );
    expect((await get(saved.id)).statusCode).toBe(200);
  });

  it('really switches activeStatus, refuses a bad body and unknown ids', async () => {
    const saved = await create({ sourceName: 'Toggle me' });
    const off = await post(`/api/order-submission/sources/${saved.id}/active`, submissionUser, {
      activeStatus: false,
    });
    expect(off.json()).toEqual({ id: saved.id, activeStatus: false });
    expect((await get(saved.id)).json().activeStatus).toBe(false);
    const bad = await post(`/api/order-submission/sources/${saved.id}/active`, submissionUser, {
      activeStatus: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(saved.id)).json().activeStatus).toBe(false);
    const unknown = await post('/api/order-submission/sources/999999/active', submissionUser, {
      activeStatus: true,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/order-submission/order-submission-list', () => {
  it('pairs the live sources by name and id, without deleted ones', async () => {
    const kept = await create({ sourceName: 'Picker kept' });
    const gone = await create({ sourceName: 'Picker gone' });
    await post(`/api/order-submission/sources/delete/${gone.id}`);
    const response = await t.as(submissionUser).get('/api/order-submission/order-submission-list');
    const pairs = response.json() as Array<{ item1: string; item2: number }>;
    expect(pairs).toContainEqual({ item1: 'Picker kept', item2: kept.id });
    expect(pairs.some((pair) => pair.item2 === gone.id)).toBe(false);
  });
});

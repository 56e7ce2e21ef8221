import { ORDER_MAPPING_FIELDS, UNIQUE_COLUMN_VALUES } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import { orderTrackingSourceBody } from '../../../test/payloads';

let t: TestApp;
let orderUser: Session;
let inventoryUser: Session;
let admin: Session;
let emailSourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  orderUser = (await t.signIn({ orderUser: true })).session;
  inventoryUser = (await t.signIn({ inventoryUser: true, orderUser: false })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  const mailbox = await insertEmailSource(t.db.db, {
    username: 'Shipments mailbox',
    email: 'shipments@retailer.example',
  });
  emailSourceId = mailbox!.id;
});
afterAll(async () => {
  await t.close();
});

/** The body the spec's client sends (docs/behaviour/sources.md#order-tracking-source-editor): `Id`, numbers or null, the e-mail source's id. */
function sourceBody(overrides: Record<string, unknown> = {}) {
  const { id, ...fields } = orderTrackingSourceBody(emailSourceId);
  return { Id: id, ...fields, ...overrides };
}

const save = (payload: unknown, session: Session = orderUser) =>
  t.as(session).post('/api/order-tracking-sources/save', payload as Record<string, unknown>);

const get = (id: number | string, session: Session = orderUser) =>
  t.app.inject({ method: 'GET', url: `/api/order-tracking-sources/get/${id}`, headers: session.headers });

const list = async (session: Session = orderUser) => {
  const response = await t.as(session).get('/api/order-tracking-sources/active');
  expect(response.statusCode).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

async function create(overrides: Record<string, unknown> = {}) {
  const response = await save(sourceBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number } & Record<string, unknown>;
}

const rowCount = async () => (await t.db.db.select().from(schema.orderTrackingSources)).length;

/** Posts a bad body and proves it is refused with field messages and that nothing was stored. */
async function expectRefused(payload: unknown, fields: Record<string, unknown>) {
  const before = await rowCount();
  const response = await save(payload);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  for (const [field, message] of Object.entries(fields)) expect(body.fields?.[field], field).toEqual(message);
  expect(await rowCount()).toBe(before);
  return body as { message: string; fields: Record<string, string> };
}

describe('who may call the order tracking source routes', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/order-tracking-sources/active' },
    { method: 'GET' as const, url: '/api/order-tracking-sources/get/1' },
    { method: 'POST' as const, url: '/api/order-tracking-sources/save', payload: {} },
    { method: 'POST' as const, url: '/api/order-tracking-sources/delete/1' },
    { method: 'POST' as const, url: '/api/order-tracking-sources/1/active', payload: { activeStatus: true } },
  ];

  it('refuses users without the order flag (403) and callers without a session (401)', async () => {
    await expectRefusedWithoutRole(t, routes, inventoryUser);
  });

  it('lets order users and admins in', async () => {
    const source = await create({ sourceName: 'Access check' });
    for (const session of [orderUser, admin]) {
      expect((await get(source.id, session)).statusCode).toBe(200);
      expect((await list(session)).some((item) => item.id === source.id)).toBe(true);
    }
  });
});

describe('POST /api/order-tracking-sources/save', () => {
  it('creates a source from the spec client body (Id 0) and returns it as stored', async () => {
    const saved = await create();
    // Every field comes back as sent (the mapping is checked below, with its own id).
    const { Id: _id, columnNormalizationValues: _mapping, ...sent } = sourceBody();
    expect(saved).toMatchObject({ id: expect.any(Number), ...sent });
    expect(saved.id).toBeGreaterThan(0);
    const fetched = await get(saved.id);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(saved);
  });

  it('keeps a pinned text encoding (none by default) and refuses one it does not know', async () => {
    expect(await create()).toMatchObject({ textEncoding: '' });
    const pinned = await create({ textEncoding: 'iso-8859-7' });
    expect((await get(pinned.id)).json()).toMatchObject({ textEncoding: 'iso-8859-7' });
    await expectRefused(sourceBody({ textEncoding: 'klingon' }), {
      textEncoding: 'Choose one of the listed encodings',
    });
  });

  it('returns every mapping field as a string, with the source id as the mapping id', async () => {
    const saved = await create();
    const { columnNormalizationValues: mapping } = (await get(saved.id)).json();
    expect(Object.keys(mapping).sort()).toEqual(['id', ...ORDER_MAPPING_FIELDS].sort());
    expect(mapping.id).toBe(saved.id);
    for (const field of ORDER_MAPPING_FIELDS) expect(typeof mapping[field], field).toBe('string');
    expect(mapping).toMatchObject({
      customerPoNumber: 'PO Number',
      trackingNumbers: 'Tracking',
      brandName: '',
    });
  });

  it('updates with either id casing and keeps one row', async () => {
    const saved = await create({ sourceName: 'Casing' });
    const before = await rowCount();
    const withCapital = await save(sourceBody({ Id: saved.id, sourceName: 'Casing (Id)' }));
    expect(withCapital.statusCode).toBe(200);
    expect(withCapital.json()).toMatchObject({ id: saved.id, sourceName: 'Casing (Id)' });
    const { Id: _ignored, ...lowerCaseBody } = sourceBody({ sourceName: 'Casing (id)' });
    const withLower = await save({ ...lowerCaseBody, id: saved.id });
    expect(withLower.json()).toMatchObject({ id: saved.id, sourceName: 'Casing (id)' });
    expect(await rowCount()).toBe(before);
  });

  it('takes numbers, numeric text and empty values, and answers numbers or null', async () => {
    const fromText = await create({
      expectedAttachmentCount: '2',
      deleteAfterDays: '14',
      headerRowIndex: '3',
    });
    expect(fromText).toMatchObject({ expectedAttachmentCount: 2, deleteAfterDays: 14, headerRowIndex: 3 });
    const empty = await create({ expectedAttachmentCount: '', deleteAfterDays: null, headerRowIndex: '' });
    expect(empty).toMatchObject({
      expectedAttachmentCount: null,
      deleteAfterDays: null,
      headerRowIndex: null,
    });
    const fetched = (await get(empty.id)).json();
    expect(fetched.expectedAttachmentCount).toBeNull();
    expect(fetched.deleteAfterDays).toBeNull();
    await expectRefused(sourceBody({ deleteAfterDays: 2.5 }), { deleteAfterDays: 'Must be a whole number' });
    await expectRefused(sourceBody({ expectedAttachmentCount: -1 }), {
      expectedAttachmentCount: 'Must be at least 0',
    });
  });

  it('allows at most one secondary delimiter character', async () => {
    expect((await create({ secondaryDelimiter: '' })).secondaryDelimiter).toBe('');
    expect((await create({ secondaryDelimiter: '|' })).secondaryDelimiter).toBe('|');
    await expectRefused(sourceBody({ secondaryDelimiter: '||' }), {
      secondaryDelimiter: 'At most 1 character',
    });
  });

  it('accepts each unique column choice by value and refuses anything else', async () => {
    for (const value of UNIQUE_COLUMN_VALUES) {
      expect((await create({ uniqueColumn: value })).uniqueColumn).toBe(value);
    }
    // 'Quantity' is the label of QTY, not a value.
    await expectRefused(sourceBody({ uniqueColumn: 'Quantity' }), { uniqueColumn: 'Required' });
    await expectRefused(sourceBody({ uniqueColumn: '' }), { uniqueColumn: 'Required' });
  });

  it('needs 0-based column indexes when the file has no header, and then stores no header row index', async () => {
    const body = await expectRefused(
      sourceBody({
        fileHasHeader: false,
        columnNormalizationValues: { customerPoNumber: '0', trackingNumbers: 'Tracking', shippedDate: 'B' },
      }),
      {
        'columnNormalizationValues.trackingNumbers':
          'Enter a 0-based column index (the file has no header row)',
        'columnNormalizationValues.shippedDate': 'Enter a 0-based column index (the file has no header row)',
      },
    );
    expect(body.fields['columnNormalizationValues.customerPoNumber']).toBeUndefined();
    expect(body.message).toContain('columnNormalizationValues.trackingNumbers');

    const saved = await create({
      fileHasHeader: false,
      headerRowIndex: 2,
      columnNormalizationValues: { customerPoNumber: '0', trackingNumbers: '4', shippingCompany: '12' },
    });
    expect(saved).toMatchObject({ fileHasHeader: false, headerRowIndex: null });
    expect(saved.columnNormalizationValues).toMatchObject({ customerPoNumber: '0', trackingNumbers: '4' });
  });

  it('normalises the file type and refuses types it cannot read', async () => {
    expect((await create({ fileType: 'csv' })).fileType).toBe('.csv');
    expect((await create({ fileType: '.XLSX' })).fileType).toBe('.xlsx');
    expect((await create({ fileType: 'xls' })).fileType).toBe('.xls');
    await expectRefused(sourceBody({ fileType: '.txt' }), {
      fileType: 'File type must be one of .csv, .xls, .xlsx',
    });
  });

  it('refuses a missing or unknown e-mail source', async () => {
    await expectRefused(sourceBody({ emailSourceId: null }), { emailSourceId: 'Required' });
    await expectRefused(sourceBody({ emailSourceId: '' }), { emailSourceId: 'Required' });
    const unknown = await expectRefused(sourceBody({ emailSourceId: 987_654 }), {
      emailSourceId: 'Required',
    });
    expect(unknown.message).toContain('Email source 987654 does not exist');
  });

  it('names every missing or invalid required field and stores nothing', async () => {
    await expectRefused(
      sourceBody({ sourceName: '', fileType: '', fromEmail: '', subjectValue: '', attachmentName: '' }),
      {
        sourceName: 'Required',
        fileType: 'Required',
        fromEmail: 'Required',
        subjectValue: 'Required',
        attachmentName: 'Required',
      },
    );
    const missing = await expectRefused({ Id: 0 }, { emailSourceId: 'Required', uniqueColumn: 'Required' });
    expect(Object.keys(missing.fields)).toEqual(
      expect.arrayContaining(['sourceName', 'fileType', 'fromEmail', 'subjectValue', 'attachmentName']),
    );
    await expectRefused(sourceBody({ fromEmail: 'not-an-address' }), {
      fromEmail: 'Enter a valid email address',
    });
    await expectRefused(sourceBody({ subjectValue: 'ab', fileType: 'cs' }), {
      subjectValue: 'Required',
      fileType: 'Required',
    });
    await expectRefused(sourceBody({ attachmentName: '' }), { attachmentName: 'Required' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/order-tracking-sources/save',
      headers: { ...orderUser.headers, 'content-type': 'application/json' },
      payload: '{"Id": 0,',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 when saving an unknown id', async () => {
    const before = await rowCount();
    const response = await save(sourceBody({ Id: 999_999 }));
    expect(response.statusCode).toBe(404);
    expect(await rowCount()).toBe(before);
  });
});

describe('GET /api/order-tracking-sources/active and get/{id}', () => {
  it('lists live sources by name with the mapped shipping company or null', async () => {
    const zebra = await create({ sourceName: 'zebra freight' });
    const alpha = await create({
      sourceName: 'Alpha parcels',
      columnNormalizationValues: { customerPoNumber: 'PO', shippingCompany: '' },
    });
    const items = await list();
    const names = items.map((item) => String(item.sourceName));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(items.find((item) => item.id === alpha.id)).toEqual({
      id: alpha.id,
      sourceName: 'Alpha parcels',
      activeStatus: true,
      fileType: '.csv',
      fromEmail: 'reports@acme.example',
      expectedAttachmentCount: 1,
      subjectValue: 'Daily shipment report',
      attachmentName: 'shipments_*.csv',
      shippingCompany: null,
      lastRun: null,
    });
    expect(items.find((item) => item.id === zebra.id)?.shippingCompany).toBe('Carrier');
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    const bad = await get('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ sourceId: 'Invalid id' });
  });
});

describe('POST /api/order-tracking-sources/delete/{id}', () => {
  it('soft-deletes: hidden from the list and get, kept in the table for its orders and runs', async () => {
    const doomed = await create({ sourceName: 'Soon gone' });
    const deleted = await t.as(orderUser).post(`/api/order-tracking-sources/delete/${doomed.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await list()).some((item) => item.id === doomed.id)).toBe(false);
    expect((await get(doomed.id)).statusCode).toBe(404);
    const [row] = await t.db.db
      .select()
      .from(schema.orderTrackingSources)
      .where(eq(schema.orderTrackingSources.id, doomed.id));
    expect(row).toMatchObject({ deletedStatus: true, activeStatus: false, sourceName: 'Soon gone' });

    const again = await t.as(orderUser).post(`/api/order-tracking-sources/delete/${doomed.id}`);
    expect(again.statusCode).toBe(404);
    // A deleted source cannot be saved back to life, even when the body says deletedStatus false.
    expect((await save(sourceBody({ Id: doomed.id }))).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.as(orderUser).post('/api/order-tracking-sources/delete/999999');
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/order-tracking-sources/{id}/active', () => {
  const toggle = (id: number | string, payload: unknown) =>
    t.as(orderUser).post(`/api/order-tracking-sources/${id}/active`, payload as Record<string, unknown>);

  it('switches the stored active flag both ways', async () => {
    const source = await create({ sourceName: 'Toggle me' });
    const off = await toggle(source.id, { activeStatus: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: source.id, activeStatus: false });
    expect((await list()).find((item) => item.id === source.id)?.activeStatus).toBe(false);
    expect((await toggle(source.id, { activeStatus: true })).json()).toEqual({
      id: source.id,
      activeStatus: true,
    });
    expect((await get(source.id)).json().activeStatus).toBe(true);
  });

  it('refuses a body without a boolean and answers 404 for unknown or deleted sources', async () => {
    const source = await create({ sourceName: 'Toggle input' });
    const bad = await toggle(source.id, { activeStatus: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['activeStatus']);
    expect((await get(source.id)).json().activeStatus).toBe(true);
    expect((await toggle(999_999, { activeStatus: false })).statusCode).toBe(404);
    await t.as(orderUser).post(`/api/order-tracking-sources/delete/${source.id}`);
    expect((await toggle(source.id, { activeStatus: true })).statusCode).toBe(404);
  });
});

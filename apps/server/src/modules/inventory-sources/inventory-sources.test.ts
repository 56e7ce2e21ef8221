import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  INVENTORY_SOURCE_MESSAGES,
  MAX_UPLOAD_BYTES,
  PREDICTIVE_FIELDS,
  sftpSecretBinding,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpServer } from '../../../../../test-servers/sftp';
import { insertEmailSource, insertInventorySource } from '../../../test/factories';
import { startBannerServer, startSilentServer } from '../../../test/fake-servers';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import { inventoryFileDataBody, inventorySourceBody } from '../../../test/payloads';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url)));
const SAMPLES = {
  xlsx: fixture('inventory-sample.xlsx'),
  xls: fixture('inventory-sample.xls'),
  csv: fixture('inventory-sample.csv'),
};
const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv',
};

let t: TestApp;
let sftp: SftpTestServer;
let inventoryUser: Session;
let orderUser: Session;
let admin: Session;
let emailSourceId: number;

beforeAll(async () => {
  [t, sftp] = await Promise.all([
    createTestApp({ env: { CONNECT_TIMEOUT_SECONDS: '2' } }),
    startSftpServer(),
  ]);
  inventoryUser = (await t.signIn({ inventoryUser: true, orderUser: false })).session;
  orderUser = (await t.signIn({ orderUser: true })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  const mailbox = await insertEmailSource(t.db.db, {
    username: 'Stock mailbox',
    email: 'stock@retailer.example',
  });
  emailSourceId = mailbox!.id;
});
afterAll(async () => {
  await Promise.all([t?.close(), sftp?.stop()]);
});

type Body = Record<string, unknown> & { fileData: Record<string, unknown> };

/** The body the spec's client sends for a new source with a newly chosen sample file (docs/behaviour/sources.md#sample-file). */
function sourceBody(overrides: Record<string, unknown> = {}, fileData: Record<string, unknown> = {}): Body {
  return {
    ...inventorySourceBody(emailSourceId, {
      sourceName: 'Acme stock',
      fromEmail: 'stock@acme.example',
      daysUntilNoUpdateNotification: 3,
      subjectValue: 'Acme stock feed',
      itemNumberColumnName: 'SKU',
      stripLeadingZeroes: true,
    }),
    ...overrides,
    fileData: inventoryFileDataBody(SAMPLES.xlsx.toString('base64'), {
      userActivatedItemNumbers: '000123,004567,89012',
      ...fileData,
    }),
  };
}

const PREDICTIVE_ON = {
  usesPredictiveAlgorithm: true,
  lookbackDays: 30,
  minDataPoints: 3,
  safetyMultiplier: 1.5,
  safetyPadding: 2,
  largeDropThreshold: 50,
  largeDropMultiplier: 2,
};

const save = (payload: unknown, session: Session = inventoryUser) =>
  t.as(session).post('/api/inventory-sources/inventory/save', payload as Record<string, unknown>);

const get = (id: number | string, session: Session = inventoryUser) =>
  t.app.inject({ method: 'GET', url: `/api/inventory-sources/inventory/${id}`, headers: session.headers });

const remove = (id: number | string) => t.as(inventoryUser).post(`/api/inventory-sources/inventory/${id}`);

const downloadSample = (id: number | string) =>
  t.as(inventoryUser).get(`/api/inventory-sources/inventory/${id}/sample-file`);

const list = async (session: Session = inventoryUser) => {
  const response = await t.as(session).get('/api/inventory-sources/inventories');
  expect(response.statusCode).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

type SavedSource = { id: number; fileData: Record<string, unknown> } & Record<string, unknown>;

async function create(overrides: Record<string, unknown> = {}, fileData: Record<string, unknown> = {}) {
  const response = await save(sourceBody(overrides, fileData));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SavedSource;
}

/** The body the editor sends back when saving without choosing a new file: the loaded source as is. */
async function editBody(id: number, overrides: Record<string, unknown> = {}): Promise<Body> {
  const loaded = (await get(id)).json() as Body;
  return { ...loaded, ...overrides, fileData: { ...loaded.fileData, inventoryFile: null } };
}

async function storedCounts() {
  const sources = (await t.db.db.select({ id: schema.inventorySources.id }).from(schema.inventorySources))
    .length;
  const files = (await t.db.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles)).length;
  return { sources, files };
}

async function sourceRow(id: number) {
  const [row] = await t.db.db
    .select()
    .from(schema.inventorySources)
    .where(eq(schema.inventorySources.id, id));
  return row!;
}

/** Posts a bad body and proves it is refused with field messages and that nothing was stored. */
async function expectRefused(payload: unknown, fields: Record<string, unknown>) {
  const before = await storedCounts();
  const response = await save(payload);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { message: string; fields: Record<string, string> };
  for (const [field, message] of Object.entries(fields)) expect(body.fields?.[field], field).toEqual(message);
  expect(await storedCounts()).toEqual(before);
  return body;
}

describe('who may call the inventory source routes', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/inventory-sources/inventories' },
    { method: 'GET' as const, url: '/api/inventory-sources/inventory/1' },
    { method: 'GET' as const, url: '/api/inventory-sources/inventory/1/sample-file' },
    { method: 'POST' as const, url: '/api/inventory-sources/inventory/save', payload: {} },
    { method: 'POST' as const, url: '/api/inventory-sources/inventory/1' },
    { method: 'POST' as const, url: '/api/inventory-sources/1/active', payload: { activeStatus: true } },
    { method: 'POST' as const, url: '/api/inventory-sources/test-sftp', payload: {} },
    {
      method: 'POST' as const,
      url: '/api/inventory-sources/1/sftp-host-key/accept',
      payload: { fingerprint: 'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    },
  ];

  it('refuses users without the inventory flag (403) and callers without a session (401)', async () => {
    await expectRefusedWithoutRole(t, routes, orderUser);
  });

  it('lets inventory users and admins in', async () => {
    const source = await create({ sourceName: 'Access check' });
    for (const session of [inventoryUser, admin]) {
      expect((await get(source.id, session)).statusCode).toBe(200);
      expect((await list(session)).some((item) => item.id === source.id)).toBe(true);
    }
  });
});

describe('POST /api/inventory-sources/inventory/save: the sample file', () => {
  for (const kind of ['xlsx', 'xls', 'csv'] as const) {
    it(`keeps a LibreOffice .${kind} sample byte for byte and serves it back`, async () => {
      const fileName = `inventory-sample.${kind}`;
      const saved = await create(
        { sourceName: `Sample ${kind}`, fileType: `.${kind}` },
        { inventoryFile: SAMPLES[kind].toString('base64'), inventoryFileName: fileName },
      );
      expect(saved.fileData).toMatchObject({
        inventoryFileName: fileName,
        inventoryFileData: SAMPLES[kind].toString('base64'),
      });

      const loaded = (await get(saved.id)).json();
      expect(loaded.fileData.inventoryFileName).toBe(fileName);
      expect(Buffer.from(loaded.fileData.inventoryFileData, 'base64').equals(SAMPLES[kind])).toBe(true);

      const download = await downloadSample(saved.id);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(CONTENT_TYPES[kind]);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
      );
      expect(download.rawPayload.equals(SAMPLES[kind])).toBe(true);
    });
  }

  it('keeps the stored sample when an edit sends no new file, whatever data the client echoes', async () => {
    const saved = await create({ sourceName: 'Keep my sample' });
    const before = await storedCounts();
    const sampleFileId = (await sourceRow(saved.id)).sampleFileId;
    const body = await editBody(saved.id, { sourceName: 'Keep my sample (renamed)' });
    body.fileData.inventoryFileName = 'something-else.csv';
    body.fileData.inventoryFileData = Buffer.from('tampered,echo\n').toString('base64');
    const edited = await save(body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().fileData).toMatchObject({
      inventoryFileName: 'inventory-sample.xlsx',
      inventoryFileData: SAMPLES.xlsx.toString('base64'),
    });
    expect((await sourceRow(saved.id)).sampleFileId).toBe(sampleFileId);
    expect(await storedCounts()).toEqual(before);
    expect((await downloadSample(saved.id)).rawPayload.equals(SAMPLES.xlsx)).toBe(true);
  });

  it('replaces the sample when an edit sends a new file, and drops the replaced one', async () => {
    const saved = await create({ sourceName: 'Replace my sample' });
    const oldFileId = (await sourceRow(saved.id)).sampleFileId!;
    const before = await storedCounts();
    const body = await editBody(saved.id);
    body.fileData.inventoryFile = SAMPLES.csv.toString('base64');
    body.fileData.inventoryFileName = 'C:\\fakepath\\new-feed.csv';
    const edited = await save(body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().fileData.inventoryFileName).toBe('new-feed.csv');
    expect((await downloadSample(saved.id)).rawPayload.equals(SAMPLES.csv)).toBe(true);
    const replaced = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, oldFileId));
    expect(replaced).toEqual([]);
    expect(await storedCounts()).toEqual(before);
  });

  it('requires a sample file for a new source, with the spec message', async () => {
    const body = await expectRefused(sourceBody({}, { inventoryFile: null, inventoryFileName: '' }), {
      'fileData.inventoryFile': INVENTORY_SOURCE_MESSAGES.sampleFileRequired,
    });
    expect(body.message).toContain('Sample inventory file is required for new sources');
    // Echoed data is not a new file: a new source cannot be created from it.
    await expectRefused(
      sourceBody(
        {},
        {
          inventoryFile: '',
          inventoryFileName: 'inventory-sample.xlsx',
          inventoryFileData: SAMPLES.xlsx.toString('base64'),
        },
      ),
      { 'fileData.inventoryFile': INVENTORY_SOURCE_MESSAGES.sampleFileRequired },
    );
  });

  it('refuses files that are not .xls, .xlsx or .csv by name', async () => {
    for (const inventoryFileName of ['stock.pdf', 'stock.txt', 'stock', '']) {
      await expectRefused(sourceBody({}, { inventoryFileName }), {
        'fileData.inventoryFile': 'The sample file must be .xls, .xlsx or .csv',
      });
    }
  });

  it('refuses corrupt or disguised spreadsheets with a clear message', async () => {
    const cases = [
      { name: 'corrupt.xlsx', content: fixture('corrupt.xlsx'), type: '.xlsx' },
      { name: 'truncated.xls', content: SAMPLES.xls.subarray(0, 3000), type: '.xls' },
      { name: 'truncated.xlsx', content: SAMPLES.xlsx.subarray(0, 2500), type: '.xlsx' },
      { name: 'plain-text.xlsx', content: Buffer.from('Item Number,Status\n1,Active\n'), type: '.xlsx' },
      { name: 'workbook-named.xls', content: SAMPLES.xlsx, type: '.xls' },
      { name: 'binary.csv', content: fixture('corrupt.xlsx'), type: '.csv' },
    ];
    for (const { name, content, type } of cases) {
      const body = await expectRefused(
        sourceBody({}, { inventoryFile: content.toString('base64'), inventoryFileName: name }),
        {
          'fileData.inventoryFile': `The sample file could not be read as a ${type} spreadsheet: it is damaged or not really a ${type} file`,
        },
      );
      expect(body.message, name).toContain('fileData.inventoryFile');
    }
  });

  it('refuses empty files, text that is not base64, and files over 10 MB', async () => {
    await expectRefused(sourceBody({}, { inventoryFile: '', inventoryFileName: 'x.csv' }), {
      'fileData.inventoryFile': INVENTORY_SOURCE_MESSAGES.sampleFileRequired,
    });
    await expectRefused(sourceBody({}, { inventoryFile: '====', inventoryFileName: 'x.csv' }), {
      'fileData.inventoryFile': 'The sample file could not be decoded: send its content as base64',
    });
    await expectRefused(sourceBody({}, { inventoryFile: 'not base64 at all!', inventoryFileName: 'x.csv' }), {
      'fileData.inventoryFile': 'The sample file could not be decoded: send its content as base64',
    });
    const tooBig = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a');
    await expectRefused(
      sourceBody({}, { inventoryFile: tooBig.toString('base64'), inventoryFileName: 'big.csv' }),
      {
        'fileData.inventoryFile': 'File size must be less than 10MB',
      },
    );
  });

  it('accepts a sample of exactly 10 MB', async () => {
    const header = 'Item Number,Status,Status Date\n';
    const row = '000123,Active,2024-01-15\n';
    const rows = row.repeat(Math.floor((MAX_UPLOAD_BYTES - header.length) / row.length));
    const content = Buffer.from(header + rows + 'x'.repeat(MAX_UPLOAD_BYTES - header.length - rows.length));
    expect(content.length).toBe(MAX_UPLOAD_BYTES);
    const saved = await create(
      { sourceName: 'Large sample', fileType: '.csv' },
      { inventoryFile: content.toString('base64'), inventoryFileName: 'large.csv' },
    );
    expect((await downloadSample(saved.id)).rawPayload.length).toBe(MAX_UPLOAD_BYTES);
  });
});

describe('POST /api/inventory-sources/inventory/save: the other fields', () => {
  it('keeps a pinned text encoding for its CSV files', async () => {
    const saved = await create({ sourceName: 'Greek supplier', textEncoding: 'windows-1253' });
    expect((await get(saved.id)).json()).toMatchObject({ textEncoding: 'windows-1253' });
    const response = await save(sourceBody({ sourceName: 'Unknown encoding', textEncoding: 'klingon' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ textEncoding: 'Choose one of the listed encodings' });
  });

  it('creates a source and returns it as stored, without a password', async () => {
    const saved = await create({ sourceName: 'Full source', fileType: 'XLSX' });
    expect(saved).toMatchObject({
      id: expect.any(Number),
      sourceName: 'Full source',
      emailSourceId,
      fileType: '.xlsx',
      textEncoding: '',
      fromEmail: 'stock@acme.example',
      daysUntilNoUpdateNotification: 3,
      expectedAttachmentCount: 1,
      subjectValue: 'Acme stock feed',
      attachmentName: 'stock_*.xlsx',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
      minItemsToBeActive: 2,
      stripLeadingZeroes: true,
      sftpPassword: '',
      sftpPasswordSet: false,
      driftGuardPercent: 50,
      activeStatus: true,
      fileData: {
        userActivatedItemNumbers: '000123,004567,89012',
        activeStatus: true,
        headerRowIndex: 0,
        fileHasHeader: true,
        itemNumberColumnName: 'Item Number',
        itemStatusColumnName: 'Status',
        itemStatusDateColumnName: 'Status Date',
      },
    });
    expect(saved.fileData).not.toHaveProperty('inventoryFile');
    expect((await get(saved.id)).json()).toEqual(saved);
  });

  it('names each required field with the spec messages and stores nothing', async () => {
    await expectRefused(
      sourceBody(
        {
          sourceName: '',
          emailSourceId: '',
          fileType: '',
          fromEmail: '',
          subjectValue: '',
          attachmentName: '',
          itemNumberColumnName: '',
          qtyColumnName: '',
        },
        {
          userActivatedItemNumbers: '',
          itemNumberColumnName: '',
          itemStatusColumnName: '',
          itemStatusDateColumnName: '',
        },
      ),
      {
        sourceName: 'Source name is required',
        emailSourceId: 'Email source is required',
        fileType: 'File type is required',
        fromEmail: 'From email is required',
        subjectValue: 'Subject value is required',
        attachmentName: 'Attachment name is required',
        itemNumberColumnName: 'Item number column is required',
        qtyColumnName: 'Quantity column is required',
        'fileData.userActivatedItemNumbers': 'User activated items are required',
        'fileData.itemNumberColumnName': 'Item number column is required',
        'fileData.itemStatusColumnName': 'Item status column is required',
        'fileData.itemStatusDateColumnName': 'Item status date column is required',
      },
    );
    await expectRefused(sourceBody({ fromEmail: 'stock at acme' }), {
      fromEmail: 'Enter a valid email address',
    });
    await expectRefused(
      { id: 0 },
      { sourceName: 'Source name is required', emailSourceId: 'Email source is required' },
    );
  });

  it('refuses an e-mail source that does not exist', async () => {
    const body = await expectRefused(sourceBody({ emailSourceId: 987_654 }), {
      emailSourceId: 'Email source is required',
    });
    expect(body.message).toContain('Email source 987654 does not exist');
  });

  it('normalises the file type and refuses types it cannot read', async () => {
    expect((await create({ fileType: 'csv' })).fileType).toBe('.csv');
    await expectRefused(sourceBody({ fileType: '.pdf' }), {
      fileType: 'File type must be one of .csv, .xls, .xlsx',
    });
  });

  it('needs column indexes when the supplier file has no header', async () => {
    await expectRefused(
      sourceBody({
        fileHasHeader: false,
        itemNumberColumnName: 'SKU',
        qtyColumnName: '2',
        itemStatusColumnName: 'C',
      }),
      {
        itemNumberColumnName: 'Enter a 0-based column index (the file has no header row)',
        itemStatusColumnName: 'Enter a 0-based column index (the file has no header row)',
        qtyColumnName: undefined,
      },
    );
    const saved = await create({
      fileHasHeader: false,
      itemNumberColumnName: '0',
      qtyColumnName: '2',
      itemStatusColumnName: '',
    });
    expect(saved).toMatchObject({ fileHasHeader: false, itemNumberColumnName: '0', qtyColumnName: '2' });
  });

  it('needs column indexes when the generated file has no header, and then stores no header row index', async () => {
    await expectRefused(sourceBody({}, { fileHasHeader: false }), {
      'fileData.itemNumberColumnName': 'Enter a 0-based column index (the file has no header row)',
      'fileData.itemStatusColumnName': 'Enter a 0-based column index (the file has no header row)',
      'fileData.itemStatusDateColumnName': 'Enter a 0-based column index (the file has no header row)',
    });
    const saved = await create(
      {},
      {
        fileHasHeader: false,
        headerRowIndex: 1,
        itemNumberColumnName: '0',
        itemStatusColumnName: '1',
        itemStatusDateColumnName: '2',
      },
    );
    expect(saved.fileData).toMatchObject({
      fileHasHeader: false,
      headerRowIndex: null,
      itemStatusDateColumnName: '2',
    });
  });

  it('keeps the drift guard at 50% unless a share is given', async () => {
    expect((await create({ driftGuardPercent: null })).driftGuardPercent).toBe(50);
    expect((await create({ driftGuardPercent: 30 })).driftGuardPercent).toBe(30);
    await expectRefused(sourceBody({ driftGuardPercent: 0 }), { driftGuardPercent: expect.any(String) });
  });

  it('answers 404 when saving an unknown or deleted id', async () => {
    expect((await save(sourceBody({ id: 999_999 }))).statusCode).toBe(404);
    const doomed = await create({ sourceName: 'Deleted before edit' });
    const body = await editBody(doomed.id);
    expect((await remove(doomed.id)).statusCode).toBe(204);
    const before = await storedCounts();
    expect((await save(body)).statusCode).toBe(404);
    expect(await storedCounts()).toEqual(before);
  });
});

describe('POST /api/inventory-sources/inventory/save: predictive settings', () => {
  it('accepts the limits of each range', async () => {
    const low = await create({
      ...PREDICTIVE_ON,
      lookbackDays: 1,
      minDataPoints: 1,
      safetyMultiplier: 1.0,
      safetyPadding: 0,
      largeDropThreshold: 1,
      largeDropMultiplier: 1.0,
    });
    expect(low).toMatchObject({ lookbackDays: 1, safetyMultiplier: 1, safetyPadding: 0 });
    const high = await create({
      ...PREDICTIVE_ON,
      lookbackDays: 365,
      minDataPoints: 100,
      safetyMultiplier: 5.0,
      safetyPadding: 10_000,
      largeDropThreshold: 100_000,
      largeDropMultiplier: 5.0,
    });
    expect(high).toMatchObject({
      lookbackDays: 365,
      minDataPoints: 100,
      safetyMultiplier: 5,
      largeDropMultiplier: 5,
    });
    const decimals = await create({ ...PREDICTIVE_ON, safetyMultiplier: 1.3, largeDropMultiplier: '2.7' });
    expect(decimals).toMatchObject({ safetyMultiplier: 1.3, largeDropMultiplier: 2.7 });
  });

  it('refuses values just outside each range and names the field', async () => {
    const message = (min: number, max: number) => `Enter a value from ${min} to ${max}`;
    await expectRefused(sourceBody({ ...PREDICTIVE_ON, lookbackDays: 0 }), { lookbackDays: message(1, 365) });
    await expectRefused(sourceBody({ ...PREDICTIVE_ON, lookbackDays: 366 }), {
      lookbackDays: message(1, 365),
    });
    await expectRefused(sourceBody({ ...PREDICTIVE_ON, safetyMultiplier: 5.1 }), {
      safetyMultiplier: message(1, 5),
    });
    await expectRefused(sourceBody({ ...PREDICTIVE_ON, safetyMultiplier: 0.9 }), {
      safetyMultiplier: message(1, 5),
    });
    await expectRefused(
      sourceBody({
        ...PREDICTIVE_ON,
        minDataPoints: 101,
        safetyPadding: -1,
        largeDropThreshold: 100_001,
        largeDropMultiplier: 5.5,
      }),
      {
        minDataPoints: message(1, 100),
        safetyPadding: message(0, 10000),
        largeDropThreshold: message(1, 100000),
        largeDropMultiplier: message(1, 5),
      },
    );
  });

  it('requires every predictive field when the algorithm is on', async () => {
    const nulls = Object.fromEntries(PREDICTIVE_FIELDS.map((field) => [field, null]));
    await expectRefused(
      sourceBody({ ...PREDICTIVE_ON, ...nulls }),
      Object.fromEntries(
        PREDICTIVE_FIELDS.map((field) => [field, INVENTORY_SOURCE_MESSAGES.predictiveRequired]),
      ),
    );
  });
});

describe('the SFTP password', () => {
  it('is stored encrypted, never returned, and kept when saved blank', async () => {
    const saved = await create({
      sftpServerAddress: 'sftp.acme.example',
      sftpPort: 2222,
      sftpUsername: 'acme',
      sftpPassword: 'acme-sftp-secret',
    });
    expect(saved).toMatchObject({ sftpPassword: '', sftpPasswordSet: true, sftpPort: 2222 });
    const fetched = await get(saved.id);
    expect(fetched.body).not.toContain('acme-sftp-secret');
    expect(fetched.json()).toMatchObject({ sftpPassword: '', sftpPasswordSet: true });

    const stored = (await sourceRow(saved.id)).sftpPasswordEncrypted!;
    expect(stored).not.toContain('acme-sftp-secret');
    expect(openStored(await sourceRow(saved.id))).toBe('acme-sftp-secret');

    const kept = await save(await editBody(saved.id, { sftpPassword: '', sftpInboundFolder: 'in' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await sourceRow(saved.id)).sftpPasswordEncrypted).toBe(stored);

    await save(await editBody(saved.id, { sftpPassword: 'rotated-secret' }));
    expect(openStored(await sourceRow(saved.id))).toBe('rotated-secret');
  });

  it('follows its server: a new address, port or user with the password blank is a 400, nothing stored', async () => {
    const saved = await create({
      sftpServerAddress: 'sftp.acme.example',
      sftpPort: 2222,
      sftpUsername: 'acme',
      sftpPassword: 'acme-sftp-secret',
    });
    const before = await sourceRow(saved.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sftpServerAddress: 'sftp.attacker.example' }, 'SFTP server address changed'],
      [{ sftpPort: 2223 }, 'SFTP port changed'],
      [{ sftpUsername: 'root' }, 'SFTP username changed'],
      [{ sftpServerAddress: '127.0.0.1', sftpPort: 22 }, 'SFTP server address and SFTP port changed'],
    ];
    for (const [change, changed] of cases) {
      const response = await save(await editBody(saved.id, { ...change, sftpPassword: '' }));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().fields).toEqual({ sftpPassword: `${changed}: enter the SFTP password again.` });
    }
    expect(await sourceRow(saved.id)).toEqual(before);

    // The same server written differently is the same server.
    const same = await save(
      await editBody(saved.id, { sftpServerAddress: ' SFTP.Acme.example ', sftpPassword: '' }),
    );
    expect(same.statusCode, same.body).toBe(200);

    // With the password typed again the change is stored, sealed to the new server.
    const moved = await save(
      await editBody(saved.id, { sftpServerAddress: 'sftp2.acme.example', sftpPassword: 'acme-sftp-secret' }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(openStored(await sourceRow(saved.id))).toBe('acme-sftp-secret');

    // Removing the server removes its password.
    const removed = await save(await editBody(saved.id, { sftpServerAddress: '', sftpPassword: '' }));
    expect(removed.json()).toMatchObject({ sftpServerAddress: '', sftpPasswordSet: false });
    expect((await sourceRow(saved.id)).sftpPasswordEncrypted).toBeNull();
  });
});

function openStored(row: typeof schema.inventorySources.$inferSelect): string {
  return t.app.context.secrets.open(row.sftpPasswordEncrypted!, sftpSecretBinding(row));
}

describe('GET /api/inventory-sources/inventories and inventory/{id}', () => {
  it('lists live sources by name with the list columns', async () => {
    const bravo = await create({ sourceName: 'bravo supplies' });
    await create({ sourceName: 'Alpha wholesale' });
    const items = await list();
    const names = items.map((item) => String(item.sourceName));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(items.find((item) => item.id === bravo.id)).toEqual({
      id: bravo.id,
      sourceName: 'bravo supplies',
      activeStatus: true,
      fileType: '.xlsx',
      fromEmail: 'stock@acme.example',
      expectedAttachmentCount: 1,
      subjectValue: 'Acme stock feed',
      attachmentName: 'stock_*.xlsx',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
      minItemsToBeActive: 2,
      lastRun: null,
    });
  });

  it('answers 404 for an unknown id, 400 for a malformed one', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
  });
});

describe('POST /api/inventory-sources/inventory/{id} (delete)', () => {
  it('soft-deletes: hidden from list, get and download, kept in the table', async () => {
    const doomed = await create({ sourceName: 'Soon gone' });
    const response = await remove(doomed.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list()).some((item) => item.id === doomed.id)).toBe(false);
    expect((await get(doomed.id)).statusCode).toBe(404);
    expect((await downloadSample(doomed.id)).statusCode).toBe(404);
    const row = await sourceRow(doomed.id);
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.activeStatus).toBe(false);
    expect((await remove(doomed.id)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await remove(999_999)).statusCode).toBe(404);
  });
});

describe('GET /api/inventory-sources/inventory/{id}/sample-file', () => {
  it('answers 404 when the source has no sample', async () => {
    const row = await insertInventorySource(t.db.db, {
      sourceName: 'No sample yet',
      fileType: '.csv',
      fromEmail: 'x@example.com',
      subjectValue: 'x',
      attachmentName: 'x.csv',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
    });
    const response = await downloadSample(row!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This inventory source has no sample file');
    expect((await downloadSample(999_999)).statusCode).toBe(404);
    // An edit of such a source must bring a sample.
    const edit = await editBody(row!.id, { emailSourceId });
    Object.assign(edit.fileData, {
      userActivatedItemNumbers: '000123',
      itemNumberColumnName: 'Item Number',
      itemStatusColumnName: 'Status',
      itemStatusDateColumnName: 'Status Date',
    });
    await expectRefused(edit, { 'fileData.inventoryFile': INVENTORY_SOURCE_MESSAGES.sampleFileRequired });
  });
});

describe('POST /api/inventory-sources/{id}/active', () => {
  const toggle = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/inventory-sources/${id}/active`,
      headers: inventoryUser.headers,
      payload,
    });

  it('switches the stored active flag and refuses a bad body or an unknown source', async () => {
    const source = await create({ sourceName: 'Toggle me' });
    const off = await toggle(source.id, { activeStatus: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: source.id, activeStatus: false });
    expect((await list()).find((item) => item.id === source.id)?.activeStatus).toBe(false);
    const bad = await toggle(source.id, {});
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['activeStatus']);
    expect((await get(source.id)).json().activeStatus).toBe(false);
    expect((await toggle(999_999, { activeStatus: true })).statusCode).toBe(404);
  });
});

describe('POST /api/inventory-sources/test-sftp against a real OpenSSH server', () => {
  const testSftp = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inventory-sources/test-sftp',
      headers: inventoryUser.headers,
      payload,
    });
  const card = () => ({
    id: 0,
    sftpServerAddress: sftp.host,
    sftpPort: sftp.port,
    sftpUsername: sftp.username,
    sftpPassword: sftp.password,
    sftpInboundFolder: 'inbound',
  });

  beforeAll(async () => {
    await sftp.putFile('inbound/stock_2024-01-15.xlsx', SAMPLES.xlsx);
    await sftp.putFile('inbound/stock_2024-01-16.csv', SAMPLES.csv);
    await sftp.makeFolder('inbound/processed');
  });

  it('logs in, lists the inbound folder and says so', async () => {
    const response = await testSftp(card());
    expect(response.statusCode).toBe(200);
    const result = response.json();
    const folder = `${sftp.root}/inbound`;
    expect(result).toMatchObject({
      ok: true,
      message: `Connected to 127.0.0.1:${sftp.port} as ${sftp.username}; 3 entries in ${folder}`,
      folder,
    });
    expect(result.entries.map((entry: { name: string; type: string }) => [entry.name, entry.type])).toEqual([
      ['processed', 'directory'],
      ['stock_2024-01-15.xlsx', 'file'],
      ['stock_2024-01-16.csv', 'file'],
    ]);
    expect(result.entries[1].size).toBe(SAMPLES.xlsx.length);
  });

  it('lists the landing folder when no inbound folder is set', async () => {
    const result = (await testSftp({ ...card(), sftpInboundFolder: '' })).json();
    expect(result).toMatchObject({ ok: true, folder: sftp.root });
    expect(result.entries.map((entry: { name: string }) => entry.name)).toContain('inbound');
  });

  it('uses the stored password when the card leaves it blank, only on the saved server', async () => {
    const saved = await create({
      sftpServerAddress: sftp.host,
      sftpPort: sftp.port,
      sftpUsername: sftp.username,
      sftpPassword: sftp.password,
    });
    const result = (await testSftp({ ...card(), id: saved.id, sftpPassword: '' })).json();
    expect(result.ok).toBe(true);

    // Pointed elsewhere with the password blank: refused before anything is contacted.
    const elsewhere = await startSilentServer();
    try {
      for (const change of [
        { sftpPort: elsewhere.port },
        { sftpUsername: 'root' },
        { sftpServerAddress: 'localhost' },
      ]) {
        const refused = await testSftp({ ...card(), id: saved.id, sftpPassword: '', ...change });
        expect(refused.statusCode, JSON.stringify(change)).toBe(400);
        expect(Object.keys(refused.json().fields)).toEqual(['sftpPassword']);
        expect(refused.json().fields.sftpPassword).toMatch(/ changed: enter the SFTP password again\.$/);
      }
      expect(elsewhere.connections()).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('answers ok false with the reason for a wrong password, a closed port or a missing folder', async () => {
    const wrongPassword = (await testSftp({ ...card(), sftpPassword: 'wrong-password' })).json();
    expect(wrongPassword).toEqual({
      ok: false,
      message: `Could not sign in to 127.0.0.1:${sftp.port} as "${sftp.username}": authentication failed.`,
      hostKey: null,
      hostKeyStatus: null,
      recordedHostKey: null,
      folder: 'inbound',
      entries: [],
    });

    const closedPort = (await testSftp({ ...card(), sftpPort: 1 })).json();
    expect(closedPort.ok).toBe(false);
    expect(closedPort.message).toBe(
      'Could not connect to 127.0.0.1:1: connection refused (check the server address and port, and that the server is running).',
    );

    const missingFolder = (await testSftp({ ...card(), sftpInboundFolder: 'nowhere' })).json();
    expect(missingFolder.ok).toBe(false);
    expect(missingFolder.message).toBe(
      `Connected to 127.0.0.1:${sftp.port} as ${sftp.username}, but the folder "nowhere" does not exist`,
    );
  });

  it('says what answers on the port in fixed words, never its banner', async () => {
    const [banner, silent] = await Promise.all([startBannerServer(), startSilentServer()]);
    try {
      const notSsh = await testSftp({ ...card(), sftpPort: banner.port });
      expect(notSsh.json()).toMatchObject({
        ok: false,
        message: `Could not connect to 127.0.0.1:${banner.port}: not an SSH server.`,
      });
      expect(notSsh.body).not.toContain('SECRET-BANNER');
      const timedOut = (await testSftp({ ...card(), sftpPort: silent.port })).json();
      expect(timedOut.message).toBe(
        `Could not connect to 127.0.0.1:${silent.port}: timed out (no answer within 2 s).`,
      );
    } finally {
      await Promise.all([banner.close(), silent.close()]);
    }
  });

  it('refuses incomplete settings with field messages', async () => {
    const missing = await testSftp({ sftpServerAddress: '', sftpUsername: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      sftpServerAddress: 'Enter the SFTP server address',
      sftpUsername: 'Enter the SFTP username',
    });
    const badPort = await testSftp({ ...card(), sftpPort: 70_000 });
    expect(badPort.json().fields).toEqual({ sftpPort: 'Enter a port from 1 to 65535' });
    const noPassword = await testSftp({ ...card(), sftpPassword: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fields).toEqual({ sftpPassword: 'Enter the SFTP password' });
    expect((await testSftp({ ...card(), id: 999_999, sftpPassword: '' })).statusCode).toBe(404);
  });
});

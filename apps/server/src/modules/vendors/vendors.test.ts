import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  OPERATOR_PATTERN_MESSAGES,
  STATIC_DATA_SLOTS,
  VENDOR_MAP_FIELDS,
  VENDOR_SAVE_MESSAGES,
  vendorSaveErrorMessage,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import { recordRun } from '../runs/repository';
import { loadVendorsForSubmission, markVendorSubmitted } from './service';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url)));
const TEMPLATES = {
  xlsx: fixture('spreadsheets/items.xlsx'),
  xls: fixture('spreadsheets/items.xls'),
  damaged: fixture('spreadsheets/damaged.xlsx'),
  tabText: fixture('spreadsheets/tab-text.xls'),
};
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let submissionUser: Session;
let orderUser: Session;
let admin: Session;
let mailboxId: number;
let sendFromId: number;
let parentSourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  orderUser = (await t.signIn({ orderUser: true, inventoryUser: true })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  mailboxId = (
    await insertEmailSource(t.db.db, { username: 'Orders in', email: 'orders-in@retailer.example' })
  ).id;
  sendFromId = (
    await insertEmailSource(t.db.db, { username: 'Orders out', email: 'orders-out@retailer.example' })
  ).id;
  const [parent] = await t.db.db
    .insert(schema.orderSubmissionSources)
    .values({
      sourceName: 'Daily PO batch',
      emailSourceId: mailboxId,
      fromEmail: 'po@shop.example',
      subjectValue: 'Purchase orders',
    })
    .returning();
  parentSourceId = parent!.id;
  // Migrating a fresh embedded database takes minutes when the shared test machine is busy.
}, 600_000);
afterAll(async () => {
  await t.close();
});

// items.xlsx uses columns A to F; a save checks every mapping against the template.
const mapValues = Object.fromEntries(
  VENDOR_MAP_FIELDS.map(({ field }, index) => [field, `${String.fromCharCode(65 + (index % 6))}`]),
);
const staticValues = Object.fromEntries(
  STATIC_DATA_SLOTS.flatMap((slot) => [
    [`staticFileData${slot}`, `Static ${slot}`],
    [`mapStaticFileData${slot}`, `${String.fromCharCode(64 + slot)}`],
  ]),
);

/** What the vendor editor sends (docs/behaviour/order-submission.md#vendor-editor). */
function vendorBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 0,
    orderSubmissionSourceId: parentSourceId,
    vendorNameFromFile: 'Globex Supply',
    sendFromEmailSourceModelId: sendFromId,
    submitEmails: 'orders@globex.example, backup@globex.example',
    submitCcEmails: 'buyer@retailer.example',
    submitBccEmails: 'archive@retailer.example',
    submitEmailSubjectLine: 'PO {poNumbers}',
    submitEmailBodyText: 'Please find attached.\n{originalBody}',
    vendorProvidedAccountNumber: 'ACCT-100',
    vendorWantsTrimmedItemDescription: true,
    vendorRegexForItemDescription: '^[A-Z0-9-]+',
    vendorWantsNonDailySubmission: true,
    vendorCustomSubmitEveryXDay: '3',
    vendorWantsAllAlignedLeft: true,
    vendorWantsPDF: true,
    vendorWantsSpreadsheet: false,
    vendorWantsForwardedEmail: true,
    vendorWantsAllData: true,
    submitFileHeaderRowIndex: '2',
    submitFileTemplate: TEMPLATES.xlsx.toString('base64'),
    submitFileTemplateFileName: 'globex-template.xlsx',
    activeStatus: true,
    deletedStatus: false,
    vendorSourceAliases: [
      {
        id: 0,
        parentVendorSourceId: 0,
        vendorAliasNameFromFile: 'Globex Corp',
        vendorProvidedAccountNumber: 'ACCT-101',
        activeStatus: true,
        deletedStatus: false,
      },
    ],
    ...mapValues,
    ...staticValues,
    ...overrides,
  };
}

const save = (payload: unknown, session: Session = submissionUser) =>
  t.as(session).post('/api/order-submission/vendor/save', payload as Record<string, unknown>);
const get = (id: number | string, session: Session = submissionUser) =>
  t.as(session).get(`/api/order-submission/vendor/get/${id}`);
const post = (url: string, session: Session = submissionUser, payload?: Record<string, unknown>) =>
  t.as(session).post(url, payload);
const list = async (query = '', session: Session = submissionUser) => {
  const response = await t.as(session).get(`/api/order-submission/vendor/active${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

let nameCounter = 0;
/** A saved vendor with a fresh name and no aliases, unless told otherwise. */
async function create(overrides: Record<string, unknown> = {}) {
  nameCounter += 1;
  const response = await save(
    vendorBody({ vendorNameFromFile: `Vendor ${nameCounter}`, vendorSourceAliases: [], ...overrides }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number } & Record<string, unknown>;
}

async function counts() {
  const db = t.db.db;
  return {
    vendors: (await db.select().from(schema.orderVendorSources)).length,
    aliases: (await db.select().from(schema.orderVendorAliases)).length,
    files: (await db.select().from(schema.storedFiles)).length,
  };
}

async function expectRefused(payload: unknown, status: number, fields: Record<string, string>) {
  const before = await counts();
  const response = await save(payload);
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  for (const [field, message] of Object.entries(fields)) expect(body.fields?.[field], field).toBe(message);
  expect(await counts()).toEqual(before);
  return body as { message: string; fields?: Record<string, string> };
}

const vendorRow = async (id: number) => {
  const [row] = await t.db.db
    .select()
    .from(schema.orderVendorSources)
    .where(eq(schema.orderVendorSources.id, id));
  return row!;
};

describe('who may call the vendor routes', () => {
  const routes = [
    { method: 'GET' as const, url: '/api/order-submission/vendor/active' },
    { method: 'GET' as const, url: '/api/order-submission/vendor/get/1' },
    { method: 'GET' as const, url: '/api/order-submission/vendor/1/template' },
    { method: 'POST' as const, url: '/api/order-submission/vendor/save', payload: {} },
    { method: 'POST' as const, url: '/api/order-submission/vendor/delete/1' },
    { method: 'POST' as const, url: '/api/order-submission/vendor/alias/delete/1' },
    {
      method: 'POST' as const,
      url: '/api/order-submission/vendor/1/active',
      payload: { activeStatus: true },
    },
  ];

  it('refuses users without the submission flag (403) and callers without a session (401)', async () => {
    await expectRefusedWithoutRole(t, routes, orderUser);
    expect((await counts()).vendors).toBe(0);
  });

  it('lets submission users and admins use every route', async () => {
    for (const session of [submissionUser, admin]) {
      const created = await save(
        vendorBody({
          vendorNameFromFile: `Access ${session.username}`,
          vendorSourceAliases: [{ vendorAliasNameFromFile: `Alias ${session.username}` }],
        }),
        session,
      );
      expect(created.statusCode, created.body).toBe(200);
      const vendor = created.json();
      expect((await get(vendor.id, session)).statusCode).toBe(200);
      expect((await list('', session)).some((row) => row.id === vendor.id)).toBe(true);
      const template = await t.as(session).get(`/api/order-submission/vendor/${vendor.id}/template`);
      expect(template.statusCode).toBe(200);
      const toggled = await post(`/api/order-submission/vendor/${vendor.id}/active`, session, {
        activeStatus: false,
      });
      expect(toggled.statusCode, toggled.body).toBe(200);
      const aliasId = vendor.vendorSourceAliases[0].id;
      expect((await post(`/api/order-submission/vendor/alias/delete/${aliasId}`, session)).statusCode).toBe(
        204,
      );
      expect((await post(`/api/order-submission/vendor/delete/${vendor.id}`, session)).statusCode).toBe(204);
    }
    // Two sessions through every route: slow on a busy machine.
  }, 120_000);
});

describe('POST /api/order-submission/vendor/save and GET /api/order-submission/vendor/get/{id}', () => {
  it('round-trips every field, the template bytes and the aliases', async () => {
    const response = await save(vendorBody());
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    // What was sent, as stored: numbers as numbers, the aliases with their ids and parent, and the
    // template's file name under the name the list call uses.
    const { submitFileTemplateFileName, vendorSourceAliases, ...sent } = vendorBody();
    const expected = {
      ...sent,
      id: saved.id,
      vendorCustomSubmitEveryXDay: 3,
      submitFileHeaderRowIndex: 2,
      submitFileTemplateFilename: submitFileTemplateFileName,
      vendorSourceAliases: vendorSourceAliases.map((alias) => ({
        ...alias,
        id: expect.any(Number),
        parentVendorSourceId: saved.id,
      })),
      lastSubmittedAt: null,
      lastRun: null,
    };
    expect(saved).toEqual(expected);
    const loaded = await get(saved.id);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json()).toEqual(expected);
    expect(Object.keys(mapValues)).toHaveLength(24);

    const download = await t.as(submissionUser).get(`/api/order-submission/vendor/${saved.id}/template`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(TEMPLATES.xlsx)).toBe(true);
    expect(download.headers['content-disposition']).toContain('filename="globex-template.xlsx"');
    expect(download.headers['content-type']).toContain('spreadsheetml');
  });

  it('sends blank optional fields as empty text and a blank every-X-days as null', async () => {
    const saved = await create({
      submitCcEmails: '',
      submitBccEmails: null,
      vendorWantsTrimmedItemDescription: false,
      vendorRegexForItemDescription: '',
      vendorWantsNonDailySubmission: false,
      vendorCustomSubmitEveryXDay: '  ',
      submitFileTemplate: null,
      submitFileTemplateFileName: '',
      mapPo: undefined,
      staticFileData1: null,
    });
    expect(saved).toMatchObject({
      submitCcEmails: '',
      submitBccEmails: '',
      vendorCustomSubmitEveryXDay: null,
      submitFileTemplate: null,
      submitFileTemplateFilename: '',
      mapPo: '',
      staticFileData1: '',
    });
    const noTemplate = await t.as(submissionUser).get(`/api/order-submission/vendor/${saved.id}/template`);
    expect(noTemplate.statusCode).toBe(404);
  });

  it('accepts an .xls template and a data-URL prefix', async () => {
    const saved = await create({
      submitFileTemplate: `data:application/vnd.ms-excel;base64,${TEMPLATES.xls.toString('base64')}`,
      submitFileTemplateFileName: 'C:\\fakepath\\legacy.XLS',
    });
    expect(saved.submitFileTemplateFilename).toBe('legacy.XLS');
    expect(Buffer.from(saved.submitFileTemplate as string, 'base64').equals(TEMPLATES.xls)).toBe(true);
  });

  it('keeps the stored template when the template is null or echoed back, and replaces it when new', async () => {
    const saved = await create();
    const firstFileId = (await vendorRow(saved.id)).submitFileTemplateId!;
    const before = await counts();

    const kept = await save(
      vendorBody({ ...saved, submitFileTemplate: null, submitFileTemplateFileName: '' }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().submitFileTemplateFilename).toBe('globex-template.xlsx');
    // The loaded record posted back as it is (template base64 and the read spelling …Filename).
    const echoed = await save((await get(saved.id)).json());
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect((await vendorRow(saved.id)).submitFileTemplateId).toBe(firstFileId);
    expect(await counts()).toEqual(before);

    const replaced = await save(
      vendorBody({
        ...saved,
        submitFileTemplate: TEMPLATES.xls.toString('base64'),
        submitFileTemplateFileName: 'new.xls',
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().submitFileTemplateFilename).toBe('new.xls');
    const gone = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, firstFileId));
    expect(gone).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a template that is not a real .xls/.xlsx workbook, storing nothing', async () => {
    const base64 = (content: Buffer) => content.toString('base64');
    await expectRefused(
      vendorBody({ submitFileTemplate: base64(TEMPLATES.xlsx), submitFileTemplateFileName: 'template.csv' }),
      400,
      { submitFileTemplateFileName: VENDOR_SAVE_MESSAGES.templateType },
    );
    await expectRefused(
      vendorBody({ submitFileTemplate: base64(PDF_BYTES), submitFileTemplateFileName: 'a.xlsx' }),
      400,
      {
        submitFileTemplate: VENDOR_SAVE_MESSAGES.templateNotSpreadsheet,
      },
    );
    await expectRefused(
      vendorBody({
        submitFileTemplate: base64(TEMPLATES.tabText),
        submitFileTemplateFileName: 'tab-text.xls',
      }),
      400,
      { submitFileTemplate: VENDOR_SAVE_MESSAGES.templateNotSpreadsheet },
    );
    const damaged = await expectRefused(
      vendorBody({
        submitFileTemplate: base64(TEMPLATES.damaged),
        submitFileTemplateFileName: 'damaged.xlsx',
      }),
      400,
      {},
    );
    expect(damaged.fields?.submitFileTemplate).toContain(VENDOR_SAVE_MESSAGES.templateNotSpreadsheet);
    await expectRefused(
      vendorBody({ submitFileTemplate: 'not base64 at all!', submitFileTemplateFileName: 'a.xlsx' }),
      400,
      {
        submitFileTemplate: VENDOR_SAVE_MESSAGES.templateNotBase64,
      },
    );
    // Just over 10 MB once decoded, and still under the request body limit.
    await expectRefused(
      vendorBody({ submitFileTemplate: 'A'.repeat(14_680_064), submitFileTemplateFileName: 'huge.xlsx' }),
      400,
      { submitFileTemplate: VENDOR_SAVE_MESSAGES.templateTooLarge },
    );
    // Six saves, one of them a 15 MB body.
  }, 180_000);

  it('refuses mappings that name no column of the template header row, by text or letter, naming each', async () => {
    // items.xlsx: row 1 is Item Number, Description, Qty, Unit Price, Ship Date, Tracking (columns A to F).
    const body = await expectRefused(
      vendorBody({
        submitFileHeaderRowIndex: '0',
        ...Object.fromEntries(VENDOR_MAP_FIELDS.map(({ field }) => [field, ''])),
        mapPo: 'P.O. Number',
        mapQty: ' qty ',
        mapUnitPrice: 'unitprice',
        mapItemDescription: 'Description, G',
        mapShipTo: 'f',
        mapStaticFileData1: 'Notes',
        mapStaticFileData2: '',
      }),
      400,
      {
        mapPo: 'No column "P.O. Number" in the template\'s header row.',
        mapItemDescription: 'No column "G" in the template\'s header row.',
        mapStaticFileData1: 'No column "Notes" in the template\'s header row.',
        mapStaticFileData2: 'Static Value 2 needs a column to go in.',
      },
    );
    expect(Object.keys(body.fields ?? {}).sort()).toEqual([
      'mapItemDescription',
      'mapPo',
      'mapStaticFileData1',
      'mapStaticFileData2',
    ]);
    expect(body.message).toBe(
      'These mappings name no column of the template: PO ("P.O. Number"), Item Description ("Description, G"), ' +
        'Static Value 1 Column ("Notes"), Static Value 2 Column (empty). The template\'s header row (row 1) is: ' +
        '"Item Number", "Description", "Qty", "Unit Price", "Ship Date", "Tracking". Name a column by its header ' +
        'text or by its letter (A, B, ...).',
    );

    // A blank header row is pointed out on the index itself.
    const blankRow = await expectRefused(vendorBody({ submitFileHeaderRowIndex: '40' }), 400, {
      submitFileHeaderRowIndex:
        'Row 41 of the template is blank, so it cannot be the header row (the index counts from 0).',
    });
    expect(Object.keys(blankRow.fields ?? {})).toEqual(['submitFileHeaderRowIndex']);

    // The stored template is checked when the save keeps it; without a template nothing is checked.
    const saved = (
      await save(vendorBody({ vendorNameFromFile: 'Mapped Vendor', vendorSourceAliases: [] }))
    ).json();
    await expectRefused(vendorBody({ ...saved, submitFileTemplate: null, mapTotal: 'Total' }), 400, {
      mapTotal: 'No column "Total" in the template\'s header row.',
    });
    const noTemplate = await save(
      vendorBody({
        vendorNameFromFile: 'Untemplated Vendor',
        vendorSourceAliases: [],
        submitFileTemplate: null,
        mapTotal: 'Total',
      }),
    );
    expect(noTemplate.statusCode, noTemplate.body).toBe(200);
  });

  it('refuses missing required fields with "Required" and stores nothing', async () => {
    await expectRefused({ vendorSourceAliases: [{ id: 0, vendorAliasNameFromFile: ' ' }] }, 400, {
      orderSubmissionSourceId: 'Required',
      vendorNameFromFile: 'Required',
      sendFromEmailSourceModelId: 'Required',
      submitEmails: 'Required',
      submitEmailSubjectLine: 'Required',
      submitFileHeaderRowIndex: 'Required',
      'vendorSourceAliases.0.vendorAliasNameFromFile': 'Required',
    });
    await expectRefused(vendorBody({ submitEmails: 'orders@globex.example, nope' }), 400, {
      submitEmails: VENDOR_SAVE_MESSAGES.invalidEmailList,
    });
    await expectRefused(vendorBody({ vendorCustomSubmitEveryXDay: '' }), 400, {
      vendorCustomSubmitEveryXDay: VENDOR_SAVE_MESSAGES.everyXDaysRequired,
    });
    await expectRefused(vendorBody({ vendorRegexForItemDescription: '([' }), 400, {
      vendorRegexForItemDescription: OPERATOR_PATTERN_MESSAGES.invalid('missing closing ]: `[`'),
    });
    // Patterns RE2 cannot run in linear time are refused when saved, with the reason.
    await expectRefused(vendorBody({ vendorRegexForItemDescription: '(?<=SKU: )[A-Z0-9-]+' }), 400, {
      vendorRegexForItemDescription: OPERATOR_PATTERN_MESSAGES.lookaround,
    });
    await expectRefused(vendorBody({ vendorRegexForItemDescription: '^(\\w)\\1' }), 400, {
      vendorRegexForItemDescription: OPERATOR_PATTERN_MESSAGES.backreference,
    });
    await expectRefused(
      vendorBody({ orderSubmissionSourceId: 999_999, sendFromEmailSourceModelId: 999_999 }),
      400,
      {
        orderSubmissionSourceId: 'Required',
        sendFromEmailSourceModelId: 'Required',
      },
    );
    await expectRefused(
      vendorBody({
        vendorNameFromFile: 'Two same aliases',
        vendorSourceAliases: [{ vendorAliasNameFromFile: 'Twin' }, { vendorAliasNameFromFile: 'twin ' }],
      }),
      400,
      { 'vendorSourceAliases.1.vendorAliasNameFromFile': VENDOR_SAVE_MESSAGES.duplicateAlias },
    );
    expect((await save(vendorBody({ id: 999_999 }))).statusCode).toBe(404);
  });

  it('refuses a duplicate vendor name, also differing only in case, with 409 and the duplicate-name message (docs/behaviour/order-submission.md#vendor-editor)', async () => {
    await create({ vendorNameFromFile: 'Initech Parts' });
    const body = await expectRefused(
      vendorBody({
        vendorNameFromFile: 'INITECH parts',
        vendorSourceAliases: [{ vendorAliasNameFromFile: 'Initech alias' }],
      }),
      409,
      {},
    );
    expect(vendorSaveErrorMessage(body.message, 'INITECH parts')).toBe(
      'A vendor with the name "INITECH parts" already exists. Please use a different vendor name.',
    );
    expect(body.fields?.vendorNameFromFile).toBe(
      'A vendor with the name "INITECH parts" already exists. Please use a different vendor name.',
    );
  });

  it("refuses renaming a vendor to another vendor's name", async () => {
    await create({ vendorNameFromFile: 'Taken Name' });
    const other = await create({ vendorNameFromFile: 'Free Name' });
    const response = await save(
      vendorBody({ ...other, vendorNameFromFile: 'taken name', submitFileTemplate: null }),
    );
    expect(response.statusCode).toBe(409);
    expect((await get(other.id)).json().vendorNameFromFile).toBe('Free Name');
  });

  it("refuses aliases that name another vendor or another vendor's alias", async () => {
    await create({
      vendorNameFromFile: 'Umbrella Co',
      vendorSourceAliases: [{ vendorAliasNameFromFile: 'Umbrella' }],
    });
    await expectRefused(
      vendorBody({
        vendorNameFromFile: 'Clash 1',
        vendorSourceAliases: [{ vendorAliasNameFromFile: 'UMBRELLA CO' }],
      }),
      409,
      {
        'vendorSourceAliases.0.vendorAliasNameFromFile':
          'The alias "UMBRELLA CO" is already the name of vendor "Umbrella Co".',
      },
    );
    await expectRefused(
      vendorBody({
        vendorNameFromFile: 'Clash 2',
        vendorSourceAliases: [{ vendorAliasNameFromFile: 'umbrella' }],
      }),
      409,
      {
        'vendorSourceAliases.0.vendorAliasNameFromFile':
          'The alias "umbrella" is already an alias of vendor "Umbrella Co".',
      },
    );
    await expectRefused(vendorBody({ vendorNameFromFile: 'Umbrella', vendorSourceAliases: [] }), 409, {
      vendorNameFromFile:
        '"Umbrella" is already an alias of vendor "Umbrella Co". Please use a different vendor name.',
    });
  });

  it('adds new aliases (id 0), updates existing ones and keeps those left out', async () => {
    const saved = await create({
      vendorSourceAliases: [
        { vendorAliasNameFromFile: 'First alias' },
        { vendorAliasNameFromFile: 'Second alias' },
      ],
    });
    const [first, second] = saved.vendorSourceAliases as Array<{ id: number } & Record<string, unknown>>;
    const edited = await save(
      vendorBody({
        ...saved,
        submitFileTemplate: null,
        vendorSourceAliases: [
          { ...first, vendorAliasNameFromFile: 'First alias renamed', activeStatus: false },
          { id: 0, parentVendorSourceId: saved.id, vendorAliasNameFromFile: 'Third alias' },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const aliases = edited.json().vendorSourceAliases as Array<Record<string, unknown>>;
    expect(aliases.map((alias) => [alias.id, alias.vendorAliasNameFromFile, alias.activeStatus])).toEqual([
      [first!.id, 'First alias renamed', false],
      [second!.id, 'Second alias', true],
      [expect.any(Number), 'Third alias', true],
    ]);
  });

  it('refuses to update an alias of another vendor, storing nothing', async () => {
    const owner = await create({ vendorSourceAliases: [{ vendorAliasNameFromFile: 'Owned alias' }] });
    const thief = await create();
    const ownedAlias = (owner.vendorSourceAliases as Array<{ id: number }>)[0]!;
    const before = await counts();
    const response = await save(
      vendorBody({
        ...thief,
        submitFileTemplate: null,
        vendorSourceAliases: [{ id: ownedAlias.id, vendorAliasNameFromFile: 'Stolen alias' }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields['vendorSourceAliases.0.id']).toBe(VENDOR_SAVE_MESSAGES.aliasNotFound);
    expect(await counts()).toEqual(before);
    expect((await get(owner.id)).json().vendorSourceAliases[0].vendorAliasNameFromFile).toBe('Owned alias');
  });

  it('answers 400 for a bad id and 404 for an unknown vendor', async () => {
    expect((await get('abc')).statusCode).toBe(400);
    expect((await get(999_999)).statusCode).toBe(404);
  });
});

describe('POST /api/order-submission/vendor/alias/delete/{id}', () => {
  it('deletes the alias at once; an unknown alias is 404 and a bad id 400', async () => {
    const saved = await create({
      vendorSourceAliases: [{ vendorAliasNameFromFile: 'Keep me' }, { vendorAliasNameFromFile: 'Delete me' }],
    });
    const [keep, drop] = saved.vendorSourceAliases as Array<{ id: number }>;
    expect((await post(`/api/order-submission/vendor/alias/delete/${drop!.id}`)).statusCode).toBe(204);
    const loaded = (await get(saved.id)).json();
    expect(loaded.vendorSourceAliases.map((alias: { id: number }) => alias.id)).toEqual([keep!.id]);
    expect((await post(`/api/order-submission/vendor/alias/delete/${drop!.id}`)).statusCode).toBe(404);
    expect((await post('/api/order-submission/vendor/alias/delete/abc')).statusCode).toBe(400);
  });
});

describe('GET /api/order-submission/vendor/active, toggles and delete', () => {
  it('lists only active, live vendors; includeInactive adds switched-off ones', async () => {
    const active = await create({
      vendorSourceAliases: [{ vendorAliasNameFromFile: `Listed alias ${nameCounter}` }],
    });
    const inactive = await create({ activeStatus: false });
    const deleted = await create();
    await post(`/api/order-submission/vendor/delete/${deleted.id}`);
    const runId = await recordRun(
      t.db.db,
      {
        sourceType: 'vendor',
        sourceId: active.id,
        sourceName: String(active.vendorNameFromFile),
        trigger: 'mail',
      },
      { status: 'failed', message: 'SMTP refused the message' },
    );

    const rows = await list();
    const ids = rows.map((row) => row.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(deleted.id);
    expect(rows.find((row) => row.id === active.id)).toEqual({
      id: active.id,
      orderSubmissionSourceId: parentSourceId,
      orderSubmissionSourceName: 'Daily PO batch',
      vendorNameFromFile: active.vendorNameFromFile,
      submitEmails: 'orders@globex.example, backup@globex.example',
      vendorWantsTrimmedItemDescription: true,
      vendorWantsNonDailySubmission: true,
      vendorCustomSubmitEveryXDay: 3,
      vendorWantsPDF: true,
      vendorWantsSpreadsheet: false,
      vendorWantsAllData: true,
      activeStatus: true,
      aliasCount: 1,
      hasTemplate: true,
      lastRun: expect.objectContaining({ id: runId, status: 'failed', message: 'SMTP refused the message' }),
    });
    expect((await get(active.id)).json().lastRun).toMatchObject({ id: runId });

    const all = (await list('?includeInactive=true')).map((row) => row.id);
    expect(all).toContain(inactive.id);
    expect(all).not.toContain(deleted.id);
    const bad = await t.as(submissionUser).get('/api/order-submission/vendor/active?includeInactive=maybe');
    expect(bad.statusCode).toBe(400);
  });

  it('really switches activeStatus; a bad body is 400 and an unknown vendor 404', async () => {
    const saved = await create();
    const off = await post(`/api/order-submission/vendor/${saved.id}/active`, submissionUser, {
      activeStatus: false,
    });
    expect(off.json()).toEqual({ id: saved.id, activeStatus: false });
    expect((await list()).some((row) => row.id === saved.id)).toBe(false);
    const on = await post(`/api/order-submission/vendor/${saved.id}/active`, submissionUser, {
      activeStatus: true,
    });
    expect(on.json()).toEqual({ id: saved.id, activeStatus: true });
    expect((await list()).some((row) => row.id === saved.id)).toBe(true);
    expect(
      (await post(`/api/order-submission/vendor/${saved.id}/active`, submissionUser, {})).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/order-submission/vendor/999999/active', submissionUser, { activeStatus: true }))
        .statusCode,
    ).toBe(404);
  });

  it('soft-deletes a vendor: it leaves every call, and its name is free again', async () => {
    const saved = await create({ vendorNameFromFile: 'Reusable Name' });
    expect((await post(`/api/order-submission/vendor/delete/${saved.id}`)).statusCode).toBe(204);
    expect(await vendorRow(saved.id)).toMatchObject({ deletedStatus: true, activeStatus: false });
    expect((await get(saved.id)).statusCode).toBe(404);
    expect((await post(`/api/order-submission/vendor/delete/${saved.id}`)).statusCode).toBe(404);
    expect((await post('/api/order-submission/vendor/delete/abc')).statusCode).toBe(400);
    const again = await create({ vendorNameFromFile: 'reusable name' });
    expect(again.id).not.toBe(saved.id);
  });

  it('saving with deletedStatus on deletes the vendor', async () => {
    const saved = await create();
    const response = await save(vendorBody({ ...saved, submitFileTemplate: null, deletedStatus: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deletedStatus: true, activeStatus: false });
    expect((await get(saved.id)).statusCode).toBe(404);
  });
});

describe('for the submission engine', () => {
  it('loads the live vendors of a source with aliases and template bytes, and records a submission', async () => {
    const [source] = await t.db.db
      .insert(schema.orderSubmissionSources)
      .values({
        sourceName: 'Engine source',
        emailSourceId: mailboxId,
        fromEmail: 'e@shop.example',
        subjectValue: 'Engine',
      })
      .returning();
    const vendor = await create({
      orderSubmissionSourceId: source!.id,
      vendorSourceAliases: [{ vendorAliasNameFromFile: 'Engine alias' }],
    });
    const removed = await create({ orderSubmissionSourceId: source!.id });
    await post(`/api/order-submission/vendor/delete/${removed.id}`);
    const loaded = await loadVendorsForSubmission(t.db.db, source!.id);
    expect(loaded.map((entry) => entry.vendor.id)).toEqual([vendor.id]);
    expect(loaded[0]!.template?.content.equals(TEMPLATES.xlsx)).toBe(true);
    expect(loaded[0]!.vendor.vendorSourceAliases.map((alias) => alias.vendorAliasNameFromFile)).toEqual([
      'Engine alias',
    ]);
    const at = new Date('2030-01-02T03:04:05.000Z');
    await markVendorSubmitted(t.db.db, vendor.id, at);
    expect((await get(vendor.id)).json().lastSubmittedAt).toBe(at.toISOString());
  });
});

describe('e-mail source delete', () => {
  it('is refused while a submission source reads from it or a vendor sends from it, naming them', async () => {
    const inbox = await insertEmailSource(t.db.db, {
      username: 'Busy inbox',
      email: 'busy-in@retailer.example',
    });
    const outbox = await insertEmailSource(t.db.db, {
      username: 'Busy outbox',
      email: 'busy-out@retailer.example',
    });
    const sourceResponse = await post('/api/order-submission/sources/save', submissionUser, {
      id: 0,
      sourceName: 'Reads busy inbox',
      emailSourceId: inbox!.id,
      fromEmail: 'po@shop.example',
      subjectValue: 'Orders',
      expectedAttachmentCount: 1,
      expectedNumberOfBatchEmails: 1,
    });
    expect(sourceResponse.statusCode, sourceResponse.body).toBe(200);
    await create({ vendorNameFromFile: 'Sends from busy outbox', sendFromEmailSourceModelId: outbox!.id });

    const refusedIn = await post(`/api/email-sources/delete/${inbox!.id}`, admin);
    expect(refusedIn.statusCode).toBe(409);
    expect(refusedIn.json().message).toBe(
      'This email source is used by Order submission source "Reads busy inbox". Change or delete it first.',
    );
    const refusedOut = await post(`/api/email-sources/delete/${outbox!.id}`, admin);
    expect(refusedOut.statusCode).toBe(409);
    expect(refusedOut.json().message).toBe(
      'This email source is used by Vendor source "Sends from busy outbox". Change or delete it first.',
    );
  });
});

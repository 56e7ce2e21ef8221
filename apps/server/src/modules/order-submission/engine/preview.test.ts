/**
 * POST /api/order-submission/vendor/preview: the file the vendor editor's unsaved form would produce for
 * an order file, with nothing sent or stored; the stored template of a saved vendor when the form carries
 * none; operator messages for a bad file or mapping; roles and session checked.
 */
import type { VendorPreviewResponse } from '@app/contracts';
import { schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../../test/helper';
import {
  ACME_ROWS,
  createSubmissionSource,
  createVendor,
  fixture,
  TEMPLATE_HEADER,
  TEMPLATE_MAPPING,
} from '../../../../test/modules/order-submission-engine';
import { parseTable } from '../../../integrations/spreadsheet';

let t: TestApp;
let submissionUser: Session;
let orderUser: Session;
let sourceId: number;
let senderId: number;

beforeAll(async () => {
  t = await createTestApp();
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  orderUser = (await t.signIn({ orderUser: true, inventoryUser: true })).session;
  const sender = await insertEmailSource(t.db.db, {
    username: 'Orders out',
    email: 'orders-out@shop.example',
  });
  senderId = sender!.id;
  sourceId = (await createSubmissionSource(t, { ordersAreAllQuantityOne: true })).id;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The vendor editor's form, unsaved. */
function vendorForm(overrides: Record<string, unknown> = {}) {
  return {
    id: 0,
    orderSubmissionSourceId: sourceId,
    vendorNameFromFile: 'Acme Supply',
    sendFromEmailSourceModelId: senderId,
    submitEmails: 'orders@acme.example',
    submitEmailSubjectLine: 'PO {poNumbers}',
    vendorProvidedAccountNumber: 'ACME-001',
    submitFileHeaderRowIndex: 1,
    submitFileTemplate: fixture('template.xlsx').toString('base64'),
    submitFileTemplateFileName: 'template.xlsx',
    staticFileData1: 'NET30',
    mapStaticFileData1: 'Notes',
    vendorSourceAliases: [{ id: 0, parentVendorSourceId: 0, vendorAliasNameFromFile: 'ACME SUPPLY CO.' }],
    ...TEMPLATE_MAPPING,
    ...overrides,
  };
}

function orderFileBody(name = 'order-file.xlsx', content: Buffer = fixture(name)) {
  return { fileName: name, contentBase64: content.toString('base64') };
}

function preview(body: unknown, session?: Session) {
  return t.app.inject({
    method: 'POST',
    url: '/api/order-submission/vendor/preview',
    payload: body as Record<string, unknown>,
    ...(session ? { headers: session.headers } : {}),
  });
}

async function counts() {
  const [files] = await t.db.db.select({ count: sql<number>`count(*)::int` }).from(schema.storedFiles);
  const [runs] = await t.db.db.select({ count: sql<number>`count(*)::int` }).from(schema.runs);
  const [vendors] = await t.db.db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.orderVendorSources);
  return { files: files!.count, runs: runs!.count, vendors: vendors!.count };
}

describe(`vendor file preview (${DB_KIND})`, () => {
  it("shows the file the unsaved form would produce for this vendor's lines, storing nothing", async () => {
    const before = await counts();
    const response = await preview({ vendor: vendorForm(), file: orderFileBody() }, submissionUser);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<VendorPreviewResponse>();
    // ordersAreAllQuantityOne on the source: every Qty is 1.
    const expected = ACME_ROWS.map((row) => [...row.slice(0, 7), '1', 'ACME-001', 'NET30']);
    expect(result).toMatchObject({
      fileName: 'Acme Supply preview.xlsx',
      header: TEMPLATE_HEADER,
      rows: expected,
      lineCount: 3,
      otherVendors: ['Globex', 'Initech'],
    });
    const written = parseTable(Buffer.from(result.contentBase64, 'base64'), {
      fileName: result.fileName,
    }).rows;
    expect(written[1]).toEqual(TEMPLATE_HEADER);
    expect(written.slice(2)).toEqual(expected);
    expect(await counts()).toEqual(before);
  });

  it("uses a saved vendor's stored template when the form sends none, and reads CSV order files", async () => {
    const saved = await createVendor(t, {
      orderSubmissionSourceId: sourceId,
      sendFromEmailSourceModelId: senderId,
      vendorNameFromFile: 'Globex',
      template: 'template.xls',
    });
    const response = await preview(
      {
        vendor: vendorForm({
          id: saved.id,
          vendorNameFromFile: 'Globex',
          vendorSourceAliases: [],
          submitFileTemplate: null,
          submitFileTemplateFileName: '',
          vendorProvidedAccountNumber: 'GX-77',
        }),
        file: orderFileBody('order-file.csv'),
      },
      submissionUser,
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<VendorPreviewResponse>();
    expect(result.fileName).toBe('Globex preview.xls');
    expect(result.lineCount).toBe(2);
    expect(result.rows.map((row) => [row[0], row[8]])).toEqual([
      ['004560', 'GX-77'],
      ['004561', 'GX-77'],
    ]);
    expect(result.otherVendors).toEqual(['Acme Supply', 'ACME SUPPLY CO.', 'Initech']);
  });

  it('answers 400 with the operator message for a mapping the template does not have', async () => {
    const response = await preview(
      { vendor: vendorForm({ mapZipCode: 'Postal Code' }), file: orderFileBody() },
      submissionUser,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^The vendor's template has no column "Postal Code" \(mapZipCode\)\. Its header row \(row 2\) is: "PO #"/,
    );
  });

  it('answers 400 for an order file without a Vendor column, or that is not base64, or missing', async () => {
    const before = await counts();
    const noVendor = await preview(
      {
        vendor: vendorForm(),
        file: orderFileBody('orders.csv', Buffer.from('PO,Qty\r\n1001,2\r\n')),
      },
      submissionUser,
    );
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json().message).toBe('"orders.csv": The order file has no Vendor column.');

    const notBase64 = await preview(
      { vendor: vendorForm(), file: { fileName: 'orders.csv', contentBase64: 'not base64!' } },
      submissionUser,
    );
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().fields).toMatchObject({
      'file.contentBase64': 'The order file must be sent as base64',
    });

    const missing = await preview({ vendor: vendorForm() }, submissionUser);
    expect(missing.statusCode).toBe(400);
    const badVendor = await preview(
      { vendor: vendorForm({ vendorNameFromFile: '' }), file: orderFileBody() },
      submissionUser,
    );
    expect(badVendor.statusCode).toBe(400);
    expect(badVendor.json().fields).toMatchObject({ 'vendor.vendorNameFromFile': 'Required' });
    expect(await counts()).toEqual(before);
  });

  it('refuses other roles and callers without a session', async () => {
    const body = { vendor: vendorForm(), file: orderFileBody() };
    expect((await preview(body, orderUser)).statusCode).toBe(403);
    expect((await preview(body)).statusCode).toBe(401);
  });
});

import { randomUUID } from 'node:crypto';
import { PROGRESS_HEADER, type WorkProgress } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  ageOrders,
  createSource,
  csv,
  HEADER,
  ordersOf,
  runOf,
} from '../../../test/modules/order-tracking-ingestion';
import { multipart } from '../../../test/multipart';

let t: TestApp;
let orderUser: Session;
beforeAll(async () => {
  t = await createTestApp();
  orderUser = (await t.signIn({ orderUser: true })).session;
});
afterAll(async () => {
  await t.close();
});

const upload = (fileName: string, content: Buffer | string) =>
  multipart([{ name: 'file', fileName, content }]);

async function post(
  url: string,
  session: Session | null,
  body: { payload: Buffer | string; headers: Record<string, string> },
) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(session ? session.headers : {}) },
  });
}

async function countRows() {
  const [runs] = await t.db.query<{ n: string | number }>('select count(*) as n from runs');
  const [files] = await t.db.query<{ n: string | number }>('select count(*) as n from stored_files');
  const [orders] = await t.db.query<{ n: string | number }>('select count(*) as n from orders');
  return { runs: Number(runs!.n), files: Number(files!.n), orders: Number(orders!.n) };
}

const goodFile = () =>
  csv([
    HEADER,
    ...Array.from({ length: 25 }, (_, i) => [
      `L${i + 1}`,
      `PO-${i + 1}`,
      `ITEM-${i + 1}`,
      '3/5/2024',
      '1,000',
      `T${i + 1};U${i + 1}`,
    ]),
    ['', 'PO-none', '', '', '', ''],
  ]);

describe('POST /api/order-tracking-sources/:id/preview', () => {
  it('shows the first 20 rows as mapped and writes nothing', async () => {
    const source = await createSource(t);
    const before = await countRows();
    const response = await post(
      `/api/order-tracking-sources/${source.id}/preview`,
      orderUser,
      upload('week.csv', goodFile()),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      fileName: 'week.csv',
      headers: HEADER,
      totalRows: 26,
      warnings: ['No Document Number (the unique column), row skipped: row 27.'],
      headerDrift: null,
    });
    expect(body.error).toBeUndefined();
    expect(body.rows).toHaveLength(20);
    expect(body.rows[0]).toEqual({
      rowNumber: 2,
      uniqueKey: 'L1',
      accountNumber: null,
      brandName: null,
      customerName: null,
      customerNumber: null,
      customerPoNumber: 'PO-1',
      documentNumber: 'L1',
      estimatedArrivalDate: null,
      itemNumber: 'ITEM-1',
      itemStatus: null,
      lineStatus: null,
      orderDate: null,
      poDate: null,
      qty: 1000,
      qtyFulfilled: null,
      shipToName: null,
      shippedDate: '2024-03-05',
      supplierName: null,
      supplierOrderStatus: null,
      trackingNumbers: ['T1', 'U1'],
      shippingCompany: null,
      wildcard1: null,
      wildcard2: null,
    });
    expect(await countRows()).toEqual(before);
  });

  it('reads the file in the encoding the source pins, where the bytes alone are too few to tell', async () => {
    // "Łódź" in Windows-1250: four bytes a detector may take for Baltic or Western text.
    const text = 'Line,PO,Item,Shipped,Qty,Tracking\r\nL1,PO-1,Łódź-01,3/5/2024,1,T1\r\n';
    const bytes = iconv.encode(text, 'windows-1250');
    const pinned = await createSource(t, { textEncoding: 'windows-1250' });
    const response = await post(
      `/api/order-tracking-sources/${pinned.id}/preview`,
      orderUser,
      upload('pl.csv', bytes),
    );
    expect(response.json().rows[0]).toMatchObject({ itemNumber: 'Łódź-01' });
  });

  it('says in the warnings which encoding it assumed when the bytes said little', async () => {
    const text = 'Line,PO,Item,Shipped,Qty,Tracking\r\nL1,PO-1,Ağaç,3/5/2024,1,T1\r\n';
    const source = await createSource(t);
    const response = await post(
      `/api/order-tracking-sources/${source.id}/preview`,
      orderUser,
      upload('tr.csv', iconv.encode(text, 'windows-1254')),
    );
    expect(response.json().warnings[0]).toMatch(
      /^The file's text encoding is not declared; it was read as .+, which its bytes suggest\. If letters look wrong, set the encoding in the source's settings\.$/,
    );
  });

  it('reports header drift, a broken mapping and a bad file as an error in the preview', async () => {
    const source = await createSource(t, { lastGoodHeaders: HEADER });
    const drifted = await post(
      `/api/order-tracking-sources/${source.id}/preview`,
      orderUser,
      upload(
        'week.csv',
        csv([
          ['Line', 'PO', 'Item', 'Shipped', 'Qty', 'Tracking No'],
          ['L1', 'PO-1', '', '', '', 'T1'],
        ]),
      ),
    );
    expect(drifted.statusCode).toBe(200);
    expect(drifted.json()).toEqual({
      fileName: 'week.csv',
      headers: ['Line', 'PO', 'Item', 'Shipped', 'Qty', 'Tracking No'],
      rows: [],
      totalRows: 0,
      warnings: [],
      headerDrift: {
        renamed: [{ from: 'Tracking', to: 'Tracking No', index: 5 }],
        moved: [],
        missing: [],
        added: [],
      },
      error:
        'Column "Tracking" (mapped to Tracking Numbers) is not in the file. The header row has changed: column 6 "Tracking" was renamed to "Tracking No".',
    });

    const bad = await post(
      `/api/order-tracking-sources/${source.id}/preview`,
      orderUser,
      upload('week.xlsx', 'PK\u0003\u0004junk'),
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({
      fileName: 'week.xlsx',
      rows: [],
      error: 'Invalid file type. Expected .csv but got .xlsx',
    });
    expect(await t.db.db.select().from(schema.runs).where(eq(schema.runs.sourceId, source.id))).toEqual([]);
  });
});

describe('POST /api/order-tracking-sources/:id/process', () => {
  it('imports the file through the processor in its own transaction, as a manual run', async () => {
    const source = await createSource(t, { deleteAfterDays: 5 });
    const first = await post(
      `/api/order-tracking-sources/${source.id}/process`,
      orderUser,
      upload('week.csv', goodFile()),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      runId: expect.any(Number),
      status: 'succeeded',
      message: 'Imported 25 rows: 25 orders updated (25 new, 0 changed), 0 deleted, 1 row skipped (no key)',
      ordersUpdated: 25,
      ordersNew: 25,
      ordersChanged: 0,
      ordersDeleted: 0,
    });
    const run = await runOf(t, first.json().runId);
    expect(run).toMatchObject({
      trigger: 'manual',
      sourceId: source.id,
      fileName: 'week.csv',
      status: 'succeeded',
    });
    expect(await ordersOf(t, source.id)).toHaveLength(25);

    await ageOrders(t, source.id, ['L25'], 6);
    const second = await post(
      `/api/order-tracking-sources/${source.id}/process`,
      orderUser,
      upload('week.csv', csv([HEADER, ['L1', 'PO-1', 'ITEM-1', '3/5/2024', '1000', 'T1;U1;V1']])),
    );
    expect(second.json()).toMatchObject({
      status: 'succeeded',
      ordersUpdated: 1,
      ordersNew: 0,
      ordersChanged: 1,
      ordersDeleted: 1,
    });

    const failed = await post(
      `/api/order-tracking-sources/${source.id}/process`,
      orderUser,
      upload('week.csv', 'Nope\r\n1\r\n'),
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      status: 'failed',
      ordersUpdated: 0,
      ordersNew: 0,
      ordersChanged: 0,
      ordersDeleted: 0,
    });
    expect(failed.json().message).toContain('Column "Line" (mapped to Document Number) is not in the file.');
    expect(await runOf(t, failed.json().runId)).toMatchObject({
      status: 'failed',
      inputFileId: expect.any(Number),
    });
  });
});

describe('progress of Process File (GET /api/progress/{key})', () => {
  it('records rows done / total as the import goes, for the user who started it only', async () => {
    const source = await createSource(t);
    const rows = 30_000; // more than one batch of 25,000
    const file = csv([
      HEADER,
      ...Array.from({ length: rows }, (_, i) => [`P${i}`, `PO-${i}`, `ITEM-${i}`, '3/5/2024', '1', `T${i}`]),
    ]);
    const key = randomUUID();
    const progressOf = (session: Session | null, progressKey = key) =>
      t.app.inject({
        method: 'GET',
        url: `/api/progress/${progressKey}`,
        ...(session ? { headers: session.headers } : {}),
      });

    const body = upload('big.csv', file);
    const importing = post(`/api/order-tracking-sources/${source.id}/process`, orderUser, {
      ...body,
      headers: { ...body.headers, [PROGRESS_HEADER]: key },
    });
    let finished = false;
    void importing.finally(() => {
      finished = true;
    });
    // Asked while the import's transaction holds the database: answered from memory all the same.
    const seen: WorkProgress[] = [];
    while (!finished) {
      const answer = await progressOf(orderUser);
      if (answer.statusCode === 200) seen.push(answer.json());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await importing).json()).toMatchObject({ status: 'succeeded', ordersUpdated: rows });
    expect(seen.some((p) => p.total === rows && p.done < rows)).toBe(true);
    const counted = seen.filter((p) => p.total !== null);
    expect(counted.every((p) => p.unit === 'rows' && p.done <= rows)).toBe(true);
    expect(counted.map((p) => p.done)).toEqual([...counted.map((p) => p.done)].sort((a, b) => a - b));
    expect((await progressOf(orderUser)).json()).toEqual({ unit: 'rows', done: rows, total: rows });

    // Another user, no session, an unknown key.
    const other = (await t.signIn({ orderUser: true })).session;
    expect((await progressOf(other)).statusCode).toBe(404);
    expect((await progressOf(null)).statusCode).toBe(401);
    expect((await progressOf(orderUser, randomUUID())).statusCode).toBe(404);
  }, 120_000);
});

describe('access and bad input', () => {
  const urls = (id: number) => [
    `/api/order-tracking-sources/${id}/preview`,
    `/api/order-tracking-sources/${id}/process`,
  ];

  it('needs a session (401) and the order user flag (403); admins may', async () => {
    const source = await createSource(t);
    const inventory = (await t.signIn({ orderUser: false, inventoryUser: true, submissionUser: true }))
      .session;
    const admin = (await t.signIn({ orderUser: false, isAdmin: true })).session;
    const before = await countRows();
    for (const url of urls(source.id)) {
      expect((await post(url, null, upload('a.csv', goodFile()))).statusCode).toBe(401);
      expect((await post(url, inventory, upload('a.csv', goodFile()))).statusCode).toBe(403);
    }
    expect(await countRows()).toEqual(before);
    const preview = await post(urls(source.id)[0]!, admin, upload('a.csv', goodFile()));
    expect(preview.statusCode).toBe(200);
    const processed = await post(urls(source.id)[1]!, admin, upload('a.csv', goodFile()));
    expect(processed.json()).toMatchObject({ status: 'succeeded', ordersUpdated: 25 });
  });

  it('answers 404 for an unknown or deleted source and 400 for a bad id, storing nothing', async () => {
    const deleted = await createSource(t, { deletedStatus: true });
    const before = await countRows();
    for (const id of [deleted.id, 987_654]) {
      for (const url of urls(id)) {
        const response = await post(url, orderUser, upload('a.csv', goodFile()));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Order tracking source not found' });
      }
    }
    for (const url of [`/api/order-tracking-sources/abc/preview`, `/api/order-tracking-sources/-1/process`]) {
      expect((await post(url, orderUser, upload('a.csv', goodFile()))).statusCode).toBe(400);
    }
    expect(await countRows()).toEqual(before);
  });

  it('answers 400 without a file, for another field or a body that is not multipart, and 413 over 10 MB', async () => {
    const source = await createSource(t);
    const before = await countRows();
    for (const url of urls(source.id)) {
      const noFile = await post(url, orderUser, multipart([{ name: 'note', content: 'hello' }]));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().message).toBe('No file was uploaded in the field "file".');

      const otherField = await post(
        url,
        orderUser,
        multipart([{ name: 'attachment', fileName: 'a.csv', content: goodFile() }]),
      );
      expect(otherField.statusCode).toBe(400);

      const json = await post(url, orderUser, {
        payload: JSON.stringify({ file: 'a' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().message).toBe(
        'This call takes a file upload (multipart/form-data), not application/json.',
      );

      const noBody = await post(url, orderUser, { payload: '', headers: {} });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().message).toBe('Upload the file as multipart/form-data in the field "file".');

      const broken = await post(url, orderUser, {
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nL1,PO',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(broken.statusCode).toBe(400);

      const tooLarge = await post(url, orderUser, upload('big.csv', Buffer.alloc(10_485_761, 65)));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().message).toBe('File size must be less than 10MB');
    }
    expect(await countRows()).toEqual(before);
  });
});

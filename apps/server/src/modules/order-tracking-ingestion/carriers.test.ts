import type { OrderRecord, RunDetails } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../test/helper';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  createSource,
  csv,
  HEADER,
  processFile,
  runOf,
} from '../../../test/modules/order-tracking-ingestion';
import { recogniseStoredBatch } from '../tracking-numbers/repository';
import { CHECK_DIGIT_WARNING } from './carrier-warnings';

// Check digits below were computed by hand from the published algorithms (and agree with the oracle of
// packages/contracts/src/tracking-numbers/labelled-set.ts): 1Z999AA10123456784 (UPS mod 10), 986578788855
// (FedEx mod 11), 9400111201080805483016 (GS1 mod 10).
const UPS = '1Z999AA10123456784';
const UPS_MISTYPED = '1Z999AA10123456785';
const FEDEX = '986578788855';
const USPS = '9400111201080805483016';
// As a human typed it: stored as written, linked without its spaces.
const USPS_SPACED = '9400 1112 0108 0805 4830 16';

let t: TestApp;
let orderUser: Session;
beforeAll(async () => {
  t = await createTestApp();
  orderUser = (await t.signIn({ orderUser: true })).session;
});
afterAll(async () => {
  await t.close();
});

async function storedNumbers(sourceId: number) {
  const { orders, orderTrackingNumbers: numbers } = schema;
  return t.db.db
    .select({
      trackingNumber: numbers.trackingNumber,
      carrier: numbers.carrier,
      carrierName: numbers.carrierName,
      carrierService: numbers.carrierService,
      checkDigit: numbers.checkDigit,
      trackingUrl: numbers.trackingUrl,
    })
    .from(numbers)
    .innerJoin(orders, eq(orders.id, numbers.orderId))
    .where(eq(orders.orderTrackingSourceId, sourceId))
    .orderBy(asc(numbers.trackingNumber));
}

async function orderByKey(sourceId: number, key: string): Promise<OrderRecord> {
  const [row] = await t.db.db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(sql`${schema.orders.orderTrackingSourceId} = ${sourceId} and ${schema.orders.uniqueKey} = ${key}`);
  const response = await t.as(orderUser).get(`/api/order-tracking/order/${row!.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderRecord;
}

describe('carriers at ingest', () => {
  it('stores each tracking number with its carrier, service, check digit and link', async () => {
    const source = await createSource(t);
    const result = await processFile(
      t,
      source.id,
      csv([
        HEADER,
        ['L1', 'PO-1', 'A-1', '', '1', `${UPS};${FEDEX}`],
        ['L2', 'PO-2', 'A-2', '', '1', `${USPS_SPACED};NOT-A-NUMBER`],
      ]),
    );
    expect(result).toMatchObject({ status: 'succeeded', ordersUpdated: 2 });
    expect(await storedNumbers(source.id)).toEqual([
      {
        trackingNumber: UPS,
        carrier: 'ups',
        carrierName: 'UPS',
        carrierService: 'UPS Next Day Air',
        checkDigit: 'valid',
        trackingUrl: `https://www.ups.com/track?tracknum=${UPS}`,
      },
      {
        trackingNumber: USPS_SPACED,
        carrier: 'usps',
        carrierName: 'USPS',
        carrierService: 'USPS IMpb',
        checkDigit: 'valid',
        trackingUrl: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${USPS}`,
      },
      {
        trackingNumber: FEDEX,
        carrier: 'fedex',
        carrierName: 'FedEx',
        carrierService: 'FedEx Express',
        checkDigit: 'valid',
        trackingUrl: `https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`,
      },
      {
        trackingNumber: 'NOT-A-NUMBER',
        carrier: null,
        carrierName: null,
        carrierService: null,
        checkDigit: 'none',
        trackingUrl: null,
      },
    ]);
    // Nothing in this file is wrong: no carrier warning.
    const details = (await runOf(t, result.runId)).details as RunDetails;
    expect(details.warnings).toEqual([]);
  });

  it('stores the carrier of a number added to an unchanged order, and sends nothing when the file is the same', async () => {
    const source = await createSource(t);
    const rows = [HEADER, ['L1', 'PO-1', 'A-1', '', '1', UPS], ['L2', 'PO-2', 'A-2', '', '1', FEDEX]];
    await processFile(t, source.id, csv(rows));
    // Every order unchanged, one number more on L2: the upsert's path for a file seen before.
    const next = await processFile(
      t,
      source.id,
      csv([rows[0]!, rows[1]!, ['L2', 'PO-2', 'A-2', '', '1', `${FEDEX};${USPS_SPACED}`]]),
    );
    expect(next).toMatchObject({ status: 'succeeded', ordersUpdated: 1 });
    const again = await processFile(
      t,
      source.id,
      csv([rows[0]!, rows[1]!, ['L2', 'PO-2', 'A-2', '', '1', `${FEDEX};${USPS_SPACED}`]]),
    );
    expect(again).toMatchObject({ status: 'succeeded', ordersUpdated: 0 });
    expect(
      (await storedNumbers(source.id)).map((row) => [row.trackingNumber, row.carrier, row.trackingUrl]),
    ).toEqual([
      [UPS, 'ups', `https://www.ups.com/track?tracknum=${UPS}`],
      [USPS_SPACED, 'usps', `https://tools.usps.com/go/TrackConfirmAction?tLabels=${USPS}`],
      [FEDEX, 'fedex', `https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`],
    ]);
  });

  it('reports a number whose check digit does not match in the run’s warnings, and stores it as invalid', async () => {
    const source = await createSource(t);
    const result = await processFile(
      t,
      source.id,
      csv([
        HEADER,
        ['L1', 'PO-1', 'A-1', '', '1', UPS],
        ['L2', 'PO-2', 'A-2', '', '1', UPS_MISTYPED],
        ['L3', 'PO-3', 'A-3', '', '1', UPS_MISTYPED],
      ]),
    );
    expect(result.status).toBe('succeeded');
    const details = (await runOf(t, result.runId)).details as RunDetails;
    expect(details.warnings).toEqual([`${CHECK_DIGIT_WARNING}: rows 3, 4 (e.g. "${UPS_MISTYPED}").`]);
    expect(CHECK_DIGIT_WARNING).toContain('check digit does not match: possibly mistyped');
    const mistyped = await orderByKey(source.id, 'L2');
    expect(mistyped.trackingNumbers).toEqual([
      expect.objectContaining({ trackingNumber: UPS_MISTYPED, carrier: 'ups', checkDigit: 'invalid' }),
    ]);
  });

  it('shows the recognised carrier as the shipping company when the file has none, marked as recognised', async () => {
    const source = await createSource(t);
    await processFile(
      t,
      source.id,
      csv([
        HEADER,
        ['L1', 'PO-1', 'A-1', '', '1', `NOPE;${FEDEX};${UPS}`],
        ['L2', 'PO-2', 'A-2', '', '1', ''],
      ]),
    );
    const order = await orderByKey(source.id, 'L1');
    expect(order.shippingCompany).toBeNull();
    expect(order.shippingCompanyRecognised).toBe('FedEx');
    expect(
      order.trackingNumbers.map((number) => [
        number.trackingNumber,
        number.carrier,
        number.carrierName,
        number.url,
      ]),
    ).toEqual([
      ['NOPE', null, null, null],
      [FEDEX, 'fedex', 'FedEx', `https://www.fedex.com/fedextrack/?trknbr=${FEDEX}`],
      [UPS, 'ups', 'UPS', `https://www.ups.com/track?tracknum=${UPS}`],
    ]);
    expect((await orderByKey(source.id, 'L2')).shippingCompanyRecognised).toBeNull();

    // The list call carries the same fields.
    const list = await t
      .as(orderUser)
      .post('/api/order-tracking/list', { PoNumberParam: 'PO-1', PageSize: 250 });
    const listed = (list.json().orders as OrderRecord[]).find((o) => o.id === order.id)!;
    expect(listed.shippingCompanyRecognised).toBe('FedEx');
    expect(listed.trackingNumbers[1]).toMatchObject({
      carrier: 'fedex',
      service: 'FedEx Express',
      checkDigit: 'valid',
    });
  });

  it('warns when the file’s shipping company and the numbers name different carriers', async () => {
    const source = await createSource(t, {
      columnMapping: { documentNumber: 'Line', shippingCompany: 'Carrier', trackingNumbers: 'Tracking' },
    });
    const result = await processFile(
      t,
      source.id,
      csv([
        ['Line', 'Carrier', 'Tracking'],
        ['L1', 'UPS Ground', UPS],
        ['L2', 'FedEx', UPS],
        ['L3', 'Federal Express', FEDEX],
        ['L4', 'Best Way Freight', UPS],
        ['L5', 'FedEx Ground Economy', USPS],
      ]),
    );
    expect(result.status).toBe('succeeded');
    const details = (await runOf(t, result.runId)).details as RunDetails;
    // L1 and L3 agree; a carrier name the recogniser does not know (L4) and an IMpb number, which USPS
    // delivers for consolidators (L5), never disagree.
    expect(details.warnings).toEqual([
      `Shipping Company says FedEx but the tracking number is a UPS number: row 3 (e.g. "${UPS}").`,
    ]);
    const order = await orderByKey(source.id, 'L2');
    expect(order.shippingCompany).toBe('FedEx');
    expect(order.shippingCompanyRecognised).toBeNull();
  });

  it('recognises numbers stored before carriers were: on read at once, and stored by the backfill', async () => {
    const source = await createSource(t);
    await processFile(t, source.id, csv([HEADER, ['L1', 'PO-1', 'A-1', '', '1', `${UPS};${UPS_MISTYPED}`]]));
    // As migration 0024 leaves rows written before it.
    await t.db.db
      .update(schema.orderTrackingNumbers)
      .set({ carrier: null, carrierName: null, carrierService: null, checkDigit: null, trackingUrl: null });
    const before = await orderByKey(source.id, 'L1');
    expect(before.trackingNumbers).toEqual([
      expect.objectContaining({ trackingNumber: UPS, carrier: 'ups', checkDigit: 'valid' }),
      expect.objectContaining({ trackingNumber: UPS_MISTYPED, carrier: 'ups', checkDigit: 'invalid' }),
    ]);
    const pending = await t.db.db.$count(schema.orderTrackingNumbers, sql`check_digit is null`);
    expect(pending).toBeGreaterThanOrEqual(2);
    // Batches of 1 walk every row: the loop ends when a batch comes back short.
    let done = 0;
    for (
      let batch = await recogniseStoredBatch(t.db.db, 1);
      batch > 0;
      batch = await recogniseStoredBatch(t.db.db, 1)
    )
      done += batch;
    expect(done).toBe(pending);
    expect(await t.db.db.$count(schema.orderTrackingNumbers, sql`check_digit is null`)).toBe(0);
    expect(await storedNumbers(source.id)).toEqual([
      expect.objectContaining({
        trackingNumber: UPS,
        carrier: 'ups',
        checkDigit: 'valid',
        trackingUrl: `https://www.ups.com/track?tracknum=${UPS}`,
      }),
      expect.objectContaining({ trackingNumber: UPS_MISTYPED, carrier: 'ups', checkDigit: 'invalid' }),
    ]);
  });

  it('recognises the numbers an operator types in Edit Order', async () => {
    const source = await createSource(t);
    await processFile(t, source.id, csv([HEADER, ['L1', 'PO-1', 'A-1', '', '1', UPS]]));
    const order = await orderByKey(source.id, 'L1');
    const saved = await t
      .as(orderUser)
      .post(`/api/order-tracking/order/${order.id}`, { trackingNumbers: [UPS, FEDEX] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedNumbers(source.id)).toEqual([
      expect.objectContaining({ trackingNumber: UPS, carrier: 'ups' }),
      expect.objectContaining({ trackingNumber: FEDEX, carrier: 'fedex', checkDigit: 'valid' }),
    ]);
  });

  it('filters the grid (and its export) by carrier, by a bad check digit and by no carrier, with either operator', async () => {
    const source = await createSource(t);
    await processFile(
      t,
      source.id,
      csv([
        HEADER,
        ['F1', 'PO-F1', 'A-1', '', '1', UPS],
        ['F2', 'PO-F2', 'A-2', '', '1', `${FEDEX};${UPS_MISTYPED}`],
        ['F3', 'PO-F3', 'A-3', '', '1', 'UNKNOWN-1'],
        ['F4', 'PO-F4', 'A-4', '', '1', 'RR123456785CH'],
      ]),
    );
    const keys = async (body: Record<string, unknown>) => {
      const response = await t
        .as(orderUser)
        .post('/api/order-tracking/list', { PageSize: 250, ItemNumberParam: '', ...body });
      expect(response.statusCode, response.body).toBe(200);
      const ids = new Set((response.json().orders as OrderRecord[]).map((order) => order.customerPoNumber));
      return [...ids].filter((po) => po?.startsWith('PO-F')).sort();
    };
    expect(await keys({ CarrierParam: 'ups' })).toEqual(['PO-F1', 'PO-F2']);
    expect(await keys({ CarrierParam: 'fedex' })).toEqual(['PO-F2']);
    expect(await keys({ CarrierParam: 'check-digit-invalid' })).toEqual(['PO-F2']);
    expect(await keys({ CarrierParam: 'none' })).toEqual(['PO-F3']);
    expect(await keys({ CarrierParam: 'post' })).toEqual(['PO-F4']);
    // With a search: AND narrows both; OR's terms are grouped under the carrier filter.
    expect(await keys({ CarrierParam: 'ups', PoNumberParam: 'PO-F2', AndOrParam: true })).toEqual(['PO-F2']);
    expect(await keys({ CarrierParam: 'ups', PoNumberParam: 'PO-F1', ItemNumberParam: 'A-3' })).toEqual([
      'PO-F1',
    ]);
    const bad = await t.as(orderUser).post('/api/order-tracking/list', { CarrierParam: "ups' or 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty(['CarrierParam']);

    const exported = await t
      .as(orderUser)
      .get('/api/order-tracking/export?format=csv&columns=customerPoNumber&CarrierParam=fedex');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('PO-F2');
    expect(exported.body).not.toContain('PO-F1');
  });
});

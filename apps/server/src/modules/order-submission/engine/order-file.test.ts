import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  headerAliases,
  ORDER_FIELDS,
  type OrderField,
  OrderFileError,
  orderFieldOfHeader,
  readOrderFile,
} from './order-file';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

function csv(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

function xlsxOf(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Orders');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function errorOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('the LibreOffice order files', () => {
  const expectedColumns: Record<OrderField, number> = {
    vendor: 0,
    batch: 1,
    rep: 2,
    vendorAddress: 3,
    vendorPhone: 4,
    vendorFax: 5,
    po: 6,
    orderDate: 7,
    reqShipDate: 8,
    shipVia: 9,
    shipTo: 10,
    address1: 11,
    careOf: 12,
    attention: 13,
    address2: 14,
    city: 15,
    state: 16,
    zipCode: 17,
    phone: 18,
    email: 19,
    itemDescription: 20,
    unitPrice: 21,
    qty: 22,
    total: 23,
  };

  it.each(['order-file.csv', 'order-file.xlsx', 'order-file.xls'])(
    '%s: every field recognised, codes kept as text',
    async (name) => {
      const file = await readOrderFile(fixture(name), name);
      expect(file.fileName).toBe(name);
      expect(file.headers).toHaveLength(25);
      expect(file.headers[6]).toBe('P.O.');
      expect(file.headers[24]).toBe('Channel');
      expect(file.fieldColumns).toEqual(expectedColumns);
      expect(file.lines.map((line) => line.rowNumber)).toEqual([2, 3, 4, 5, 6, 7]);
      expect(file.lines.map((line) => line.values.vendor)).toEqual([
        'Acme Supply',
        'Acme Supply',
        'Globex',
        'globex',
        'ACME SUPPLY CO.',
        'Initech',
      ]);
      expect(file.lines.map((line) => line.values.po)).toEqual([
        '000123',
        '000123',
        '004560',
        '004561',
        '000789',
        '009999',
      ]);
      expect(file.lines.map((line) => line.values.zipCode)).toEqual([
        '02134',
        '02134',
        '04101',
        '07102',
        '06103',
        '73301',
      ]);
      expect(file.lines.map((line) => line.values.qty)).toEqual(['2', '3', '10', '4', '5', '100']);
      const first = file.lines[0]!;
      expect(first.values).toMatchObject({
        batch: 'B-0042',
        rep: 'Dana',
        vendorAddress: '12 Industrial Way, Dayton OH',
        vendorPhone: '0937-555-0100',
        shipVia: 'UPS Ground',
        shipTo: 'Maria Lopez',
        address1: '45 Elm Street',
        careOf: '',
        attention: 'Maria Lopez',
        address2: 'Apt 2',
        city: 'Boston',
        state: 'MA',
        phone: '0617-555-0142',
        email: 'maria@example.com',
        itemDescription: 'Blue widget, 10 pack (SKU: WID-00100)',
      });
      expect(first.cells).toHaveLength(25);
      expect(first.cells[24]).toBe('Web');
      expect(Number(first.values.unitPrice)).toBe(12.5);
      expect(Number(first.values.total)).toBe(25);
    },
  );

  it('keeps dates as the CSV writes them, and reads workbook dates as YYYY-MM-DD', async () => {
    expect(
      (await readOrderFile(fixture('order-file.csv'), 'order-file.csv')).lines[0]!.values.orderDate,
    ).toBe('01/15/2025');
    for (const name of ['order-file.xlsx', 'order-file.xls']) {
      const line = (await readOrderFile(fixture(name), name)).lines[0]!;
      expect(line.values.orderDate).toBe('2025-01-15');
      expect(line.values.reqShipDate).toBe('2025-01-20');
    }
  });

  it('gives lines ready to be grouped by vendor, case and spaces aside', async () => {
    const file = await readOrderFile(fixture('order-file.xlsx'), 'order-file.xlsx');
    const groups = new Map<string, number[]>();
    for (const line of file.lines) {
      const key = (line.values.vendor ?? '').trim().toLowerCase();
      groups.set(key, [...(groups.get(key) ?? []), line.rowNumber]);
    }
    expect(Object.fromEntries(groups)).toEqual({
      'acme supply': [2, 3],
      globex: [4, 5],
      'acme supply co.': [6],
      initech: [7],
    });
  });
});

describe('header recognition', () => {
  it.each<[string, OrderField]>([
    ['Vendor', 'vendor'],
    ['VENDOR NAME', 'vendor'],
    ['P.O.', 'po'],
    ['PO Number', 'po'],
    ['po', 'po'],
    ['PO #', 'po'],
    ['P.O. No.', 'po'],
    ['Purchase Order', 'po'],
    ['Ship-To', 'shipTo'],
    ['SHIP TO', 'shipTo'],
    ['ship_to_name', 'shipTo'],
    ['Zip Code', 'zipCode'],
    ['ZIP', 'zipCode'],
    ['Zip/Postal Code', 'zipCode'],
    ['Qty', 'qty'],
    ['QTY.', 'qty'],
    ['Quantity', 'qty'],
    ['Item Description', 'itemDescription'],
    ['Description', 'itemDescription'],
    ['E-mail', 'email'],
    ['C/O', 'careOf'],
    ['Attn:', 'attention'],
    ['Req. Ship Date', 'reqShipDate'],
    ['Batch #', 'batch'],
    ['Address 1', 'address1'],
    ['Address1', 'address1'],
    ['Address', 'address1'],
    ['Address 2', 'address2'],
    ['ST', 'state'],
    ['Unit Price', 'unitPrice'],
    ['Line Total', 'total'],
    ['Vendor Fax', 'vendorFax'],
    ['  order   date ', 'orderDate'],
  ])('%j is %s', (header, field) => {
    expect(orderFieldOfHeader(header)).toBe(field);
  });

  it.each(['Channel', 'Notes', '', '#', 'Vendor Code'])('%j is no field', async (header) => {
    expect(orderFieldOfHeader(header)).toBeNull();
  });

  it('lists names for every field, each recognised as its own field', async () => {
    const aliases = headerAliases();
    expect(Object.keys(aliases)).toEqual([...ORDER_FIELDS]);
    for (const field of ORDER_FIELDS) {
      expect(aliases[field].length).toBeGreaterThan(0);
      for (const alias of aliases[field]) expect(orderFieldOfHeader(alias), alias).toBe(field);
    }
    aliases.po.push('changed');
    expect(headerAliases().po).not.toContain('changed');
  });

  it('recognises the variants in a real file', async () => {
    const file = await readOrderFile(
      csv('supplier name,P.O. #,Ship-To,ZIP,QTY.,Item\nAcme Supply,0042,Ann,01234,3,Widget\n'),
      'orders.csv',
    );
    expect(file.fieldColumns).toEqual({
      vendor: 0,
      po: 1,
      shipTo: 2,
      zipCode: 3,
      qty: 4,
      itemDescription: 5,
    });
    expect(file.lines[0]!.values).toEqual({
      vendor: 'Acme Supply',
      po: '0042',
      shipTo: 'Ann',
      zipCode: '01234',
      qty: '3',
      itemDescription: 'Widget',
    });
  });

  it('prefers the more specific name when two columns name one field, whatever their order', async () => {
    const file = await readOrderFile(
      csv('Date,Vendor,Order Date\n2025-02-01,Acme,2025-01-15\n'),
      'orders.csv',
    );
    expect(file.fieldColumns.orderDate).toBe(2);
    expect(file.lines[0]!.values.orderDate).toBe('2025-01-15');
  });

  it('takes the first of two columns with the same name', async () => {
    const file = await readOrderFile(csv('Vendor,PO,PO\nAcme,1,2\n'), 'orders.csv');
    expect(file.fieldColumns.po).toBe(1);
  });
});

describe('reading', () => {
  it('fails without a Vendor column, with the message the operator sees', async () => {
    const error = await errorOf(async () => await readOrderFile(csv('PO,Qty\n1,2\n'), 'orders.csv'));
    expect(error).toBeInstanceOf(OrderFileError);
    expect((error as Error).message).toBe('The order file has no Vendor column.');
  });

  it('finds the header row below a title block', async () => {
    const file = await readOrderFile(
      xlsxOf([['Daily orders'], [], ['Vendor', 'PO', 'Qty'], ['Acme', '000001', '2']]),
      'orders.xlsx',
    );
    expect(file.headers).toEqual(['Vendor', 'PO', 'Qty']);
    expect(file.lines).toEqual([
      { rowNumber: 4, values: { vendor: 'Acme', po: '000001', qty: '2' }, cells: ['Acme', '000001', '2'] },
    ]);
  });

  it('skips blank rows, keeps a line without a vendor, trims values but not cells', async () => {
    const file = await readOrderFile(
      csv('Vendor,PO,Notes\n Globex ,11,\n,,\n,12,total row\nAcme,13,\n'),
      'orders.csv',
    );
    expect(file.lines.map((line) => [line.rowNumber, line.values.vendor, line.values.po])).toEqual([
      [2, 'Globex', '11'],
      [4, '', '12'],
      [5, 'Acme', '13'],
    ]);
    expect(file.lines[0]!.cells).toEqual([' Globex ', '11', '']);
    expect(file.lines[1]!.cells[2]).toBe('total row');
  });

  it('fails on a file with no lines below its header', async () => {
    const error = await errorOf(async () => await readOrderFile(csv('Vendor,PO\n,\n'), 'orders.csv'));
    expect(error).toBeInstanceOf(OrderFileError);
    expect((error as Error).message).toBe('The order file has no order lines below its header row (row 1).');
  });

  it('fails on a file that is not a spreadsheet, naming the file', async () => {
    const pdf = await errorOf(async () => await readOrderFile(Buffer.from('%PDF-1.7\n...'), 'orders.xlsx'));
    expect(pdf).toBeInstanceOf(OrderFileError);
    expect((pdf as Error).message).toBe('orders.xlsx is a PDF document, not a spreadsheet.');
    const empty = await errorOf(async () => await readOrderFile(Buffer.alloc(0), 'orders.csv'));
    expect(empty).toBeInstanceOf(OrderFileError);
    expect((empty as Error).message).toBe('orders.csv is empty (0 bytes).');
    const broken = await errorOf(
      async () => await readOrderFile(fixture('order-file.xlsx').subarray(0, 2000), 'orders.xlsx'),
    );
    expect(broken).toBeInstanceOf(OrderFileError);
    expect((broken as Error).message).toMatch(/^orders\.xlsx /);
  });
});

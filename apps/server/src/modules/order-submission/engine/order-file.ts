/**
 * The order file of an order submission source (docs/behaviour/order-submission.md#order-files): a CSV, .xls or .xlsx sheet with one row per
 * order line, whose columns are recognised by their header text. Headers are compared with case, spaces
 * and punctuation ignored ('P.O. #', 'po#' and 'PO' are the same header), against the names listed in
 * HEADER_ALIASES (docs/behaviour/order-submission.md lists them; headerAliases() returns them).
 *
 * The header row is the first row, among the first few, that holds a Vendor column, so that a title row
 * or a blank line above the header does not defeat recognition. Every later row that holds a value is an
 * order line, including a row whose Vendor cell is blank: grouping reports it instead of losing it.
 * Cells are read as text (leading zeros of PO numbers and zip codes kept, see readTable).
 */
import { isSpreadsheetError, pinnedEncoding, readTable } from '../../../integrations/spreadsheet';

export const ORDER_FIELDS = [
  'vendor',
  'batch',
  'rep',
  'vendorAddress',
  'vendorPhone',
  'vendorFax',
  'po',
  'orderDate',
  'reqShipDate',
  'shipVia',
  'shipTo',
  'address1',
  'careOf',
  'attention',
  'address2',
  'city',
  'state',
  'zipCode',
  'phone',
  'email',
  'itemDescription',
  'unitPrice',
  'qty',
  'total',
] as const;

export type OrderField = (typeof ORDER_FIELDS)[number];

export interface OrderLine {
  /** 1-based row in the file, as a spreadsheet program numbers it. */
  rowNumber: number;
  /** The recognised columns' cells, trimmed; a field is absent when the file has no such column. */
  values: Partial<Record<OrderField, string>>;
  /** Every column of the row, as in the file (as wide as the header row or the widest row). */
  cells: string[];
}

export interface OrderFile {
  fileName: string;
  /** The header row as in the file. */
  headers: string[];
  /** 0-based column of each recognised field. */
  fieldColumns: Partial<Record<OrderField, number>>;
  lines: OrderLine[];
  /** How the file was read (the encoding assumed, the sheet chosen), for the run's warnings. */
  notes: string[];
}

export class OrderFileError extends Error {
  override readonly name = 'OrderFileError';
}

/**
 * Accepted header names per field, most specific first: when a file has two columns for one field
 * ('Order Date' and 'Date'), the one whose name comes first here wins. A name belongs to one field only.
 */
const HEADER_ALIASES: Record<OrderField, readonly string[]> = {
  vendor: ['Vendor', 'Vendor Name', 'Supplier', 'Supplier Name'],
  batch: ['Batch', 'Batch Number', 'Batch No', 'Batch ID'],
  rep: ['Rep', 'Sales Rep', 'Rep Name', 'Sales Representative', 'Representative'],
  vendorAddress: ['Vendor Address', 'Supplier Address'],
  vendorPhone: ['Vendor Phone', 'Vendor Phone Number', 'Supplier Phone'],
  vendorFax: ['Vendor Fax', 'Vendor Fax Number', 'Supplier Fax'],
  po: ['PO', 'PO Number', 'PO No', 'PO Num', 'Purchase Order', 'Purchase Order Number', 'Purchase Order No'],
  orderDate: ['Order Date', 'PO Date', 'Date Ordered', 'Date'],
  reqShipDate: ['Req Ship Date', 'Requested Ship Date', 'Required Ship Date', 'Ship Date', 'Ship By'],
  shipVia: ['Ship Via', 'Ship Method', 'Shipping Method', 'Carrier'],
  shipTo: ['Ship To', 'Ship To Name', 'Customer Name', 'Recipient', 'Recipient Name'],
  address1: [
    'Address 1',
    'Address Line 1',
    'Ship To Address',
    'Ship To Address 1',
    'Address',
    'Street',
    'Street Address',
  ],
  careOf: ['Care Of', 'C/O', 'In Care Of'],
  attention: ['Attention', 'Attn'],
  address2: ['Address 2', 'Address Line 2', 'Ship To Address 2'],
  city: ['City', 'Ship To City', 'Town'],
  state: ['State', 'ST', 'Ship To State', 'State/Province', 'Province'],
  zipCode: ['Zip Code', 'Zip', 'Zipcode', 'Ship To Zip', 'Postal Code', 'Postcode', 'Zip/Postal Code'],
  phone: ['Phone', 'Phone Number', 'Telephone', 'Tel', 'Ship To Phone', 'Customer Phone'],
  email: ['Email', 'Email Address', 'Customer Email', 'Ship To Email'],
  itemDescription: [
    'Item Description',
    'Description',
    'Item Desc',
    'Product Description',
    'Item',
    'Item Name',
    'Product',
  ],
  unitPrice: ['Unit Price', 'Price', 'Unit Cost', 'Price Each', 'Cost'],
  qty: ['Qty', 'Quantity', 'Qty Ordered', 'Quantity Ordered', 'Units'],
  total: ['Total', 'Line Total', 'Total Price', 'Extended Price', 'Ext Price', 'Amount'],
};

/** Rows looked at for the header row: enough for a title block above it, few enough to stay fast. */
const HEADER_SEARCH_ROWS = 20;

/** 'P.O. #', ' po# ' and 'PO' → 'po'; letters and digits of every script are kept. */
export function orderHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

const FIELD_BY_KEY: ReadonlyMap<string, { field: OrderField; rank: number }> = (() => {
  const byKey = new Map<string, { field: OrderField; rank: number }>();
  for (const field of ORDER_FIELDS) {
    HEADER_ALIASES[field].forEach((alias, rank) => {
      const key = orderHeaderKey(alias);
      const existing = byKey.get(key);
      if (existing && existing.field !== field) {
        throw new Error(`Order file header "${alias}" is listed for ${existing.field} and ${field}.`);
      }
      if (!existing) byKey.set(key, { field, rank });
    });
  }
  return byKey;
})();

export function headerAliases(): Record<OrderField, string[]> {
  const copy = {} as Record<OrderField, string[]>;
  for (const field of ORDER_FIELDS) copy[field] = [...HEADER_ALIASES[field]];
  return copy;
}

/** The field a header names, or null. */
export function orderFieldOfHeader(header: string): OrderField | null {
  return FIELD_BY_KEY.get(orderHeaderKey(header))?.field ?? null;
}

export async function readOrderFile(
  content: Buffer,
  fileName: string,
  /** The source's pinned encoding ('' or unknown: detected). */
  encoding = '',
): Promise<OrderFile> {
  let rows: string[][];
  let notes: string[];
  try {
    const pinned = pinnedEncoding(encoding);
    ({ rows, notes } = await readTable(content, { fileName, ...(pinned ? { encoding: pinned } : {}) }));
  } catch (error) {
    if (isSpreadsheetError(error)) throw new OrderFileError(error.message, { cause: error });
    throw error;
  }

  const headerRowIndex = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((row) => row.some((cell) => orderFieldOfHeader(cell) === 'vendor'));
  if (headerRowIndex < 0) throw new OrderFileError('The order file has no Vendor column.');
  const headers = rows[headerRowIndex] ?? [];
  const fieldColumns = recogniseColumns(headers);

  const lines: OrderLine[] = [];
  for (let r = headerRowIndex + 1; r < rows.length; r++) {
    const cells = rows[r] ?? [];
    if (cells.every((cell) => cell.trim() === '')) continue;
    const values: Partial<Record<OrderField, string>> = {};
    for (const field of ORDER_FIELDS) {
      const column = fieldColumns[field];
      if (column !== undefined) values[field] = (cells[column] ?? '').trim();
    }
    lines.push({ rowNumber: r + 1, values, cells: [...cells] });
  }
  if (lines.length === 0) {
    throw new OrderFileError(
      `The order file has no order lines below its header row (row ${headerRowIndex + 1}).`,
    );
  }
  return { fileName, headers: [...headers], fieldColumns, lines, notes };
}

function recogniseColumns(headers: readonly string[]): Partial<Record<OrderField, number>> {
  const best: Partial<Record<OrderField, { column: number; rank: number }>> = {};
  headers.forEach((header, column) => {
    const match = FIELD_BY_KEY.get(orderHeaderKey(header));
    if (!match) return;
    const current = best[match.field];
    if (!current || match.rank < current.rank) best[match.field] = { column, rank: match.rank };
  });
  const columns: Partial<Record<OrderField, number>> = {};
  for (const field of ORDER_FIELDS) {
    const found = best[field];
    if (found) columns[field] = found.column;
  }
  return columns;
}

/**
 * What each field of a source looks like: the header spellings suppliers, carriers, marketplaces and EDI
 * documents use for it (with how sure each spelling is), the words that rule a header out (a `Qty Ordered`
 * is never the shipped quantity), and the kind of values its column holds.
 * docs/design/mapping-suggestions.md#the-field-catalogue
 */
import {
  type InventoryMappingField,
  type MappingSuggestionKind,
  ORDER_MAPPING_LABELS,
  type OrderMappingField,
} from '@app/contracts';
import { headerSimilarity, headerWords } from './header-words';

/** The kind of values a field's column holds; column-profile.ts measures each. */
export type ValueType =
  | 'tracking'
  | 'carrier'
  | 'date'
  | 'quantity'
  | 'person'
  | 'party'
  | 'code'
  | 'status'
  | 'any';

export type SuggestionField = OrderMappingField | InventoryMappingField;

export interface FieldSpec {
  field: SuggestionField;
  label: string;
  /** How the operator would say it in a reason: "a ship date". */
  spoken: string;
  values: ValueType;
  /** Synonyms as canonical words, each with how strongly the spelling names this field (0–1). */
  synonyms: readonly { words: readonly string[]; strength: number; text: string }[];
  /** A header holding any of these words is not this field. */
  excludes: ReadonlySet<string>;
}

type Synonyms = Record<string, number>;

function spec(
  field: SuggestionField,
  label: string,
  spoken: string,
  values: ValueType,
  synonyms: Synonyms,
  excludes: readonly string[] = [],
): FieldSpec {
  return {
    field,
    label,
    spoken,
    values,
    synonyms: Object.entries(synonyms).map(([text, strength]) => ({
      words: headerWords(text),
      strength,
      text,
    })),
    excludes: new Set(excludes.flatMap((word) => headerWords(word))),
  };
}

const ADDRESS_WORDS = [
  'address',
  'street',
  'city',
  'state',
  'zip',
  'postal',
  'postcode',
  'phone',
  'email',
  'country',
  'province',
];

/** Free text an operator or a buyer types: never a name, a number or a status column. */
const FREE_TEXT_WORDS = [
  'note',
  'notes',
  'comment',
  'comments',
  'instructions',
  'message',
  'remarks',
  'memo',
];

const ORDER_FIELDS: readonly FieldSpec[] = [
  spec(
    'accountNumber',
    ORDER_MAPPING_LABELS.accountNumber,
    'an account number',
    'code',
    {
      'account number': 0.95,
      account: 0.85,
      'account code': 0.9,
      'bill to account': 0.85,
      'customer account': 0.8,
      'shipper account': 0.8,
    },
    ['name', 'type', ...ADDRESS_WORDS],
  ),
  spec(
    'brandName',
    ORDER_MAPPING_LABELS.brandName,
    'a brand',
    'party',
    { 'brand name': 0.95, brand: 0.95, manufacturer: 0.8, 'manufacturer name': 0.85, make: 0.6 },
    ['number', 'code', 'part', 'item'],
  ),
  spec(
    'customerName',
    ORDER_MAPPING_LABELS.customerName,
    "a customer's name",
    'party',
    {
      'customer name': 0.95,
      customer: 0.8,
      'sold to name': 0.9,
      'sold to': 0.7,
      'bill to name': 0.85,
      'account name': 0.7,
      retailer: 0.7,
      'retailer name': 0.85,
      'company name': 0.6,
      name: 0.45,
    },
    [
      'number',
      'code',
      'po',
      'reference',
      'ship',
      'recipient',
      'item',
      'product',
      ...ADDRESS_WORDS,
      ...FREE_TEXT_WORDS,
    ],
  ),
  spec(
    'customerNumber',
    ORDER_MAPPING_LABELS.customerNumber,
    'a customer number',
    'code',
    {
      'customer number': 0.95,
      'customer code': 0.9,
      'sold to number': 0.9,
      'sold to account': 0.8,
      'bill to number': 0.85,
      'ship to number': 0.75,
      'ship to code': 0.75,
      'store number': 0.75,
      'location number': 0.65,
      'dc number': 0.65,
      'retailer number': 0.75,
    },
    ['name', 'po', 'order', 'tracking', 'item', ...ADDRESS_WORDS],
  ),
  spec(
    'customerPoNumber',
    ORDER_MAPPING_LABELS.customerPoNumber,
    'a PO number',
    'code',
    {
      'customer po number': 1,
      'po number': 0.95,
      po: 0.95,
      'customer po': 0.95,
      'retailer po': 0.95,
      'retailer po number': 0.95,
      'client po': 0.9,
      'buyer po': 0.9,
      'po reference': 0.9,
      'customer reference': 0.8,
      'customer order number': 0.85,
      'customer order': 0.8,
      'order number': 0.75,
      order: 0.6,
      'order reference': 0.75,
      'reference number': 0.55,
      reference: 0.5,
      'marketplace order number': 0.8,
    },
    ['date', 'line', 'status', 'item', 'type', 'quantity', 'supplier', 'so', 'sales', 'invoice', 'total'],
  ),
  spec(
    'documentNumber',
    ORDER_MAPPING_LABELS.documentNumber,
    'a document number',
    'code',
    {
      'document number': 0.95,
      'sales document': 0.9,
      'invoice number': 0.85,
      invoice: 0.75,
      'so number': 0.85,
      so: 0.8,
      'sales order number': 0.85,
      'supplier order number': 0.85,
      'seller order number': 0.85,
      'order number': 0.55,
      'ship number': 0.75,
      'ship reference': 0.7,
      'asn number': 0.8,
      'packing slip number': 0.8,
      'confirmation number': 0.7,
      'bol number': 0.7,
      'bill of lading': 0.7,
      'delivery number': 0.7,
    },
    ['date', 'line', 'status', 'item', 'tracking', 'quantity', 'customer', 'po', 'amount', 'total'],
  ),
  spec(
    'estimatedArrivalDate',
    ORDER_MAPPING_LABELS.estimatedArrivalDate,
    'an expected delivery date',
    'date',
    {
      'estimated arrival date': 1,
      'estimated arrival': 0.95,
      'estimated delivery date': 0.95,
      'estimated delivery': 0.9,
      'delivery date': 0.85,
      'arrival date': 0.85,
      'estimated date': 0.6,
      'delivery by': 0.6,
    },
    // A requested date is the buyer's ask on the PO (X12 DTM qualifiers 002 Delivery Requested, 010 Requested
    // Ship), neither what happened nor what the carrier expects.
    ['order', 'ship', 'po', 'created', 'purchase', 'requested'],
  ),
  spec(
    'itemNumber',
    ORDER_MAPPING_LABELS.itemNumber,
    'an item number',
    'code',
    {
      'item number': 0.95,
      item: 0.85,
      sku: 0.9,
      'item code': 0.9,
      'product code': 0.9,
      'product number': 0.9,
      'item sku': 0.9,
      'seller sku': 0.9,
      'lineitem sku': 0.9,
      'supplier item number': 0.9,
      'buyer item number': 0.9,
      'supplier sku': 0.9,
      'style number': 0.8,
      style: 0.7,
      'model number': 0.8,
      'manufacturer item number': 0.85,
      // A part number is the manufacturer's or the supplier's code for the item: an item number, a little
      // behind a SKU, which is the seller's own (docs/design/mapping-suggestions.md#header-text).
      'part number': 0.9,
      'manufacturer part number': 0.85,
      'supplier part number': 0.9,
      vpn: 0.8,
      material: 0.7,
      'article number': 0.85,
      upc: 0.7,
      gtin: 0.65,
      ean: 0.65,
      asin: 0.7,
    },
    ['description', 'status', 'quantity', 'price', 'cost', 'order', 'date', 'name', 'type', 'line'],
  ),
  spec(
    'itemStatus',
    ORDER_MAPPING_LABELS.itemStatus,
    "an item's status",
    'status',
    { 'item status': 0.95, 'product status': 0.8, 'sku status': 0.85 },
    ['date', 'number', 'code'],
  ),
  spec(
    'lineStatus',
    ORDER_MAPPING_LABELS.lineStatus,
    "a line's status",
    'status',
    { 'line status': 0.95, 'line item status': 0.95, 'order line status': 0.95 },
    ['date', 'number', 'code'],
  ),
  spec(
    'orderDate',
    ORDER_MAPPING_LABELS.orderDate,
    'an order date',
    'date',
    {
      'order date': 1,
      'date order': 0.95,
      'order placed': 0.8,
      'order created': 0.85,
      'order entry date': 0.9,
      'purchase date': 0.85,
      // `Created at` dates the record the export is of: the order in an order export, the shipment in a
      // shipment export. Alone it is not enough to propose.
      'created at': 0.35,
      'created date': 0.35,
      'order time': 0.7,
    },
    ['ship', 'delivery', 'arrival', 'estimated', 'po', 'due', 'cancel', 'by', 'invoice'],
  ),
  spec(
    'poDate',
    ORDER_MAPPING_LABELS.poDate,
    'a PO date',
    'date',
    { 'po date': 1, 'customer po date': 1, 'po issue date': 0.9, 'po created': 0.85 },
    ['ship', 'delivery', 'arrival', 'estimated', 'cancel', 'due'],
  ),
  spec(
    'qty',
    ORDER_MAPPING_LABELS.qty,
    'an ordered quantity',
    'quantity',
    {
      quantity: 0.85,
      'quantity order': 0.95,
      'order quantity': 0.95,
      'quantity purchased': 0.9,
      'lineitem quantity': 0.85,
      'po quantity': 0.9,
      'original quantity': 0.8,
      'quantity requested': 0.8,
    },
    [
      'ship',
      'fulfil',
      'backorder',
      'cancel',
      'open',
      'remaining',
      'balance',
      'invoice',
      'delivery',
      'pack',
      'case',
      'weight',
      'price',
      'cost',
      'number',
      'available',
      'onhand',
      'package',
      'packages',
    ],
  ),
  spec(
    'qtyFulfilled',
    ORDER_MAPPING_LABELS.qtyFulfilled,
    'a shipped quantity',
    'quantity',
    {
      'quantity fulfil': 1,
      'quantity ship': 0.95,
      'ship quantity': 0.95,
      'number of quantity ship': 0.9,
      'quantity delivery': 0.75,
      'quantity invoice': 0.6,
    },
    ['order', 'backorder', 'cancel', 'open', 'remaining', 'balance', 'price', 'cost', 'weight', 'packages'],
  ),
  spec(
    'shipToName',
    ORDER_MAPPING_LABELS.shipToName,
    'a ship-to name',
    'person',
    {
      'ship to name': 1,
      'ship to': 0.85,
      'ship to contact': 0.85,
      'ship to company or name': 0.9,
      'ship to company': 0.75,
      'ship address name': 0.85,
      'ship to attention': 0.85,
      'ship name': 0.85,
      'recipient name': 0.95,
      recipient: 0.85,
      'recipient contact name': 0.9,
      'deliver to': 0.8,
      'deliver to name': 0.9,
      attention: 0.7,
      'end customer name': 0.8,
      name: 0.45,
    },
    [
      'number',
      'code',
      'company',
      'account',
      'method',
      'via',
      'carrier',
      'date',
      ...ADDRESS_WORDS,
      ...FREE_TEXT_WORDS,
    ],
  ),
  spec(
    'shippedDate',
    ORDER_MAPPING_LABELS.shippedDate,
    'a ship date',
    'date',
    {
      'shipped date': 1,
      'ship date': 1,
      'date ship': 1,
      'actual ship date': 0.95,
      'pickup date': 0.8,
      'collection date': 0.8,
      'estimated ship date': 0.75,
      'effective date': 0.55,
      'fulfil at': 0.7,
      'fulfil date': 0.85,
      shipped: 0.6,
    },
    [
      'order',
      'delivery',
      'arrival',
      'by',
      'due',
      'cancel',
      'po',
      'created',
      'window',
      'start',
      'end',
      'requested',
    ],
  ),
  spec(
    'supplierName',
    ORDER_MAPPING_LABELS.supplierName,
    "a supplier's name",
    'party',
    {
      'supplier name': 0.95,
      supplier: 0.9,
      'ship from name': 0.85,
      'ship from': 0.7,
      distributor: 0.8,
      'distributor name': 0.85,
      warehouse: 0.5,
    },
    [
      'number',
      'code',
      'item',
      'sku',
      'part',
      'order',
      'status',
      'account',
      ...ADDRESS_WORDS,
      ...FREE_TEXT_WORDS,
    ],
  ),
  spec(
    'supplierOrderStatus',
    ORDER_MAPPING_LABELS.supplierOrderStatus,
    "an order's status",
    'status',
    {
      'supplier order status': 1,
      'order status': 0.95,
      status: 0.7,
      'ship status': 0.85,
      'fulfil status': 0.8,
      'po status': 0.85,
      'delivery status': 0.8,
      'tracking status': 0.75,
    },
    ['date', 'number', 'code', 'line', 'item', 'reason'],
  ),
  spec(
    'trackingNumbers',
    ORDER_MAPPING_LABELS.trackingNumbers,
    'tracking numbers',
    'tracking',
    {
      'tracking number': 1,
      tracking: 0.9,
      'tracking code': 0.85,
      'tracking reference': 0.9,
      'shipper tracking number': 0.95,
      'lead tracking number': 0.95,
      'master tracking number': 0.95,
      'package tracking number': 0.95,
      'carrier tracking number': 0.95,
      'package number': 0.7,
      'pro number': 0.8,
      waybill: 0.85,
      'waybill number': 0.9,
      'consignment number': 0.85,
      'parcel number': 0.75,
    },
    [
      'url',
      'link',
      'carrier',
      'company',
      'type',
      'status',
      'date',
      'count',
      'event',
      'method',
      'cost',
      'weight',
    ],
  ),
  spec(
    'shippingCompany',
    ORDER_MAPPING_LABELS.shippingCompany,
    'a carrier',
    'carrier',
    {
      'shipping company': 1,
      carrier: 0.95,
      'carrier name': 0.95,
      'carrier code': 0.9,
      'ship carrier': 0.95,
      'ship via': 0.9,
      via: 0.7,
      scac: 0.9,
      'carrier scac': 0.95,
      'scac code': 0.9,
      'ship method': 0.7,
      // ERPs' mode of delivery (Dynamics' `DlvMode`, `Delivery method`): the carrier or its service.
      'delivery method': 0.65,
      'ship service': 0.6,
      'service type': 0.5,
      'freight carrier': 0.9,
      // Shop platforms' tracking screens and exports (BigCommerce's shipments, WooCommerce's shipment-tracking
      // add-ons) call the carrier the shipping provider.
      'ship provider': 0.85,
      routing: 0.5,
    },
    [
      'date',
      'cost',
      'charge',
      'account',
      'tracking',
      'weight',
      'amount',
      'price',
      'url',
      'description',
      ...ADDRESS_WORDS,
    ],
  ),
  spec('wildcard1', ORDER_MAPPING_LABELS.wildcard1, 'Wildcard 1', 'any', {}),
  spec('wildcard2', ORDER_MAPPING_LABELS.wildcard2, 'Wildcard 2', 'any', {}),
];

const INVENTORY_FIELDS: readonly FieldSpec[] = [
  spec(
    'itemNumberColumnName',
    'Item Number',
    'an item number',
    'code',
    {
      'item number': 0.95,
      item: 0.85,
      sku: 0.95,
      'item code': 0.9,
      'product code': 0.9,
      'product number': 0.9,
      'product number sku': 0.9,
      // A stock file's rows are items: a bare `ID`, `No.` or `#` is the item's own number (Google's local
      // inventory feed `id`, Shopify's `Variant ID`-less exports), below every named spelling.
      number: 0.75,
      // A bare `Code` likewise (BigCommerce's product export, many ERPs' item lists).
      code: 0.75,
      'supplier item number': 0.9,
      'supplier sku': 0.9,
      'style number': 0.8,
      'model number': 0.8,
      'manufacturer item number': 0.85,
      // In a stock file the SKU is what the stock is counted by; a part number beside it is the maker's.
      'part number': 0.8,
      'manufacturer part number': 0.8,
      'supplier part number': 0.8,
      vpn: 0.8,
      'article number': 0.85,
      // French catalogues and shop exports (PrestaShop's product export) name the item's code `Référence`.
      reference: 0.7,
      material: 0.7,
      upc: 0.75,
      gtin: 0.7,
      ean: 0.7,
      asin: 0.7,
    },
    ['description', 'status', 'quantity', 'price', 'cost', 'name', 'type', 'weight'],
  ),
  spec(
    'qtyColumnName',
    'Quantity',
    'a stock quantity',
    'quantity',
    {
      quantity: 0.85,
      // What can be sold comes before what is on the shelf: on hand counts units already committed to orders
      // (Shopify's and lana's exports have both; the available one is what a stock feed reports).
      'quantity available': 0.95,
      available: 0.92,
      'available quantity': 0.95,
      'available to sell': 0.9,
      ats: 0.8,
      atp: 0.8,
      onhand: 0.85,
      'quantity onhand': 0.9,
      stock: 0.8,
      'stock quantity': 0.9,
      'stock level': 0.9,
      inventory: 0.8,
      'inventory quantity': 0.9,
      'free stock': 0.85,
      balance: 0.6,
    },
    [
      'order',
      'reserved',
      'allocated',
      'backorder',
      'incoming',
      'committed',
      'min',
      'max',
      'reorder',
      // Thresholds, not stock: BigCommerce's `Low Stock Level`, `inventory_warning_level`, a `Safety Stock`.
      'low',
      'warning',
      'threshold',
      'safety',
      'case',
      'pack',
      'price',
      'cost',
      'status',
      'weight',
      'date',
      'eta',
      'due',
      'transit',
      'next',
      'future',
      'expected',
      'estimated',
    ],
  ),
  spec(
    'itemStatusColumnName',
    'Item Status',
    "an item's status",
    'status',
    {
      status: 0.85,
      'item status': 0.95,
      'stock status': 0.95,
      'product status': 0.9,
      'inventory status': 0.9,
      availability: 0.85,
      'availability status': 0.95,
      lifecycle: 0.7,
      instock: 0.6,
    },
    ['date', 'number', 'code', 'quantity', 'reason'],
  ),
];

export const FIELD_CATALOGUE: Record<MappingSuggestionKind, readonly FieldSpec[]> = {
  'order-tracking': ORDER_FIELDS,
  inventory: INVENTORY_FIELDS,
};

export interface HeaderMatch {
  score: number;
  /** The synonym it matched, for the reason. */
  synonym: string | null;
}

/** How strongly a header names a field: its best synonym's similarity × strength, 0 when a word rules it out. */
export function headerMatch(words: readonly string[], field: FieldSpec, text?: string): HeaderMatch {
  const best = synonymMatch(words, field);
  // `Shipment Scheduled Delivery Date`, `Shipment Pickup Date`: a leading `Shipment` names the record the
  // export is about, not the field; the rest is read on its own when the whole header is ruled out. Only
  // `Shipment` as written: in `Shipping customer name` the word says which customer (the ship-to).
  const ledByShipment =
    text === undefined || /^[\s_-]*(?:shipments?|Shipments?|SHIPMENTS?)(?![a-z])/.test(text);
  if (
    best.score === 0 &&
    ledByShipment &&
    words.length >= 3 &&
    words[0] === 'ship' &&
    !SHIP_PARTIES.has(words[1]!)
  ) {
    const rest = synonymMatch(words.slice(1), field);
    return { score: rest.score * 0.9, synonym: rest.synonym };
  }
  return best;
}

/** `Ship To …`, `Ship From …`, `Ship Via …`: there `ship` is part of the field's own words. */
const SHIP_PARTIES: ReadonlySet<string> = new Set(['to', 'from', 'via', 'method', 'address']);

function synonymMatch(words: readonly string[], field: FieldSpec): HeaderMatch {
  if (words.length === 0) return { score: 0, synonym: null };
  let best: HeaderMatch = { score: 0, synonym: null };
  for (const synonym of field.synonyms) {
    // A word that rules the field out counts unless the synonym itself holds it: `Carrier Tracking #` is a
    // tracking number, `Carrier` alone is not.
    const excluded = words.filter((word) => field.excludes.has(word));
    if (excluded.some((word) => !synonym.words.includes(word))) continue;
    const similarity = headerSimilarity(words, synonym.words);
    // Such a synonym must be there whole: `Ship Address` is a street, `Ship Address Name` a name.
    if (excluded.length > 0 && !synonym.words.every((word) => words.includes(word))) continue;
    // A partial match counts for less than its share of words: `Ship To City` is not `Ship To`.
    const score = similarity === 1 ? synonym.strength : synonym.strength * similarity ** 2;
    if (score > best.score) best = { score, synonym: synonym.text };
  }
  return best;
}

/**
 * EDI X12 flat files that name their columns by element id (`W0606`, `MAN02`): the element each id stands for in
 * the 945 Warehouse Shipping Advice and the 856 Ship Notice, and the field it fills. Only elements whose meaning
 * does not hang on a qualifier in another column are listed (`REF02` or `DTM02` can be anything).
 * docs/design/mapping-suggestions.md#edi-element-ids
 */
export const X12_ELEMENTS: Readonly<
  Record<string, { field: SuggestionField; strength: number; element: string }>
> = {
  // 945: W06 Warehouse Shipment Identification
  W0602: { field: 'documentNumber', strength: 0.75, element: 'Depositor Order Number' },
  W0603: { field: 'shippedDate', strength: 0.9, element: 'Date (shipped)' },
  W0606: { field: 'customerPoNumber', strength: 0.95, element: 'Purchase Order Number' },
  // 945: W27 Carrier Detail
  W2702: { field: 'shippingCompany', strength: 0.9, element: 'Standard Carrier Alpha Code' },
  // 945: W12 Warehouse Item Detail
  W1201: { field: 'lineStatus', strength: 0.7, element: 'Shipment/Order Status Code' },
  W1202: { field: 'qty', strength: 0.95, element: 'Quantity Ordered' },
  W1203: { field: 'qtyFulfilled', strength: 0.95, element: 'Number of Units Shipped' },
  W1206: { field: 'itemNumber', strength: 0.75, element: 'U.P.C. Case Code' },
  W1208: { field: 'itemNumber', strength: 0.7, element: 'Product/Service ID' },
  // 945 and 856: MAN Marks and Numbers (the carrier's package number)
  MAN02: { field: 'trackingNumbers', strength: 0.85, element: 'Marks and Numbers' },
  // 856: BSN Beginning Segment for Ship Notice, PRF Purchase Order Reference, TD5 Carrier Details, SN1 Item Detail
  BSN02: { field: 'documentNumber', strength: 0.8, element: 'Shipment Identification' },
  BSN03: { field: 'shippedDate', strength: 0.7, element: 'Date' },
  PRF01: { field: 'customerPoNumber', strength: 0.95, element: 'Purchase Order Number' },
  PRF04: { field: 'poDate', strength: 0.9, element: 'Date (of the purchase order)' },
  TD503: { field: 'shippingCompany', strength: 0.8, element: 'Identification Code (SCAC)' },
  SN102: { field: 'qtyFulfilled', strength: 0.9, element: 'Number of Units Shipped' },
  SN105: { field: 'qty', strength: 0.85, element: 'Quantity Ordered' },
};

type X12Reading = { field: SuggestionField | null; strength: number; element: string };

/**
 * Elements whose meaning is their qualifier's, in the code lists of the X12 dictionary: an EDI flat file writes
 * the qualifier after the element id (`REF02_CN`, `DTM02_011`, `N102_ST`, `LIN03 (SK)`), as translators do
 * when one element repeats with several qualifiers. A qualified element the list knows but no field takes
 * (`MAN02_GM`, a carton's SSCC-18) reads as nothing, so the bare element's meaning does not apply to it.
 * docs/design/mapping-suggestions.md#edi-element-ids
 */
const X12_QUALIFIED: Readonly<Record<string, Readonly<Record<string, X12Reading>>>> = {
  // REF01 Reference Identification Qualifier
  REF02: {
    CN: { field: 'trackingNumbers', strength: 0.85, element: "Carrier's Reference Number" },
    '2I': { field: 'trackingNumbers', strength: 0.9, element: 'Tracking Number' },
    PO: { field: 'customerPoNumber', strength: 0.9, element: 'Purchase Order Number' },
    IV: { field: 'documentNumber', strength: 0.75, element: "Seller's Invoice Number" },
    VN: { field: 'documentNumber', strength: 0.75, element: 'Vendor Order Number' },
    CO: { field: null, strength: 0, element: 'Customer Order Number' },
    BM: { field: null, strength: 0, element: 'Bill of Lading Number' },
  },
  // DTM01 Date/Time Qualifier
  DTM02: {
    '011': { field: 'shippedDate', strength: 0.9, element: 'Shipped' },
    '017': { field: 'estimatedArrivalDate', strength: 0.85, element: 'Estimated Delivery' },
    '371': { field: 'estimatedArrivalDate', strength: 0.85, element: 'Estimated Arrival Date' },
    '067': { field: 'estimatedArrivalDate', strength: 0.7, element: 'Current Schedule Delivery' },
    '004': { field: 'poDate', strength: 0.85, element: 'Purchase Order' },
    '002': { field: null, strength: 0, element: 'Delivery Requested' },
    '010': { field: null, strength: 0, element: 'Requested Ship' },
  },
  // N101 Entity Identifier Code
  N102: {
    ST: { field: 'shipToName', strength: 0.85, element: 'Name (Ship To)' },
    BY: { field: 'customerName', strength: 0.7, element: 'Name (Buying Party)' },
    SU: { field: 'supplierName', strength: 0.7, element: 'Name (Supplier/Manufacturer)' },
    SF: { field: null, strength: 0, element: 'Name (Ship From)' },
  },
  // MAN01 Marks and Numbers Qualifier
  MAN02: {
    CP: { field: 'trackingNumbers', strength: 0.9, element: 'Carrier-Assigned Package ID Number' },
    GM: { field: null, strength: 0, element: 'SSCC-18 and Application Identifier' },
  },
  // 846 Inventory Inquiry/Advice: QTY01 Quantity Qualifier
  QTY02: {
    '33': { field: 'qtyColumnName', strength: 0.85, element: 'Quantity Available for Sale' },
    '17': { field: 'qtyColumnName', strength: 0.6, element: 'Quantity on Hand' },
  },
};

/** LIN and PO1 product/service id qualifiers: the element's position varies, the qualifier says what it is. */
const X12_PRODUCT_IDS: Readonly<Record<string, X12Reading>> = {
  SK: { field: 'itemNumber', strength: 0.8, element: 'Stock Keeping Unit (SKU)' },
  VN: { field: 'itemNumber', strength: 0.8, element: "Vendor's (Seller's) Item Number" },
  VP: { field: 'itemNumber', strength: 0.75, element: "Vendor's (Seller's) Part Number" },
  BP: { field: 'itemNumber', strength: 0.6, element: "Buyer's Part Number" },
  IN: { field: 'itemNumber', strength: 0.6, element: "Buyer's Item Number" },
  UP: { field: 'itemNumber', strength: 0.55, element: 'U.P.C. Consumer Package Code' },
  EN: { field: 'itemNumber', strength: 0.55, element: 'EAN/UCC-13' },
};

/** `REF02_CN`, `DTM02-011`, `N102 (ST)`: an element id and its qualifier, and nothing else. */
const QUALIFIED_ID = /^([A-Z][A-Z0-9]{1,2})(\d{2})(?:[_-]|\s*\()([A-Z0-9]{2,3})\)?$/;

/** What a qualified element id stands for, or undefined when the header is not one the lists know. */
export function x12Qualified(text: string): (X12Reading & { id: string }) | undefined {
  const parts = QUALIFIED_ID.exec(text.trim().toUpperCase());
  if (!parts) return undefined;
  const [, segment, position, qualifier] = parts as unknown as [string, string, string, string];
  const id = `${segment}${position}`;
  const reading =
    X12_QUALIFIED[id]?.[qualifier] ??
    (segment === 'LIN' || segment === 'PO1' || segment === 'SLN' ? X12_PRODUCT_IDS[qualifier] : undefined);
  return reading ? { ...reading, id: `${id} qualified ${qualifier} (${reading.element})` } : undefined;
}

/** How strongly a header names a field, by its words or, for an EDI flat file, by its X12 element id. */
export function fieldHeaderMatch(text: string, words: readonly string[], field: FieldSpec): HeaderMatch {
  const match = headerOrElementMatch(text, words, field);
  // `estimated_fulfillment_date` beside `actual_fulfillment_date`: both hold the ship date's words, but an
  // estimate is the plan, not the fact. A date header that says estimated, matched by a synonym that does not,
  // counts a tenth less, so the actual one is not a tie.
  if (
    field.values === 'date' &&
    match.score > 0 &&
    words.includes('estimated') &&
    match.synonym !== null &&
    !match.synonym.includes('estimated') &&
    !match.synonym.startsWith('X12 ')
  )
    return { score: match.score * 0.9, synonym: match.synonym };
  return match;
}

function headerOrElementMatch(text: string, words: readonly string[], field: FieldSpec): HeaderMatch {
  const qualified = x12Qualified(text);
  if (qualified) {
    // A stock file's item column is the same product id as a shipment's.
    const named =
      qualified.field === 'itemNumber' && field.field === 'itemNumberColumnName'
        ? 'itemNumberColumnName'
        : qualified.field;
    return named === field.field
      ? { score: qualified.strength, synonym: `X12 ${qualified.id}` }
      : { score: 0, synonym: null };
  }
  const element = X12_ELEMENTS[text.trim().toUpperCase()];
  if (element?.field === field.field)
    return { score: element.strength, synonym: `X12 ${text.trim().toUpperCase()} ${element.element}` };
  // `PRF04 Date`, `SN102 Number of Units Shipped`: an EDI flat file naming its column by element id and name.
  const leading = /^([A-Z][A-Z0-9]{1,2}\d{2})\s+\S/.exec(text.trim().toUpperCase());
  const named = leading ? X12_ELEMENTS[leading[1]!] : undefined;
  if (named?.field === field.field)
    return { score: named.strength, synonym: `X12 ${leading![1]} ${named.element}` };
  let whole = headerMatch(words, field, text);
  // `Available (not editable)`, `On hand (current)`: a note in brackets after the name says how the column is
  // kept, not what it holds; the name alone counts, a little less sure.
  const bare = text.replace(/\s*\([^)]*\)\s*$/, '');
  if (bare !== text && bare.trim() !== '') {
    const match = headerMatch(headerWords(bare), field, bare);
    if (match.score * 0.97 > whole.score) whole = { score: match.score * 0.97, synonym: match.synonym };
  }
  // `ShipToAddress.CompanyName`, `shipping_address.name`: a dotted path, as exports flattened from JSON or XML
  // name their columns. The leaf is the field; the segments before it name the record it sits in, so an
  // address there (`ShipToAddress`) says where the name belongs, not that the column is part of an address.
  const path = text.trim().split('.');
  if (path.length > 1 && path.every((segment) => /^\p{L}[\p{L}\d_]*$/u.test(segment))) {
    const leaf = path.at(-1)!;
    const record = path
      .slice(0, -1)
      .flatMap((segment) => headerWords(segment))
      .filter((word) => word !== 'address');
    const read = `${record.join(' ')} ${leaf}`;
    const match = headerMatch(
      [...record, ...headerWords(leaf).filter((w) => !record.includes(w))],
      field,
      read,
    );
    if (match.score * 0.97 > whole.score) whole = { score: match.score * 0.97, synonym: match.synonym };
  }
  // `Positionsnummer / Artikelnummer`, `Ship Date / Pickup Date`: a header naming alternatives with a spaced
  // slash is as good as its best alternative, a little less sure than a header naming one thing.
  const alternatives = text.split(/\s+\/\s+/);
  if (alternatives.length < 2) return whole;
  let best = whole;
  for (const part of alternatives) {
    const match = headerMatch(headerWords(part), field, part.trim());
    if (match.score * 0.95 > best.score) best = { score: match.score * 0.95, synonym: match.synonym };
  }
  return best;
}

/**
 * suggestMapping: a sample file's first rows → the set-up a source needs (header row, one column per field,
 * the unique column, the delimiter between tracking numbers), each proposal with a confidence and a reason in
 * the operator's words (docs/design/mapping-suggestions.md). Pure: no database, no file reading.
 *
 * Invariants:
 * - a column is proposed for at most one field (conflicts go to the surer proposal);
 * - below PROPOSE_THRESHOLD nothing is proposed: the field's column is null and its reason says why;
 * - a proposed column is the header text as the file spells it (trimmed), which is what an import looks the
 *   column up by; the 0-based index as a string when the file has no header, or when the header cell is empty
 *   or repeated (an import would find the first column of that name).
 */
import {
  type FieldSuggestion,
  MAPPING_SUGGESTION_FIELDS,
  type MappingSuggestion,
  type MappingSuggestionKind,
  type SuggestedColumn,
  type UniqueColumn,
} from '@app/contracts';
import { normaliseHeader } from '../order-tracking-ingestion/header-drift';
import { type ColumnProfile, fileDateOrder, profileColumn, share } from './column-profile';
import { FIELD_CATALOGUE, type FieldSpec, fieldHeaderMatch, type ValueType } from './field-catalogue';
import { chooseHeaderRow } from './header-row';
import { headerWords } from './header-words';
import { type EvidenceMatch, evidenceLookup, type LearnedEvidence } from './learned-evidence';

/** Proposals below this confidence are not made. */
export const PROPOSE_THRESHOLD = 0.5;
/** Data rows looked at: enough for every signal, few enough for a 10 MB file. */
export const ROWS_TO_PROFILE = 2000;
/** Cells looked at, at most (down to 200 rows): a 1,000-column file answers as fast as a 10-column one. */
export const CELLS_TO_PROFILE = 100_000;

const SPECIFIC: ReadonlySet<ValueType> = new Set(['tracking', 'carrier', 'date', 'quantity']);

interface ValueFit {
  fit: number;
  veto: boolean;
  /** What the values show, for the reason; empty when they show nothing. */
  says: string;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

function quoteList(values: readonly string[], max = 3): string {
  return values
    .slice(0, max)
    .map((value) => `'${value.length > 24 ? `${value.slice(0, 23)}…` : value}'`)
    .join(', ');
}

/** How well a column's values fit a kind of value, and whether they rule the field out. */
export function valueFit(type: ValueType, p: ColumnProfile): ValueFit {
  const enough = p.count >= 3;
  const of = `of ${p.count}`;
  switch (type) {
    case 'tracking': {
      const sure = share(p, p.tracking);
      const likely = share(p, p.trackingLikely);
      const weak = share(p, p.trackingWeak);
      const carriers = p.trackingCarriers.slice(0, 3).join('/');
      const checked = p.trackingValidCheck === p.tracking ? ' with valid check digits' : '';
      const vouched = p.trackingLikely - p.tracking;
      return {
        // A number only its check digit vouches for counts for most of a sure one.
        fit: sure + 0.8 * (likely - sure),
        // A column of barcodes: nearly every value a GTIN with a valid GS1 check digit (a FedEx column has about
        // one in ten). A 12-digit UPC passes FedEx's check one time in five, which is no tracking number.
        veto: enough && (sure + weak < 0.3 || (share(p, p.gtins) >= 0.8 && sure < 0.5)),
        says:
          vouched > 0
            ? `${p.trackingLikely} ${of} values are ${carriers} numbers (${vouched} by a valid check digit alone)`
            : p.tracking > 0
              ? `${p.tracking} ${of} values are ${carriers} numbers${checked}`
              : weak > 0
                ? `${p.trackingWeak} ${of} values only have the length of a tracking number`
                : '',
      };
    }
    case 'carrier': {
      const s = share(p, p.carriers);
      return {
        fit: s,
        veto: enough && s < 0.5,
        says:
          p.carriers > 0
            ? `${p.carriers} ${of} values name a carrier (${p.carrierNames.slice(0, 3).join(', ')})`
            : '',
      };
    }
    case 'date': {
      const s = share(p, p.dates);
      return {
        fit: s,
        veto: enough && s < 0.6,
        says: p.dates > 0 ? `${p.dates} ${of} values are dates` : '',
      };
    }
    case 'quantity': {
      const s = share(p, p.integers);
      const small = p.maxInteger <= 10_000;
      const veto =
        enough &&
        (s < 0.7 ||
          p.maxInteger > 1_000_000 ||
          share(p, p.tracking) > 0.3 ||
          share(p, p.dates) > 0.5 ||
          share(p, p.gtins) > 0.3);
      return {
        fit: small ? s : s * 0.3,
        veto,
        says:
          p.integers > 0
            ? `${p.integers} ${of} values are whole numbers from ${p.minInteger.toLocaleString('en-US')} to ${p.maxInteger.toLocaleString('en-US')}`
            : '',
      };
    }
    case 'person': {
      const s = share(p, p.people);
      return {
        fit: s,
        // `TRUE`/`FALSE`, `Yes`/`No`: a flag (`customerPickup`, `Residential`) names nobody.
        veto:
          enough &&
          (share(p, p.wordy) < 0.5 ||
            share(p, p.carriers) > 0.5 ||
            share(p, p.flags) >= 0.5 ||
            share(p, p.codeWords) >= 0.8),
        says: p.people > 0 ? `${p.people} ${of} values look like people's names` : '',
      };
    }
    case 'party': {
      const s = share(p, p.wordy);
      return {
        fit: s,
        // `BRKWD`, `BRKWD-DS`: an account's or an address's short code names no party.
        veto:
          enough &&
          (s < 0.5 || share(p, p.carriers) > 0.5 || share(p, p.flags) >= 0.5 || share(p, p.codeWords) >= 0.8),
        says:
          share(p, p.flags) >= 0.5
            ? `values are yes/no flags such as ${quoteList(p.examples, 2)}`
            : share(p, p.codeWords) >= 0.8
              ? `values are short codes such as ${quoteList(p.examples, 2)}`
              : p.wordy > 0
                ? `values are names such as ${quoteList(p.examples, 2)}`
                : '',
      };
    }
    case 'code': {
      const codes = share(p, p.codes);
      const veto =
        enough &&
        (share(p, p.dates) > 0.5 ||
          share(p, p.trackingLikely) > 0.5 ||
          share(p, p.wordy) > 0.6 ||
          share(p, p.money) > 0.5 ||
          share(p, p.flags) >= 0.5 ||
          (share(p, p.integers) > 0.8 && p.maxInteger < 100));
      return {
        fit: codes,
        veto,
        says:
          p.count > 0
            ? `${p.distinct} different ${plural(p.distinct, 'value', 'values')} in ${p.count} rows, like ${quoteList(p.examples, 2)}`
            : '',
      };
    }
    case 'status': {
      const s = share(p, p.statusLike);
      // `0`, `1`, `2` under a status header: an enumerated status code (database exports store the status as
      // its number). A few single digits are not a count; the header carries it, the values only allow it.
      const enumerated = p.count >= 5 && p.distinct <= 5 && share(p, p.integers) >= 0.9 && p.maxInteger <= 9;
      return {
        fit: p.statusWords > 0 ? s : s * 0.7,
        // `New`, `Rebuilt`, `Used` under `Status`: the item's condition, which says nothing of whether it is sold.
        veto: enough && ((s < 0.5 && !enumerated) || share(p, p.conditions) >= 0.8),
        says:
          p.statusLike > 0
            ? `${p.distinct} different ${plural(p.distinct, 'value', 'values')}: ${quoteList(p.examples)}`
            : '',
      };
    }
    default:
      return { fit: 0, veto: false, says: '' };
  }
}

/** Ten or more different values, every one a number a carrier's check digit vouches for, none a barcode. */
function checkedColumn(p: ColumnProfile): boolean {
  return (
    p.count >= 10 && p.trackingLikely === p.count && p.distinct >= p.count * 0.9 && share(p, p.gtins) < 0.2
  );
}

const VENDOR_PARTIES: ReadonlySet<string> = new Set(['supplierName', 'brandName']);
const ITEM_FIELDS: ReadonlySet<string> = new Set(['itemNumber', 'itemNumberColumnName']);
/**
 * Shop platforms a retailer runs its own shop on, whose order numbers are the retailer's own orders. Not the
 * marketplaces: in a marketplace's own report (`amazon-order-id` beside `merchant-order-id`) its order id is the
 * marketplace's, and marketplace order numbers have their value rule.
 */
const SHOP_PLATFORMS: ReadonlySet<string> = new Set(['magento', 'shopify', 'woocommerce', 'bigcommerce']);
/** Marketplaces that number the items they list (a header naming one is the marketplace's item number). */
const MARKETPLACES: ReadonlySet<string> = new Set([
  'amazon',
  'ebay',
  'walmart',
  'newegg',
  'etsy',
  'wayfair',
  'rakuten',
  'kaufland',
  'zalando',
  'allegro',
  'cdiscount',
  'mirakl',
  'shopify',
]);

interface Candidate {
  field: string;
  column: number;
  confidence: number;
  headerScore: number;
  /** The catalogue spelling the header matched, if any. */
  synonym: string | null;
  reason: string;
}

interface ColumnInfo {
  index: number;
  /** As written, trimmed; '' without a header. */
  header: string;
  words: string[];
  profile: ColumnProfile;
  evidence: Map<string, EvidenceMatch>;
}

function candidateFor(spec: FieldSpec, column: ColumnInfo, fileHasHeader: boolean): Candidate | null {
  const match = fieldHeaderMatch(column.header, column.words, spec);
  const learned = column.evidence.get(spec.field);
  const fromEvidence = learned !== undefined && learned.score >= match.score;
  const headerScore = Math.max(match.score, learned?.score ?? 0);
  const fit = valueFit(spec.values, column.profile);
  const specific = SPECIFIC.has(spec.values);

  let confidence = 0;
  if (headerScore > 0) {
    const base = headerScore * 0.85;
    if (fit.veto) confidence = base * 0.25;
    // An empty column in the sample: the header is all there is, and nothing can confirm it.
    else if (column.profile.count === 0) confidence = base * 0.6;
    else confidence = base + (1 - base) * fit.fit * (specific ? 0.7 : 0.35) * headerScore;
  }
  const p = column.profile;
  // Codes that call themselves POs (`PO4500120`) are the PO, whatever the header calls them, and not another
  // document's number.
  const poValues = p.count >= 3 && share(p, p.poPrefixed) >= 0.8;
  if (poValues && spec.field === 'documentNumber') confidence *= 0.5;
  // Barcodes (GTINs with a valid check digit) identify the item too, but a file that also has the seller's own
  // code keys its items by that: between the two, the barcode comes second.
  if (ITEM_FIELDS.has(spec.field) && p.count >= 3 && share(p, p.gtins) >= 0.8) confidence -= 0.05;
  // `112`, `113`, `114`: a record's running key (BigCommerce's `Product ID` beside its `Code`), which nobody
  // orders by; still the item when nothing else is.
  if (ITEM_FIELDS.has(spec.field) && p.running) confidence *= 0.8;
  // `NeweggItemNumber` beside `SellerPartNumber`, `Walmart Item ID`: the marketplace's own number for the
  // item, which it lists the item by; the supplier's file keys its stock and lines by the seller's code.
  const marketplaceItem = ITEM_FIELDS.has(spec.field) && column.words.some((word) => MARKETPLACES.has(word));
  if (marketplaceItem) confidence *= 0.8;
  // `MagentoOrderNo` beside `NAVOrderNo`: the order number of the shop or marketplace the retailer sells on is
  // the retailer's own order, which the supplier's ERP echoes beside its own; between two equal headers, the
  // one naming the platform is the PO.
  if (spec.field === 'customerPoNumber' && column.words.some((word) => SHOP_PLATFORMS.has(word)))
    confidence += 0.05;
  // Amazon's and eBay's order numbers are the buyer's order, which a source keys by as its PO.
  const marketplaceValues = p.count >= 3 && share(p, p.marketplaceOrders) >= 0.8;
  if (marketplaceValues && spec.field === 'documentNumber') confidence *= 0.5;
  // An identifier field whose values are not identifiers (`RMA-5144 DOCK 8`, free text): the header alone is
  // not enough.
  if (spec.values === 'code' && p.count >= 3 && share(p, p.codes) < 0.3) confidence *= 0.75;
  // `order_id` beside `order_number`: an export's `ID` is usually the platform's own key, the `number` the one
  // people quote; between two equal headers the number goes first.
  if (spec.values === 'code' && endsInId(column.header)) confidence -= 0.03;
  // Values alone name a field only when they are unmistakable: tracking numbers, carriers, PO-prefixed codes.
  let byValues = 0;
  if (spec.values === 'tracking') {
    const s = share(p, p.tracking);
    const likely = share(p, p.trackingLikely);
    if (s >= 0.6) byValues = 0.5 + 0.45 * s;
    // Nearly every value a tracking number, some sure and the rest vouched for by their check digit: the values
    // win over a header that says nothing (`Tracks`) or names something else (`Shipment Identification Number`).
    if (p.count >= 5 && likely >= 0.9 && s >= 0.2) byValues = Math.max(byValues, 0.55 + 0.4 * likely);
    // None sure, but every one of ten or more different numbers passes a carrier's check digit (Canada Post's
    // 16-digit PINs, Purolator's 12): numbers that are not tracking numbers pass one time in ten, so a whole
    // column of them is no accident. Less sure than a header or a sure number; never over barcodes.
    else if (checkedColumn(p)) byValues = Math.max(byValues, 0.45 + 0.2 * likely);
  } else if (spec.values === 'carrier') {
    // Service descriptions (`DHL SmartMail Parcel Expedited Max`) name a carrier in passing: the column may be
    // the service level, so without a header saying carrier they do not propose it.
    const s = share(p, p.carriers - p.carrierServices);
    if (s >= 0.9) byValues = 0.4 + 0.45 * s;
  } else if (spec.field === 'customerPoNumber' && poValues) {
    byValues = 0.6 + 0.2 * share(p, p.poPrefixed);
  } else if (spec.field === 'customerPoNumber' && marketplaceValues && match.score > 0) {
    // Only with a header that names some order or reference: the values say whose order, the header that it
    // is one.
    byValues = 0.6 + 0.15 * share(p, p.marketplaceOrders);
  }
  if (byValues > confidence) confidence = byValues;
  // `Vendor` is the supplier in a retailer's file and the brand in a distributor's (Ingram's `vendor_name` is
  // the maker): the values, names either way, do not tell which, so the header alone proposes neither.
  const vendorParty =
    !fromEvidence &&
    VENDOR_PARTIES.has(spec.field) &&
    /vendor|vndr|(^|[^a-z])vend([^a-z]|$)/i.test(column.header);
  if (vendorParty) confidence = Math.min(confidence, PROPOSE_THRESHOLD - 0.05);
  if (confidence <= 0) return null;

  const parts: string[] = [];
  if (fileHasHeader && column.header !== '') {
    if (fromEvidence && learned) {
      const sources = learned.weight === 1 ? 'once' : `${+learned.weight.toFixed(1)} times`;
      parts.push(
        `header '${column.header}' was mapped to ${spec.label} on this installation before (${sources})`,
      );
    } else if (match.synonym?.startsWith('X12 ')) {
      parts.push(`header '${column.header}', the EDI element ${match.synonym.slice(4)}`);
    } else if (match.score > 0) parts.push(`header '${column.header}'`);
    else parts.push(`header '${column.header}' says little, the values decide`);
  }
  if (fit.says) parts.push(fit.veto ? `but ${fit.says}` : fit.says);
  if (ITEM_FIELDS.has(spec.field) && p.running) parts.push('the values run in sequence, like a record key');
  if (marketplaceItem) parts.push("a marketplace's own number for the item, not the seller's");
  if (vendorParty) parts.push('a vendor may be the supplier or the brand, the values do not tell');
  return {
    field: spec.field,
    column: column.index,
    confidence: Math.min(0.99, confidence),
    headerScore,
    synonym: fromEvidence ? null : match.synonym,
    reason: parts.join('; ') || 'by the values',
  };
}

/**
 * When the PO column is the order's number (`order_number`, `Order Ref`: the header says order, not PO), a
 * second bare order number beside it (`order_id`) is the same order's other key, not a document of the
 * supplier's: the document number is left empty. Beside a header that says PO, an `Order #` is the supplier's.
 */
function sameOrderTwice(chosen: Map<string, Candidate>, taken: Map<number, string>): void {
  const po = chosen.get('customerPoNumber');
  const document = chosen.get('documentNumber');
  if (!po?.synonym || !document?.synonym) return;
  const poSaysOrder = po.synonym.includes('order') && !/\bpo\b/.test(po.synonym);
  if (poSaysOrder && document.synonym === 'order number') {
    chosen.delete('documentNumber');
    taken.delete(document.column);
  }
}

/** Two spellings closer than this, on the same synonym, are a tie the header does not settle. */
const TIE = 0.05;

const endsInId = (header: string) => /(^|[\s_-])id$|[a-z]Id$/i.test(header.trim());

/**
 * Proposals whose evidence does not single out one column or one field are withdrawn, as an empty field the
 * operator fills is better than a wrong one (docs/design/mapping-suggestions.md#third-round-abstaining):
 * - two free columns matched by the same spelling, within TIE of each other in header and confidence
 *   (`Order_id` and `Order_increment_id`, `Reference Number 1` and `Reference Number 2`): the header does not
 *   say which one the file means, and the values do not either. The id-or-number rule is a reason of its own:
 *   `order_number` beside `order_id` is settled;
 * - a header that only partly names a field and names another field of the same kind of value about as well
 *   (`Date prévue`, a planned date: the ship date or the arrival?): the header does not say which.
 * Returns the withdrawn fields with the reason to show.
 */
function withholdAmbiguous(
  chosen: Map<string, Candidate>,
  taken: Map<number, string>,
  candidates: readonly Candidate[],
  specs: readonly FieldSpec[],
  columns: readonly ColumnInfo[],
): Map<string, { confidence: number; reason: string }> {
  const withheld = new Map<string, { confidence: number; reason: string }>();
  const kindOf = (field: string) => specs.find((spec) => spec.field === field)?.values;
  const name = (index: number) => columns[index]!.header || `column ${index + 1}`;
  for (const [field, pick] of chosen) {
    if (pick.synonym === null || pick.headerScore === 0) continue;
    const rival = candidates.find(
      (other) =>
        other.field === field &&
        other.column !== pick.column &&
        !taken.has(other.column) &&
        other.synonym === pick.synonym &&
        pick.confidence - other.confidence < TIE &&
        Math.abs(pick.headerScore - other.headerScore) < TIE &&
        endsInId(columns[other.column]!.header) === endsInId(columns[pick.column]!.header),
    );
    if (rival) {
      withheld.set(field, {
        confidence: pick.confidence,
        reason: `'${name(pick.column)}' and '${name(rival.column)}' fit equally well; the file does not say which one is meant`,
      });
      continue;
    }
    // Dates only: between identifiers the PO and the document number are settled by their own rules, and an
    // order date and a PO date are the same day in most files.
    if (pick.headerScore >= 0.8 || kindOf(field) !== 'date') continue;
    const other = candidates.find(
      (c) =>
        c.column === pick.column &&
        c.field !== field &&
        c.headerScore > 0 &&
        kindOf(c.field) === 'date' &&
        !(ORDER_DATES.has(c.field) && ORDER_DATES.has(field)) &&
        c.headerScore >= pick.headerScore - 0.2,
    );
    if (other) {
      const label = specs.find((spec) => spec.field === other.field)?.label ?? other.field;
      withheld.set(field, {
        confidence: pick.confidence,
        reason: `'${name(pick.column)}' may as well be ${label}; the header does not say which`,
      });
    }
  }
  for (const [field] of withheld) {
    taken.delete(chosen.get(field)!.column);
    chosen.delete(field);
  }
  return withheld;
}

/**
 * A value's form: digits as 9, letters and the rest as written (`SO-3321` → `SO-9999`): the prefix says who
 * numbered it.
 */
function shapeOf(text: string): string {
  return text.toUpperCase().replace(/[0-9]/g, '9');
}

/** The form most of a column's values share, with its share of the filled rows. */
export function dominantShape(
  rows: readonly (readonly string[])[],
  firstDataRow: number,
  column: number,
): { shape: string; share: number } {
  const counts = new Map<string, number>();
  let filled = 0;
  for (let r = firstDataRow; r < rows.length; r++) {
    const text = (rows[r]![column] ?? '').trim();
    if (text === '') continue;
    filled++;
    const shape = shapeOf(text);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  let best = { shape: '', share: 0 };
  for (const [shape, count] of counts)
    if (count / filled > best.share) best = { shape, share: count / filled };
  return best;
}

/**
 * A document number written exactly as the PO is (`1053974706626` beside `7065112654418`: thirteen digits both)
 * is most likely the same buyer's other number for the order (a marketplace's customer order beside its PO), not
 * the supplier's own: a supplier numbers its documents its own way. It is withheld rather than guessed.
 */
function documentLikePo(
  chosen: ReadonlyMap<string, Candidate>,
  rows: readonly (readonly string[])[],
  firstDataRow: number,
): { confidence: number; reason: string } | null {
  const po = chosen.get('customerPoNumber');
  const document = chosen.get('documentNumber');
  if (!po || !document) return null;
  const a = dominantShape(rows, firstDataRow, po.column);
  const b = dominantShape(rows, firstDataRow, document.column);
  if (a.shape.length < 8 || a.shape !== b.shape || a.share < 0.8 || b.share < 0.8) return null;
  return {
    confidence: document.confidence,
    reason: `the closest column is written as the PO is (${a.shape.replace(/9/g, '#')}): more likely the buyer's other number for the order than the supplier's`,
  };
}

/**
 * A customer who is a person (the values are people's names), in a file with no ship-to column, is the one the
 * shipment goes to: the column is proposed as the ship-to name, which a tracking source shows, rather than as
 * the customer. A customer that is a company (a retailer, a store) stays the customer.
 */
function customerIsRecipient(
  chosen: Map<string, Candidate>,
  taken: Map<number, string>,
  columns: readonly ColumnInfo[],
): void {
  const customer = chosen.get('customerName');
  if (!customer || chosen.has('shipToName')) return;
  const p = columns[customer.column]!.profile;
  if (p.count < 3 || share(p, p.people) < 0.6) return;
  chosen.delete('customerName');
  chosen.set('shipToName', {
    ...customer,
    field: 'shipToName',
    reason: `${customer.reason}; a person, and no other column names the recipient, so the shipment goes to them`,
  });
  taken.set(customer.column, 'shipToName');
}

/**
 * `Created at` dates the record an export is of. Beside a column that is plainly the ship date, that record is
 * the order; alone, it may be the shipment (a shipment export), so it is not proposed as the order date.
 */
/**
 * A bare `Quantity` is the ordered quantity by its header, but a line is not ordered 0 times: where a few of
 * its values are 0 (a line not shipped yet, in Odoo's and NetSuite's fulfilment exports and a 856's units
 * shipped), the column counts what was shipped. The ordered reading drops under the threshold; the shipped one
 * takes its place, a little less sure. docs/design/mapping-suggestions.md#confidence-and-conflicts
 */
function zerosAreShipped(candidates: Candidate[], columns: readonly ColumnInfo[]): void {
  for (const candidate of [...candidates]) {
    if (candidate.field !== 'qty' || candidate.synonym !== 'quantity') continue;
    const p = columns[candidate.column]!.profile;
    if (p.count < 10 || p.zeros === 0) continue;
    if (candidates.some((other) => other.field === 'qtyFulfilled' && other.column === candidate.column))
      continue;
    const zeros = `${p.zeros} of ${p.count} values are 0, which a shipped quantity is on a line not shipped yet and an ordered one hardly ever is`;
    candidates.push({
      ...candidate,
      field: 'qtyFulfilled',
      confidence: candidate.confidence * 0.9,
      reason: `${candidate.reason}; ${zeros}`,
    });
    candidate.confidence *= 0.55;
    candidate.reason = `${candidate.reason}; but ${zeros}`;
  }
}

/**
 * `item_id` (91781) beside `item_sku` (CT-0909): an `…id` of bare digits is the platform's record key, the
 * column the file itself calls SKU is the code people order by, so between the two the SKU goes first.
 */
function skuOverId(candidates: Candidate[], columns: readonly ColumnInfo[]): void {
  const items = candidates.filter((candidate) => ITEM_FIELDS.has(candidate.field));
  const hasSku = (candidate: Candidate) => {
    const words = columns[candidate.column]!.words;
    // PrestaShop's and other shops' product `reference` is the SKU.
    return words.includes('sku') || (words.length === 1 && (words[0] === 'code' || words[0] === 'reference'));
  };
  for (const candidate of items) {
    const column = columns[candidate.column]!;
    const p = column.profile;
    if (!endsInId(column.header) || p.count < 3 || share(p, p.integers) < 0.9) continue;
    if (!items.some((other) => other.field === candidate.field && other !== candidate && hasSku(other)))
      continue;
    candidate.confidence *= 0.85;
    candidate.reason +=
      "; its values are bare numbers, like a record key, and another column is the item's SKU or code";
  }
}

const ORDER_DATES: ReadonlySet<string> = new Set(['orderDate', 'poDate']);

function createdIsOrderDate(candidates: Candidate[]): void {
  const shipDate = candidates.find((c) => c.field === 'shippedDate' && c.headerScore >= 0.8);
  for (const candidate of candidates) {
    if (!ORDER_DATES.has(candidate.field) || !candidate.synonym?.includes('created')) continue;
    if (candidate.field === 'orderDate' && shipDate && shipDate.column !== candidate.column) {
      candidate.confidence = Math.min(0.99, candidate.confidence + 0.1);
      candidate.reason += '; another column is the ship date, so the record created is the order';
    } else candidate.confidence = Math.min(candidate.confidence, PROPOSE_THRESHOLD - 0.05);
  }
}

/** Order in which the per-row comparison puts date columns (earliest first) when the file has no header. */
function chronological(dateColumns: ColumnProfile[]): ColumnProfile[] {
  const before = (a: ColumnProfile, b: ColumnProfile) => {
    let earlier = 0;
    let compared = 0;
    for (const [row, date] of a.dateByRow) {
      const other = b.dateByRow.get(row);
      if (other === undefined) continue;
      compared++;
      if (date <= other) earlier++;
    }
    return compared === 0 ? 0.5 : earlier / compared;
  };
  return [...dateColumns].sort((a, b) => {
    const ab = before(a, b);
    if (ab > 0.5) return -1;
    if (ab < 0.5) return 1;
    return a.index - b.index;
  });
}

/** Fields a headerless file's values alone can tell: the rest are read from the columns' places. */
const TOLD_BY_VALUES: ReadonlySet<string> = new Set(['trackingNumbers', 'shippingCompany', 'shipToName']);
/** Past this many columns with values, places tell too little: an EDI flat file, a carrier's billing data. */
const WIDE_HEADERLESS = { 'order-tracking': 10, inventory: 5 } as const;

/**
 * A wide file without a header (an EDI ship notice's 14 positions, a stock interface's 8) has too many columns
 * of codes, dates and small numbers for their places to say which is which: what only a place tells is offered
 * under the threshold there. PO-prefixed codes and the only date column keep their proposal: their values tell.
 */
function headerlessCandidates(
  kind: MappingSuggestionKind,
  columns: ColumnInfo[],
  rows: readonly (readonly string[])[],
  firstDataRow: number,
): Candidate[] {
  const candidates = headerlessGuesses(kind, columns, rows, firstDataRow);
  const width = columns.filter((column) => column.profile.count > 0).length;
  if (width <= WIDE_HEADERLESS[kind]) return candidates;
  const dateColumns = columns.filter((column) => share(column.profile, column.profile.dates) >= 0.8).length;
  for (const candidate of candidates) {
    if (TOLD_BY_VALUES.has(candidate.field)) continue;
    if (candidate.field === 'shippedDate' && dateColumns === 1) continue;
    const p = columns[candidate.column]!.profile;
    if (candidate.field === 'customerPoNumber' && share(p, p.poPrefixed) >= 0.8) continue;
    if (candidate.confidence <= 0.45) continue;
    candidate.confidence = 0.45;
    candidate.reason += `; in a file of ${width} columns without a header, the place alone does not tell`;
  }
  return candidates;
}

/**
 * Candidates of a file without a header, where the kinds of values and their places are all there is: dates in
 * their order (ordered ≤ shipped ≤ delivered), whole numbers (ordered, then a shipped count that never exceeds
 * it), people's names, codes (the first is usually the PO, the next the item), statuses.
 */
function headerlessGuesses(
  kind: MappingSuggestionKind,
  columns: ColumnInfo[],
  rows: readonly (readonly string[])[],
  firstDataRow: number,
): Candidate[] {
  const out: Candidate[] = [];
  const used = new Set<number>();
  const add = (field: string, column: ColumnProfile, confidence: number, reason: string) => {
    out.push({ field, column: column.index, confidence, headerScore: 0, synonym: null, reason });
    used.add(column.index);
  };
  const profiles = columns.map((column) => column.profile).filter((p) => p.count > 0);
  const isTrackingOrCarrier = (p: ColumnProfile) =>
    share(p, p.tracking) >= 0.6 || share(p, p.carriers) >= 0.7 || checkedColumn(p);
  const codes = profiles.filter(
    (p) =>
      !isTrackingOrCarrier(p) &&
      share(p, p.codes) >= 0.8 &&
      !(share(p, p.integers) > 0.8 && p.maxInteger < 10_000) &&
      // `10.70`, `38.70`: amounts, not identifiers.
      share(p, p.money) < 0.5 &&
      share(p, p.dates) < 0.5,
  );
  const quantities = profiles.filter(
    (p) =>
      share(p, p.integers) >= 0.9 && p.maxInteger <= 10_000 && share(p, p.dates) < 0.5 && !codes.includes(p),
  );
  // `Y`/`N` is a flag (Voided, Residential), not a status: without a header nothing says what it flags.
  const statuses = profiles.filter(
    (p) => share(p, p.statusWords) >= 0.6 && share(p, p.flags) < 0.9 && !isTrackingOrCarrier(p),
  );

  if (kind === 'inventory') {
    const item = codes[0];
    if (item)
      add('itemNumberColumnName', item, 0.6, `the first column of codes (${valueFit('code', item).says})`);
    // A distributor's stock runs past 10,000 units (`27748` transistors): a column of whole numbers of every
    // width, from tens to tens of thousands, is a count; numbers of one width are article numbers.
    const anyWidth = (p: ColumnProfile) =>
      share(p, p.integers) >= 0.9 &&
      p.maxInteger <= 10_000_000 &&
      String(p.maxInteger).length - String(Math.max(0, p.minInteger)).length >= 2;
    const quantity =
      quantities.find((p) => !used.has(p.index)) ??
      profiles.find((p) => !used.has(p.index) && anyWidth(p) && share(p, p.dates) < 0.5);
    if (quantity)
      add(
        'qtyColumnName',
        quantity,
        0.6,
        `a column of whole numbers (${valueFit('quantity', quantity).says})`,
      );
    const status = statuses.find((p) => !used.has(p.index));
    if (status)
      add(
        'itemStatusColumnName',
        status,
        0.55,
        `a column of status words (${valueFit('status', status).says})`,
      );
    return out;
  }

  const dates = chronological(profiles.filter((p) => share(p, p.dates) >= 0.8));
  // Two dates are an order and a ship date, or a ship and a delivery date. Dates that come after the tracking
  // number in the row describe the shipment (ship, then delivery); otherwise the earlier is the order's.
  const trackingColumn = profiles.find(
    (p) => share(p, p.tracking) >= 0.6 || share(p, p.trackingLikely) >= 0.9 || checkedColumn(p),
  )?.index;
  const afterTracking =
    trackingColumn !== undefined && dates.length > 0 && dates.every((p) => p.index > trackingColumn);
  // Three dates after the tracking numbers are the shipment's events (picked up, cleared, delivered): the
  // first is the ship date, and what the others are no position tells.
  const dateFields =
    dates.length === 1
      ? ['shippedDate']
      : dates.length === 2
        ? afterTracking
          ? ['shippedDate', 'estimatedArrivalDate']
          : ['orderDate', 'shippedDate']
        : afterTracking
          ? ['shippedDate', 'estimatedArrivalDate', 'estimatedArrivalDate']
          : ['orderDate', 'shippedDate', 'estimatedArrivalDate'];
  dates.slice(0, 3).forEach((p, n) => {
    const field = dateFields[n]!;
    if (out.some((candidate) => candidate.field === field)) return;
    const why =
      dates.length === 1
        ? 'the only column of dates; in a file of shipments that is the ship date'
        : `dates, ${n === 0 ? 'the earliest' : n === dates.length - 1 ? 'the latest' : 'between the others'} on each row${afterTracking ? ', after the tracking numbers' : ''}`;
    // Without a header an order date and an expected delivery are guesses by position (an invoice date, a
    // delivery already made read the same way): offered below the threshold, for the operator to confirm.
    const sure = field === 'shippedDate' ? 0.55 : 0.45;
    add(field, p, sure, `${why} (${valueFit('date', p).says})`);
  });
  const [ordered, shipped] = quantities;
  if (ordered) {
    add('qty', ordered, 0.55, `a column of small whole numbers (${valueFit('quantity', ordered).says})`);
    // A shipped count never exceeds the ordered one on its row; in the other order the columns swap.
    if (shipped) {
      const [first, second] =
        notAbove(rows, shipped.index, ordered.index, firstDataRow) >= 0.9
          ? [ordered, shipped]
          : [shipped, ordered];
      out.pop();
      used.delete(ordered.index);
      add('qty', first, 0.55, `whole numbers, the larger on each row (${valueFit('quantity', first).says})`);
      add(
        'qtyFulfilled',
        second,
        0.5,
        `whole numbers never above ${first.index < second.index ? 'the column before' : 'the column after'} (${valueFit('quantity', second).says})`,
      );
    }
  }
  const person = profiles.find((p) => !used.has(p.index) && share(p, p.people) >= 0.6);
  if (person) add('shipToName', person, 0.6, `${valueFit('person', person).says}`);
  // One value on every row is the file's (an account, a shipper, a record type), not each line's item or PO.
  // `SH-04410`, `INV-77020` say they are a shipment's or an invoice's number: neither the PO nor the item.
  const freeCodes = codes.filter(
    (p) =>
      !used.has(p.index) && !(p.count >= 5 && p.distinct === 1) && share(p, p.otherDocumentPrefixed) < 0.8,
  );
  const poCandidates = freeCodes.filter((p) => p.distinct >= p.count * 0.3);
  // A wide positional file (a carrier's billing data) has many columns of unique codes: which one is the PO, no
  // position tells, so the first is not proposed unless there are at most two.
  const po = poCandidates.length <= 2 ? poCandidates[0] : undefined;
  if (po)
    add(
      'customerPoNumber',
      po,
      0.55,
      `the first column of codes, as a PO usually is (${valueFit('code', po).says})`,
    );
  // A line's item number sits with its quantity: the column of codes just before the quantities, when there
  // are quantities; else the next column of codes.
  // A date, a tracking number or a carrier between the codes and the quantities says the codes are the
  // shipment's (a ship confirmation's warehouse shipment id), not the line's.
  const quantityAt = out.find((candidate) => candidate.field === 'qty')?.column;
  const shipmentBetween = (from: number, to: number) =>
    profiles.some(
      (p) => p.index > from && p.index < to && (isTrackingOrCarrier(p) || share(p, p.dates) >= 0.6),
    );
  // Where the PO is not told by position, the item is not either: it comes from the same columns of codes.
  const beforeQuantity =
    quantityAt === undefined || poCandidates.length > 2
      ? undefined
      : freeCodes
          .filter((p) => p !== po && p.index < quantityAt && !shipmentBetween(p.index, quantityAt))
          .at(-1);
  // Without quantities the next column of codes is as likely a shipment's or an invoice's number as an item's.
  if (beforeQuantity)
    add(
      'itemNumber',
      beforeQuantity,
      0.5,
      `the column of codes before the quantities (${valueFit('code', beforeQuantity).says})`,
    );
  const status = statuses.find((p) => !used.has(p.index));
  if (status)
    add('supplierOrderStatus', status, 0.5, `a column of status words (${valueFit('status', status).says})`);
  // A quantity is a line's: with no column of items beside it, small whole numbers are as likely a package
  // count, a weight or a zone (a carrier's invoice), so they are not proposed.
  if (!out.some((candidate) => candidate.field === 'itemNumber'))
    return out.filter((candidate) => candidate.field !== 'qty' && candidate.field !== 'qtyFulfilled');
  return out;
}

/** Whether two columns of identifiers (values mostly different) hold the same value on (nearly) every row. */
export function sameValues(
  rows: readonly (readonly string[])[],
  firstDataRow: number,
  a: number,
  b: number,
): boolean {
  let compared = 0;
  let same = 0;
  const distinct = new Set<string>();
  for (let r = firstDataRow; r < rows.length; r++) {
    const x = (rows[r]![a] ?? '').trim();
    const y = (rows[r]![b] ?? '').trim();
    if (x === '' && y === '') continue;
    compared++;
    distinct.add(x);
    if (x === y) same++;
  }
  return compared >= 3 && distinct.size >= compared * 0.5 && same >= compared * 0.95;
}

/** Share of rows where column `a` holds a number not above column `b`'s. */
function notAbove(rows: readonly (readonly string[])[], a: number, b: number, firstDataRow: number): number {
  let compared = 0;
  let below = 0;
  for (let r = firstDataRow; r < rows.length; r++) {
    const x = Number((rows[r]![a] ?? '').replace(/,/g, ''));
    const y = Number((rows[r]![b] ?? '').replace(/,/g, ''));
    if (
      (rows[r]![a] ?? '').trim() === '' ||
      (rows[r]![b] ?? '').trim() === '' ||
      Number.isNaN(x) ||
      Number.isNaN(y)
    )
      continue;
    compared++;
    if (x <= y) below++;
  }
  return compared === 0 ? 0 : below / compared;
}

function samplesOf(rows: readonly (readonly string[])[], index: number, firstDataRow: number): string[] {
  const samples: string[] = [];
  for (let r = firstDataRow; r < rows.length && samples.length < 5; r++) {
    const text = (rows[r]![index] ?? '').trim();
    if (text !== '' && !samples.includes(text)) samples.push(text);
  }
  return samples;
}

export interface SuggestOptions {
  /**
   * Proposals below this confidence are not made; PROPOSE_THRESHOLD unless given. Only the benchmark's
   * reliability table asks for a lower one, to see how right the proposals below the threshold would be.
   */
  threshold?: number;
}

export function suggestMapping(
  rows: readonly (readonly string[])[],
  kind: MappingSuggestionKind,
  evidence?: LearnedEvidence,
  options: SuggestOptions = {},
): MappingSuggestion {
  const threshold = options.threshold ?? PROPOSE_THRESHOLD;
  const specs = FIELD_CATALOGUE[kind];
  const fieldNames: readonly string[] = MAPPING_SUGGESTION_FIELDS[kind];
  const lookup = evidenceLookup(evidence, kind, fieldNames);
  const known = (cell: string) => {
    const words = headerWords(cell);
    let best = 0;
    for (const spec of specs) best = Math.max(best, fieldHeaderMatch(cell, words, spec).score);
    for (const match of lookup(cell).values()) best = Math.max(best, match.score);
    return best >= 0.5 ? 1 : best;
  };
  const header = chooseHeaderRow(rows, known);
  const firstDataRow = header.firstDataRow;
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  // A very wide file is profiled on fewer rows, so that the cells looked at stay within CELLS_TO_PROFILE.
  const rowsToProfile = Math.max(
    200,
    Math.min(ROWS_TO_PROFILE, Math.floor(CELLS_TO_PROFILE / Math.max(1, width))),
  );
  const dataEnd = Math.min(rows.length, firstDataRow + rowsToProfile);
  const dataRows = rows.slice(0, dataEnd);
  const order = fileDateOrder(dataRows, firstDataRow);

  const headerCells =
    header.headerRowIndex === null ? [] : (rows[header.headerRowIndex] ?? []).map((cell) => cell.trim());
  const headerCounts = new Map<string, number>();
  for (const cell of headerCells) {
    const key = normaliseHeader(cell);
    if (key !== '') headerCounts.set(key, (headerCounts.get(key) ?? 0) + 1);
  }
  const columns: ColumnInfo[] = [];
  for (let index = 0; index < width; index++) {
    const text = headerCells[index] ?? '';
    columns.push({
      index,
      header: text,
      words: headerWords(text),
      profile: profileColumn(dataRows, index, firstDataRow, order),
      evidence: text === '' ? new Map() : lookup(text),
    });
  }
  const reference = (index: number): string => {
    const text = headerCells[index] ?? '';
    if (!header.fileHasHeader || text === '' || (headerCounts.get(normaliseHeader(text)) ?? 0) > 1)
      return String(index);
    return text;
  };

  const candidates: Candidate[] = [];
  for (const spec of specs) {
    for (const column of columns) {
      const candidate = candidateFor(spec, column, header.fileHasHeader);
      if (candidate) candidates.push(candidate);
    }
  }
  if (!header.fileHasHeader) candidates.push(...headerlessCandidates(kind, columns, dataRows, firstDataRow));
  createdIsOrderDate(candidates);
  zerosAreShipped(candidates, columns);
  skuOverId(candidates, columns);
  candidates.sort(
    (a, b) => b.confidence - a.confidence || b.headerScore - a.headerScore || a.column - b.column,
  );

  const chosen = new Map<string, Candidate>();
  const taken = new Map<number, string>();
  for (const candidate of candidates) {
    if (candidate.confidence < threshold) break;
    if (chosen.has(candidate.field) || taken.has(candidate.column)) continue;
    // A column that repeats, row by row, one already proposed (`order_number` beside `order_id`) tells
    // nothing new: a second field on it would be a guess.
    // Names may honestly repeat (the buyer is the recipient); identifiers may not.
    const isCode = (field: string) => specs.find((spec) => spec.field === field)?.values === 'code';
    if (
      isCode(candidate.field) &&
      [...taken].some(
        ([other, field]) => isCode(field) && sameValues(dataRows, firstDataRow, other, candidate.column),
      )
    )
      continue;
    chosen.set(candidate.field, candidate);
    taken.set(candidate.column, candidate.field);
  }

  sameOrderTwice(chosen, taken);
  const withheld = withholdAmbiguous(chosen, taken, candidates, specs, columns);
  const twin = documentLikePo(chosen, dataRows, firstDataRow);
  if (twin) {
    withheld.set('documentNumber', twin);
    taken.delete(chosen.get('documentNumber')!.column);
    chosen.delete('documentNumber');
  }
  customerIsRecipient(chosen, taken, columns);

  const fields: Record<string, FieldSuggestion> = {};
  for (const spec of specs) {
    const pick = chosen.get(spec.field);
    if (pick) {
      fields[spec.field] = {
        column: reference(pick.column),
        confidence: round(pick.confidence),
        reason: pick.reason,
      };
      continue;
    }
    const best = candidates.find((candidate) => candidate.field === spec.field);
    const doubt = withheld.get(spec.field);
    if (doubt) {
      fields[spec.field] = {
        column: null,
        confidence: round(Math.min(doubt.confidence, threshold - 0.01)),
        reason: doubt.reason,
      };
      continue;
    }
    let reason =
      spec.values === 'any'
        ? 'a wildcard is proposed only where this installation mapped the same header to it before'
        : `no column looks like ${spec.spoken}`;
    if (best && best.confidence >= 0.3) {
      const name = columns[best.column]!.header || `column ${best.column + 1}`;
      const other = taken.get(best.column);
      reason +=
        other && best.confidence >= threshold
          ? ` ('${name}' fits ${specs.find((s) => s.field === other)?.label ?? other} better)`
          : ` ('${name}' is the closest, not sure enough)`;
    }
    fields[spec.field] = {
      column: null,
      confidence: round(best ? Math.min(best.confidence, threshold - 0.01) : 0),
      reason,
    };
  }

  let uniqueColumn: UniqueColumn | null = null;
  let secondaryDelimiter: string | null = null;
  if (kind === 'order-tracking') {
    uniqueColumn = chooseUniqueColumn(chosen, dataRows, firstDataRow);
    const tracking = chosen.get('trackingNumbers');
    if (tracking) secondaryDelimiter = delimiterOf(columns[tracking.column]!.profile);
  }

  const suggestedColumns: SuggestedColumn[] = columns.map((column) => ({
    index: column.index,
    header: header.fileHasHeader && column.header !== '' ? column.header : null,
    samples: samplesOf(dataRows, column.index, firstDataRow),
  }));

  return {
    fileHasHeader: header.fileHasHeader,
    headerRowIndex: header.headerRowIndex,
    columns: suggestedColumns,
    fields,
    uniqueColumn,
    secondaryDelimiter,
  };
}

/** Fields whose column may key the orders, in the order they are preferred (docs/design/mapping-suggestions.md#unique-column). */
const KEY_CANDIDATES: readonly [string, UniqueColumn][] = [
  ['customerPoNumber', 'CustomerPoNumber'],
  ['documentNumber', 'DocumentNumber'],
];
/** Order-level fields: rows repeating a key should agree on them when the key is one per order. */
const ORDER_LEVEL_FIELDS = ['shipToName', 'orderDate', 'poDate', 'customerName', 'customerNumber'];

/**
 * The unique column follows the PO column: when a PO column is proposed it is the key (an order is the
 * retailer's PO; lines and shipments repeating it are lines and shipments of that order, which is what an
 * import groups by). Without one, the document number keys the orders if its values are filled on nearly
 * every row and unique per row, or per order (rows repeating a value agree on the ship-to, order date,
 * customer); else it is still proposed if mapped; else null.
 */
function chooseUniqueColumn(
  chosen: ReadonlyMap<string, Candidate>,
  rows: readonly (readonly string[])[],
  firstDataRow: number,
): UniqueColumn | null {
  if (chosen.has('customerPoNumber')) return 'CustomerPoNumber';
  const orderLevel = ORDER_LEVEL_FIELDS.flatMap((field) => {
    const pick = chosen.get(field);
    return pick ? [pick.column] : [];
  });
  let fallback: UniqueColumn | null = null;
  for (const [field, value] of KEY_CANDIDATES) {
    const pick = chosen.get(field);
    if (!pick) continue;
    fallback ??= value;
    if (keysOneOrder(rows, firstDataRow, pick.column, orderLevel)) return value;
  }
  return fallback;
}

/** Whether a column's values are filled and unique per row, or per order. */
export function keysOneOrder(
  rows: readonly (readonly string[])[],
  firstDataRow: number,
  column: number,
  orderLevel: readonly number[],
): boolean {
  let filledRows = 0;
  let dataRows = 0;
  let repeats = 0;
  let agreeing = 0;
  const firstRowOf = new Map<string, readonly string[]>();
  for (let r = firstDataRow; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((cell) => cell.trim() === '')) continue;
    dataRows++;
    const key = (row[column] ?? '').trim();
    if (key === '') continue;
    filledRows++;
    const first = firstRowOf.get(key);
    if (!first) {
      firstRowOf.set(key, row);
      continue;
    }
    repeats++;
    if (orderLevel.every((index) => (first[index] ?? '').trim() === (row[index] ?? '').trim())) agreeing++;
  }
  if (dataRows === 0 || filledRows < dataRows * 0.9) return false;
  if (repeats <= filledRows * 0.05) return true;
  return orderLevel.length > 0 && agreeing >= repeats * 0.9;
}

/** The delimiter that splits the most cells into several tracking numbers; null when cells hold one each. */
function delimiterOf(profile: ColumnProfile): string | null {
  let best: string | null = null;
  let most = 0;
  for (const [delimiter, count] of profile.multiTracking) {
    if (delimiter === '\n') continue;
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

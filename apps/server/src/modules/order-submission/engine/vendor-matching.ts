/**
 * Which vendor each order line goes to (docs/behaviour/order-submission.md#vendor-matching): the Vendor cell matches a vendor's vendorNameFromFile
 * or one of its aliases' vendorAliasNameFromFile, ignoring case and surrounding spaces, among the active,
 * not deleted vendors (and active, not deleted aliases) of the submission source. A line matched through
 * an alias carries the alias's account number when it has one. Lines that match nothing are reported by
 * the name in their Vendor cell, never dropped.
 */
import {
  MAP_STATIC_FILE_DATA_FIELDS,
  type OrderVendorSource,
  STATIC_FILE_DATA_FIELDS,
  VENDOR_MAP_FIELD_NAMES,
} from '@app/contracts';
import type { OrderLine } from './order-file';
import type { VendorFileSettings } from './vendor-file';

/** The vendor fields the engine reads; the saved vendor and the editor's unsaved form both have them. */
export type VendorSettingsFields = Pick<
  OrderVendorSource,
  | 'submitFileHeaderRowIndex'
  | 'vendorWantsTrimmedItemDescription'
  | 'vendorRegexForItemDescription'
  | 'vendorWantsAllAlignedLeft'
  | 'vendorWantsAllData'
  | (typeof VENDOR_MAP_FIELD_NAMES)[number]
  | (typeof STATIC_FILE_DATA_FIELDS)[number]
  | (typeof MAP_STATIC_FILE_DATA_FIELDS)[number]
>;

/** The file settings of a vendor for lines that carry `accountNumber`. */
export function vendorFileSettings(
  vendor: VendorSettingsFields,
  template: { fileName: string; content: Buffer } | null,
  options: { quantityOne: boolean; accountNumber: string },
): VendorFileSettings {
  const mappings: VendorFileSettings['mappings'] = {};
  for (const field of VENDOR_MAP_FIELD_NAMES) mappings[field] = vendor[field];
  return {
    template,
    headerRowIndex: vendor.submitFileHeaderRowIndex,
    mappings,
    staticData: STATIC_FILE_DATA_FIELDS.map((field, index) => ({
      value: vendor[field],
      column: vendor[MAP_STATIC_FILE_DATA_FIELDS[index]!],
    })),
    accountNumber: options.accountNumber,
    trimItemDescription: vendor.vendorWantsTrimmedItemDescription,
    itemDescriptionRegex: vendor.vendorRegexForItemDescription,
    alignLeft: vendor.vendorWantsAllAlignedLeft,
    allData: vendor.vendorWantsAllData,
    quantityOne: options.quantityOne,
  };
}

export function vendorNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** What a vendor needs for matching. */
export type MatchableVendor = Pick<
  OrderVendorSource,
  | 'id'
  | 'vendorNameFromFile'
  | 'vendorProvidedAccountNumber'
  | 'activeStatus'
  | 'deletedStatus'
  | 'vendorSourceAliases'
>;

export interface VendorMatch<V extends MatchableVendor> {
  vendor: V;
  /** The name that matched (the vendor's own, or the alias's), as configured. */
  matchedName: string;
  accountNumber: string;
  viaAlias: boolean;
}

export interface MatchedLine<L> {
  line: L;
  matchedName: string;
  accountNumber: string;
}

export interface VendorGroup<V extends MatchableVendor, L> {
  vendor: V;
  lines: MatchedLine<L>[];
}

export interface UnmatchedName<L> {
  /** As written in the file ('' for a blank Vendor cell). */
  vendorName: string;
  lines: L[];
  /** The name belongs to a vendor or alias that is switched off. */
  inactiveVendorName: string | null;
}

export interface Grouping<V extends MatchableVendor, L> {
  groups: VendorGroup<V, L>[];
  unknown: UnmatchedName<L>[];
}

function isLive(flags: { activeStatus: boolean; deletedStatus: boolean }): boolean {
  return flags.activeStatus && !flags.deletedStatus;
}

/** Name → match, for the live vendors and aliases; and name → vendor for the switched-off ones. */
export function vendorDirectory<V extends MatchableVendor>(vendors: readonly V[]) {
  const live = new Map<string, VendorMatch<V>>();
  const inactive = new Map<string, string>();
  for (const vendor of vendors) {
    if (vendor.deletedStatus) continue;
    const own = vendorNameKey(vendor.vendorNameFromFile);
    if (!isLive(vendor)) {
      inactive.set(own, vendor.vendorNameFromFile);
      for (const alias of vendor.vendorSourceAliases) {
        if (!alias.deletedStatus)
          inactive.set(vendorNameKey(alias.vendorAliasNameFromFile), vendor.vendorNameFromFile);
      }
      continue;
    }
    live.set(own, {
      vendor,
      matchedName: vendor.vendorNameFromFile,
      accountNumber: vendor.vendorProvidedAccountNumber.trim(),
      viaAlias: false,
    });
  }
  for (const vendor of vendors) {
    if (!isLive(vendor)) continue;
    for (const alias of vendor.vendorSourceAliases) {
      const key = vendorNameKey(alias.vendorAliasNameFromFile);
      if (alias.deletedStatus || key === '') continue;
      if (!alias.activeStatus) {
        if (!live.has(key)) inactive.set(key, vendor.vendorNameFromFile);
        continue;
      }
      // A vendor's own name wins over another vendor's alias of the same name (the editor refuses those).
      if (live.has(key)) continue;
      live.set(key, {
        vendor,
        matchedName: alias.vendorAliasNameFromFile,
        accountNumber: alias.vendorProvidedAccountNumber.trim() || vendor.vendorProvidedAccountNumber.trim(),
        viaAlias: true,
      });
    }
  }
  return { live, inactive };
}

/** Groups lines by vendor, in the order vendors first appear in the lines. */
export function groupByVendor<V extends MatchableVendor, L>(
  lines: readonly L[],
  vendorNameOf: (line: L) => string,
  vendors: readonly V[],
): Grouping<V, L> {
  const directory = vendorDirectory(vendors);
  const groups = new Map<number, VendorGroup<V, L>>();
  const unknown = new Map<string, UnmatchedName<L>>();
  for (const line of lines) {
    const name = vendorNameOf(line);
    const key = vendorNameKey(name);
    const match = key === '' ? undefined : directory.live.get(key);
    if (match) {
      let group = groups.get(match.vendor.id);
      if (!group) {
        group = { vendor: match.vendor, lines: [] };
        groups.set(match.vendor.id, group);
      }
      group.lines.push({ line, matchedName: match.matchedName, accountNumber: match.accountNumber });
      continue;
    }
    let entry = unknown.get(key);
    if (!entry) {
      entry = { vendorName: name.trim(), lines: [], inactiveVendorName: directory.inactive.get(key) ?? null };
      unknown.set(key, entry);
    }
    entry.lines.push(line);
  }
  return { groups: [...groups.values()], unknown: [...unknown.values()] };
}

/** The Vendor cell of an order line. */
export function vendorCell(line: Pick<OrderLine, 'values'>): string {
  return line.values.vendor ?? '';
}

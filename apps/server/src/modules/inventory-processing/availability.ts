/**
 * The availability rule of an inventory source (docs/behaviour/inventory.md#availability-rule), pure: item number normalisation, the
 * user-activated item list, status lists, and Active/Inactive from quantity and status.
 */
import type { ItemStatus } from '@app/contracts';

export interface AvailabilitySettings {
  minItemsToBeActive: number | null;
  statusSupersedesQuantity: boolean;
  statusAvailableList: string;
  statusOutOfStockList: string;
}

/**
 * The key an item number is matched and stored under: trimmed, upper-cased (suppliers and retailers do not
 * agree on case), and without leading zeros when the source strips them ('000123' → '123', '000' → '0').
 */
export function normaliseItemNumber(text: string, stripLeadingZeroes: boolean): string {
  let key = text.trim().toUpperCase();
  if (stripLeadingZeroes && key.length > 1 && key.charCodeAt(0) === 0x30) {
    key = key.replace(/^0+/, '');
    if (key === '') key = '0';
  }
  return key;
}

export interface ActivatedItem {
  /** As the retailer wrote it (trimmed): this is what the generated file shows. */
  text: string;
  key: string;
}

/** The retailer's items (comma or line separated), de-duplicated by key, in the order written. */
export function parseActivatedItems(
  text: string,
  stripLeadingZeroes: boolean,
): { items: ActivatedItem[]; duplicates: string[] } {
  const items: ActivatedItem[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(/[,;\r\n\t]+/)) {
    const itemText = part.trim();
    if (itemText === '') continue;
    const key = normaliseItemNumber(itemText, stripLeadingZeroes);
    if (seen.has(key)) {
      duplicates.push(itemText);
      continue;
    }
    seen.add(key);
    items.push({ text: itemText, key });
  }
  return { items, duplicates };
}

/** 'In Stock, available ' → {'in stock', 'available'}. */
export function parseStatusList(text: string): Set<string> {
  const values = new Set<string>();
  for (const part of text.split(',')) {
    const value = normaliseStatus(part);
    if (value !== '') values.add(value);
  }
  return values;
}

export function normaliseStatus(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What decided an item's status. */
export type DecisionBasis = 'quantity' | 'status-available' | 'status-out-of-stock';

export interface AvailabilityRule {
  /** The status by the rule, and what decided it. */
  decide(quantity: number, status: string): { status: ItemStatus; basis: DecisionBasis };
  /** Whether a quantity alone makes an item Active (used on predicted quantities too). */
  isActiveQuantity(quantity: number): boolean;
  /** 'at least 5' / 'above 0', for messages. */
  thresholdText: string;
}

export function availabilityRule(settings: AvailabilitySettings): AvailabilityRule {
  const min = settings.minItemsToBeActive;
  const isActiveQuantity =
    min === null ? (quantity: number) => quantity > 0 : (quantity: number) => quantity >= min;
  const available = settings.statusSupersedesQuantity
    ? parseStatusList(settings.statusAvailableList)
    : new Set();
  const outOfStock = settings.statusSupersedesQuantity
    ? parseStatusList(settings.statusOutOfStockList)
    : new Set();
  const useStatus = available.size > 0 || outOfStock.size > 0;
  return {
    isActiveQuantity,
    thresholdText: min === null ? 'above 0' : `at least ${min}`,
    decide(quantity, status) {
      if (useStatus && status !== '') {
        const key = normaliseStatus(status);
        if (available.has(key)) return { status: 'Active', basis: 'status-available' };
        if (outOfStock.has(key)) return { status: 'Inactive', basis: 'status-out-of-stock' };
      }
      return { status: isActiveQuantity(quantity) ? 'Active' : 'Inactive', basis: 'quantity' };
    },
  };
}

/** Quantities are read as order tracking reads them: '1,234' → 1234, '' → null, 'abc' → undefined. */
export { parseQuantity } from '../order-tracking-ingestion/map-rows';

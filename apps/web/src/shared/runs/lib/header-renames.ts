/**
 * "Use the new headers" (docs/behaviour/order-tracking.md#header-drift): the mapping a source would have if every
 * field mapped to a renamed header mapped to its new name instead. Headers compare as the file reader matches
 * them, trimmed and without regard to case. Pure: the dialog shows `changes`, and saves `mapping` once confirmed.
 */
import { ORDER_MAPPING_FIELDS, type OrderMappingField } from '@app/contracts';

export interface HeaderRename {
  from: string;
  to: string;
}

export interface MappingChange {
  field: OrderMappingField;
  from: string;
  to: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function applyHeaderRenames<M extends Partial<Record<OrderMappingField, string | null>>>(
  mapping: M,
  renames: readonly HeaderRename[],
): { mapping: M; changes: MappingChange[] } {
  const next = { ...mapping };
  const changes: MappingChange[] = [];
  for (const field of ORDER_MAPPING_FIELDS) {
    const current = mapping[field];
    if (!current) continue;
    const rename = renames.find((candidate) => same(candidate.from, current));
    if (!rename || same(rename.to, current)) continue;
    (next as Record<OrderMappingField, string>)[field] = rename.to;
    changes.push({ field, from: current, to: rename.to });
  }
  return { mapping: next, changes };
}

/** How an audit entry reads on screen (docs/behaviour/audit-log.md#history-views): pure, unit-tested. */
import {
  AUDIT_FIELD_LABELS,
  AUDIT_SECRET_CHANGED,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  ORDER_MAPPING_LABELS,
} from '@app/contracts';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  activated: 'Switched on',
  deactivated: 'Switched off',
  'password-changed': 'Password changed',
  'host-key-accepted': 'Host key accepted',
  'alias-deleted': 'Alias deleted',
  revoked: 'Revoked',
};

/**
 * The editor's label (`ssl` → "Use SSL", `columnMapping.shippingCompany` → "Column mapping: Shipping Company");
 * a field no editor labels in words (`someFlag` → "Some flag").
 */
export function fieldLabel(field: string): string {
  const [head = '', ...rest] = field.split('.');
  const known = AUDIT_FIELD_LABELS[head];
  if (known) {
    const inner = rest.map((part) => ORDER_MAPPING_LABELS[part as keyof typeof ORDER_MAPPING_LABELS] ?? part);
    return [known, ...inner].join(': ');
  }
  return fieldInWords(field);
}

function fieldInWords(field: string): string {
  const words = (part: string) =>
    part
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase();
  const [head, ...rest] = field.split('.');
  const text = [
    words(head ?? ''),
    ...rest.map((part) => (/[a-z][A-Z]/.test(part) ? words(part) : part)),
  ].join(': ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A recorded value as text: empty as an em dash, yes/no for flags, objects as their fields. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(formatAuditValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${fieldInWords(key)}: ${formatAuditValue(inner)}`)
      .join('; ');
  }
  return String(value);
}

export interface ChangeRow {
  field: string;
  label: string;
  /** A secret: only that it changed is known. */
  secret: boolean;
  from: string;
  to: string;
}

function rowOf(field: string, change: AuditChange, names: Record<string, string> = {}): ChangeRow {
  if (change === AUDIT_SECRET_CHANGED) {
    return { field, label: fieldLabel(field), secret: true, from: '', to: 'changed' };
  }
  // A referenced record by its name where it still exists, else by its id.
  const text = (value: unknown) => names[String(value)] ?? formatAuditValue(value);
  return { field, label: fieldLabel(field), secret: false, from: text(change.from), to: text(change.to) };
}

export function changeRows(
  entry: Pick<AuditEntry, 'changes'> & Partial<Pick<AuditEntry, 'valueNames'>>,
): ChangeRow[] {
  return Object.entries(entry.changes).map(([field, change]) =>
    rowOf(field, change, entry.valueNames?.[field]),
  );
}

/** How an audit entry reads on screen (docs/behaviour/audit-log.md#history-views): pure, unit-tested. */
import { AUDIT_SECRET_CHANGED, type AuditAction, type AuditChange, type AuditEntry } from '@app/contracts';

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

/** `sftpServerAddress` → "Sftp server address"; `columnMapping.shippingCompany` → "Column mapping: shipping company". */
export function fieldLabel(field: string): string {
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
      .map(([key, inner]) => `${fieldLabel(key)}: ${formatAuditValue(inner)}`)
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

function rowOf(field: string, change: AuditChange): ChangeRow {
  if (change === AUDIT_SECRET_CHANGED) {
    return { field, label: fieldLabel(field), secret: true, from: '', to: 'changed' };
  }
  return {
    field,
    label: fieldLabel(field),
    secret: false,
    from: formatAuditValue(change.from),
    to: formatAuditValue(change.to),
  };
}

export function changeRows(entry: Pick<AuditEntry, 'changes'>): ChangeRow[] {
  return Object.entries(entry.changes).map(([field, change]) => rowOf(field, change));
}

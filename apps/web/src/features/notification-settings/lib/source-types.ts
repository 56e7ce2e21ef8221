import { notificationSourceTypesFor, SOURCE_TYPE_LABELS, type SourceUserFlag } from '@app/contracts';

/**
 * The source types a user may pick in the notification editor and filter the list by: those of their
 * flags (admins: all). The server refuses the others; offering them would only lead to that refusal.
 */
export function notificationSourceTypeOptions(
  permissions: Record<SourceUserFlag, boolean>,
): { value: string; label: string }[] {
  return notificationSourceTypesFor(permissions).map((id) => ({
    value: String(id),
    label: SOURCE_TYPE_LABELS[id],
  }));
}

import { AUDIT_ENTITY_TYPE_LABELS, type AuditEntry } from '@app/contracts';
import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/shared/format/dates';
import { AUDIT_ACTION_LABELS, changeRows } from '../lib/audit-format';

/**
 * Audit entries, newest first: when, who, what was done and each changed field before → after. The editors'
 * History dialog and the admin audit page both show entries this way; the admin page also names the entity.
 */
export function AuditEntryList({
  entries,
  showEntity = false,
  onTokenSelect,
}: {
  entries: AuditEntry[];
  showEntity?: boolean;
  /** Given on the admin page: a change's token becomes a button that filters by it. */
  onTokenSelect?: (prefix: string) => void;
}) {
  return (
    <ol className="space-y-4" aria-label="Audit entries">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="rounded-md border p-3"
          aria-label={`${AUDIT_ACTION_LABELS[entry.action]} by ${entry.username}`}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Badge variant="secondary">{AUDIT_ACTION_LABELS[entry.action]}</Badge>
            {showEntity && (
              <span className="font-medium">
                {AUDIT_ENTITY_TYPE_LABELS[entry.entityType]} #{entry.entityId}
              </span>
            )}
            <span className="text-muted-foreground">
              {formatDateTime(entry.at)} by <span className="text-foreground">{entry.username}</span>
              {entry.apiToken && (
                <>
                  {' '}
                  with API token <span className="text-foreground">“{entry.apiToken.name}”</span>{' '}
                  {onTokenSelect ? (
                    <Button
                      type="button"
                      variant="link"
                      className="h-auto p-0 font-mono text-xs"
                      aria-label={`Show the changes made with ${entry.apiToken.prefix}`}
                      onClick={() => onTokenSelect(entry.apiToken!.prefix)}
                    >
                      {entry.apiToken.prefix}…
                    </Button>
                  ) : (
                    <code className="text-xs">{entry.apiToken.prefix}…</code>
                  )}
                </>
              )}
            </span>
          </div>
          <ChangeTable entry={entry} />
        </li>
      ))}
    </ol>
  );
}

function ChangeTable({ entry }: { entry: AuditEntry }) {
  const rows = changeRows(entry);
  if (rows.length === 0) return null;
  return (
    <Table className="mt-2 text-sm">
      <TableHeader>
        <TableRow>
          <TableHead>Field</TableHead>
          <TableHead>Before</TableHead>
          <TableHead className="w-6" aria-hidden />
          <TableHead>After</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field}>
            <TableCell className="font-medium">{row.label}</TableCell>
            {row.secret ? (
              <TableCell colSpan={3} className="text-muted-foreground italic">
                changed (not shown)
              </TableCell>
            ) : (
              <>
                <TableCell className="whitespace-pre-wrap break-all">{row.from}</TableCell>
                <TableCell aria-hidden>
                  <ArrowRight className="size-3 text-muted-foreground" />
                </TableCell>
                <TableCell className="whitespace-pre-wrap break-all">{row.to}</TableCell>
              </>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

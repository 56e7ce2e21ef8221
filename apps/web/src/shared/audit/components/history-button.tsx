import type { AuditEntityType } from '@app/contracts';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/lib/api-client';
import { useAuditPage } from '../api/audit';
import { AuditEntryList } from './audit-entry-list';
import { AuditPager } from './audit-pager';

/**
 * The editors' *History* (docs/behaviour/audit-log.md#history-views): who changed this entity, when, and
 * each field before → after. Shown to whoever can open the editor; the server decides what they may read.
 */
export function HistoryButton({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      title="History"
      description="Every change to this record: who made it, when, and each field before and after."
      contentClassName="max-h-[85vh] overflow-y-auto sm:max-w-3xl"
      trigger={
        <Button type="button" variant="outline">
          <ScrollText aria-hidden />
          History
        </Button>
      }
    >
      {open && <HistoryEntries entityType={entityType} entityId={entityId} />}
    </TitledDialog>
  );
}

function HistoryEntries({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const [page, setPage] = useState(1);
  const history = useAuditPage({ entityType, entityId, page });
  if (history.isPending) return <Skeleton className="h-32 w-full" />;
  if (history.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {describeError(history.error, 'The history could not be loaded.')}
        </AlertDescription>
      </Alert>
    );
  if (history.data.totalRecordCount === 0)
    return <p className="text-muted-foreground text-sm">No changes recorded yet.</p>;
  return (
    <div className="space-y-4">
      <AuditEntryList entries={history.data.entries} />
      <AuditPager page={page} total={history.data.totalRecordCount} onPageChange={setPage} />
    </div>
  );
}

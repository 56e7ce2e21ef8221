import { RUN_STATUS_LABELS, type RunStatus } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Green Succeeded, red Failed, amber Held for approval, grey Running and Discarded. */
const STATUS_CLASSES: Record<RunStatus, string> = {
  succeeded: 'border-transparent bg-emerald-700 text-white',
  failed: 'border-transparent bg-red-600 text-white dark:bg-red-700',
  held: 'border-transparent bg-amber-400 text-amber-950 dark:bg-amber-500',
  running: 'border-transparent bg-muted text-muted-foreground',
  discarded: 'border-transparent bg-muted text-muted-foreground',
};

export function RunStatusBadge({ status, className }: { status: RunStatus; className?: string }) {
  return (
    <Badge data-status={status} className={cn(STATUS_CLASSES[status], className)}>
      {RUN_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

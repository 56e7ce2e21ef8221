import type { OrderTrackingSourceListItem } from '@app/contracts';
import { FileUp, History, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import { ConfirmDeleteDialog } from '@/components/data-view/confirm-delete-dialog';
import { useViewMode, type ViewMode, ViewModeToggle } from '@/components/data-view/view-mode-toggle';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { runHistoryPath } from '@/features/runs/api/runs';
import { LastRun } from '@/features/runs/components/last-run';
import { ProcessFileDialog } from '@/features/runs/components/process-file-dialog';
import { useIsMobile } from '@/hooks/use-media-query';
import { describeError } from '@/lib/api-client';
import {
  orderTrackingSourceEditPath,
  useDeleteOrderTrackingSource,
  useOrderTrackingSources,
  useSetOrderTrackingSourceActive,
} from '../api/order-tracking-sources';

type Source = OrderTrackingSourceListItem;

const LOAD_FAILED = 'Failed to load order tracking sources';
const TABLE_COLUMNS = 10;

interface RowHandlers {
  onDelete: (source: Source) => void;
  onProcess: (source: Source) => void;
}

export function OrderTrackingSourceListPage() {
  const sources = useOrderTrackingSources();
  const isMobile = useIsMobile();
  const [view, setView] = useViewMode(isMobile);
  const [pendingDelete, setPendingDelete] = useState<Source | null>(null);
  const [processSource, setProcessSource] = useState<Source | null>(null);
  const deleteSource = useDeleteOrderTrackingSource();
  const handlers: RowHandlers = { onDelete: setPendingDelete, onProcess: setProcessSource };

  // The spec only logs a failed list load; DESIGN §10 shows it too.
  useEffect(() => {
    if (!sources.error) return;
    console.error('Error fetching order tracking sources:', sources.error);
    toast.error(describeError(sources.error, LOAD_FAILED));
  }, [sources.error]);

  let body: ReactNode;
  if (sources.isPending) {
    body = <ListSkeleton view={view} />;
  } else if (sources.isError) {
    body = (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          <span>{LOAD_FAILED}</span>
          <Button variant="outline" size="sm" onClick={() => void sources.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (view === 'table') {
    body = <SourcesTable sources={sources.data} {...handlers} />;
  } else if (sources.data.length === 0) {
    body = <p className="py-10 text-center text-muted-foreground">No order tracking sources found.</p>;
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sources.data.map((source) => (
          <li key={source.id} className="flex">
            <SourceCard source={source} {...handlers} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">Order Tracking Sources</h1>
        <div className="flex items-center gap-2">
          {!isMobile && <ViewModeToggle value={view} onChange={setView} />}
          <Button asChild>
            <Link to={orderTrackingSourceEditPath(0)}>
              <Plus aria-hidden />
              Add Source
            </Link>
          </Button>
        </div>
      </div>
      {body}
      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        name={pendingDelete?.sourceName ?? ''}
        onConfirm={async () => {
          if (!pendingDelete) return;
          await deleteSource.mutateAsync(pendingDelete.id);
          toast.success(`"${pendingDelete.sourceName}" deleted`);
        }}
      />
      <ProcessFileDialog source={processSource} onClose={() => setProcessSource(null)} />
    </div>
  );
}

/** Switches the source's activeStatus on the server (DESIGN §10); the list shows the new value at once. */
function useActiveToggle(source: Source) {
  const setActive = useSetOrderTrackingSourceActive();
  const toggle = (next: boolean) => {
    setActive.mutate(
      { id: source.id, activeStatus: next },
      {
        onSuccess: () => toast.success(`"${source.sourceName}" is now ${next ? 'active' : 'inactive'}`),
        onError: (error) => {
          console.error('Error updating order tracking source:', error);
          toast.error(describeError(error, `"${source.sourceName}" could not be updated.`));
        },
      },
    );
  };
  return { toggle, pending: setActive.isPending };
}

function rowActions(source: Source, { onDelete, onProcess }: RowHandlers) {
  return [
    { label: 'Edit', href: orderTrackingSourceEditPath(source.id), icon: <Pencil aria-hidden /> },
    { label: 'Process File', onSelect: () => onProcess(source), icon: <FileUp aria-hidden /> },
    {
      label: 'Run History',
      href: runHistoryPath('order-tracking', source.id),
      icon: <History aria-hidden />,
    },
    { label: 'Delete', destructive: true, onSelect: () => onDelete(source), icon: <Trash2 aria-hidden /> },
  ];
}

const countText = (value: number | null) => (value === null ? '—' : String(value));

function TextCell({ value, className }: { value: string | null | undefined; className?: string }) {
  return (
    <TableCell className={className}>
      <span className="block max-w-64 truncate" title={value ?? undefined}>
        {value || '—'}
      </span>
    </TableCell>
  );
}

function SourcesTable({ sources, ...handlers }: { sources: Source[] } & RowHandlers) {
  return (
    <div className="rounded-md border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">Active</TableHead>
            <TableHead>Source Name</TableHead>
            <TableHead>File Type</TableHead>
            <TableHead>From Email</TableHead>
            <TableHead>Expected Attachment Count</TableHead>
            <TableHead>Expected Subject</TableHead>
            <TableHead>Attachment Name</TableHead>
            <TableHead>Shipping Company</TableHead>
            <TableHead>Last Run</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sources.length === 0 ? (
            <TableRow>
              <TableCell colSpan={TABLE_COLUMNS} className="h-24 text-center text-muted-foreground">
                No results.
              </TableCell>
            </TableRow>
          ) : (
            sources.map((source) => <SourceRow key={source.id} source={source} {...handlers} />)
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function SourceRow({ source, ...handlers }: { source: Source } & RowHandlers) {
  const active = useActiveToggle(source);
  return (
    <TableRow>
      <TableCell>
        <Checkbox
          aria-label={`Active status of ${source.sourceName}`}
          checked={source.activeStatus}
          disabled={active.pending}
          onCheckedChange={(checked) => active.toggle(checked === true)}
        />
      </TableCell>
      <TableCell className="font-medium">
        <Link
          to={orderTrackingSourceEditPath(source.id)}
          className="block max-w-64 truncate underline-offset-4 hover:underline"
          title={source.sourceName}
        >
          {source.sourceName}
        </Link>
      </TableCell>
      <TextCell value={source.fileType} />
      <TextCell value={source.fromEmail} />
      <TableCell className="tabular-nums">{countText(source.expectedAttachmentCount)}</TableCell>
      <TextCell value={source.subjectValue} />
      <TextCell value={source.attachmentName} />
      <TextCell value={source.shippingCompany} />
      <TableCell>
        <LastRun lastRun={source.lastRun} sourceType="order-tracking" sourceId={source.id} />
      </TableCell>
      <TableCell className="text-right">
        <ActionsMenu items={rowActions(source, handlers)} />
      </TableCell>
    </TableRow>
  );
}

function SourceCard({ source, ...handlers }: { source: Source } & RowHandlers) {
  const active = useActiveToggle(source);
  const details: [string, ReactNode][] = [
    ['File Type', source.fileType || '—'],
    [
      'Active',
      <Badge key="active" variant={source.activeStatus ? 'secondary' : 'outline'}>
        {source.activeStatus ? 'Yes' : 'No'}
      </Badge>,
    ],
    ['From Email', source.fromEmail || '—'],
    ['Subject', source.subjectValue || '—'],
  ];
  if (source.shippingCompany) details.push(['Shipping Company', source.shippingCompany]);
  details.push([
    'Last Run',
    <LastRun key="last-run" lastRun={source.lastRun} sourceType="order-tracking" sourceId={source.id} />,
  ]);

  return (
    <Card className="w-full gap-4">
      <CardHeader>
        <CardTitle className="min-w-0">
          <h2 className="truncate text-lg" title={source.sourceName}>
            {source.sourceName}
          </h2>
        </CardTitle>
        <CardAction className="flex items-center gap-1">
          <Switch
            aria-label={`Active status of ${source.sourceName}`}
            checked={source.activeStatus}
            disabled={active.pending}
            onCheckedChange={active.toggle}
          />
          <ActionsMenu items={rowActions(source, handlers)} />
        </CardAction>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-1.5 text-sm">
          {details.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="truncate" title={typeof value === 'string' ? value : undefined}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function ListSkeleton({ view }: { view: ViewMode }) {
  if (view === 'table') {
    return (
      <div className="space-y-2 rounded-md border p-4">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}

import type { InventorySourceListItem } from '@app/contracts';
import { FileCog, History, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import { ConfirmDeleteDialog } from '@/components/data-view/confirm-delete-dialog';
import { useViewMode, type ViewMode, ViewModeToggle } from '@/components/data-view/view-mode-toggle';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { runHistoryPath } from '@/features/runs/api/runs';
import { LastRun } from '@/features/runs/components/last-run';
import { useIsMobile, useIsUnder640, useIsUnder1024 } from '@/hooks/use-media-query';
import { describeError } from '@/lib/api-client';
import {
  inventoryManualProcessPath,
  inventorySourceEditPath,
  useDeleteInventorySource,
  useInventorySources,
  useSetInventorySourceActive,
} from '../api/inventory-sources';

type Source = InventorySourceListItem;
type Priority = 'high' | 'medium' | 'low';

const LOAD_FAILED = 'Failed to load inventory sources';
const EMPTY = 'No inventory sources found';
const HIDDEN_COLUMNS_HINT =
  'Some columns are hidden. Swipe to scroll or switch to a desktop screen to see all columns.';

const textOrDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

interface Column {
  key: string;
  header: ReactNode;
  priority: Priority;
  className?: string;
  cell: (source: Source, active: ActiveToggle) => ReactNode;
}

function Truncated({ value }: { value: string | number | null | undefined }) {
  const text = textOrDash(value);
  return (
    <span className="block max-w-56 truncate" title={text}>
      {text}
    </span>
  );
}

/**
 * Spec 2 §2.5 column priorities: high = the switch, the name and the actions; medium = what identifies the file
 * and its two key columns; low = the rest.
 */
const COLUMNS: Column[] = [
  {
    key: 'active',
    header: 'Active',
    priority: 'high',
    className: 'w-16',
    cell: (source, active) => (
      <Switch
        aria-label={`Active status of ${source.sourceName}`}
        checked={source.activeStatus}
        disabled={active.pending}
        onCheckedChange={active.toggle}
      />
    ),
  },
  {
    key: 'sourceName',
    header: 'Source Name',
    priority: 'high',
    cell: (source) => (
      <Link
        to={inventorySourceEditPath(source.id)}
        className="block max-w-56 truncate font-medium underline-offset-4 hover:underline"
        title={source.sourceName}
      >
        {source.sourceName}
      </Link>
    ),
  },
  { key: 'fileType', header: 'File Type', priority: 'medium', cell: (s) => <Truncated value={s.fileType} /> },
  {
    key: 'fromEmail',
    header: 'From Email',
    priority: 'medium',
    cell: (s) => <Truncated value={s.fromEmail} />,
  },
  {
    key: 'expectedAttachmentCount',
    header: 'Att. Count',
    priority: 'low',
    className: 'tabular-nums',
    cell: (s) => textOrDash(s.expectedAttachmentCount),
  },
  {
    key: 'subjectValue',
    header: 'Subject Value',
    priority: 'low',
    cell: (s) => <Truncated value={s.subjectValue} />,
  },
  {
    key: 'attachmentName',
    header: 'Attachment Name',
    priority: 'low',
    cell: (s) => <Truncated value={s.attachmentName} />,
  },
  {
    key: 'itemNumberColumnName',
    header: 'Item Col.',
    priority: 'medium',
    cell: (s) => <Truncated value={s.itemNumberColumnName} />,
  },
  {
    key: 'qtyColumnName',
    header: 'Qty Col.',
    priority: 'medium',
    cell: (s) => <Truncated value={s.qtyColumnName} />,
  },
  {
    key: 'minItemsToBeActive',
    header: 'Min Items',
    priority: 'low',
    className: 'tabular-nums',
    cell: (s) => textOrDash(s.minItemsToBeActive),
  },
  {
    key: 'lastRun',
    header: 'Last Run',
    priority: 'medium',
    cell: (s) => <LastRun lastRun={s.lastRun} sourceType="inventory" sourceId={s.id} />,
  },
  {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    priority: 'high',
    className: 'text-right',
    cell: () => null, // rendered by the row, which owns the delete callback
  },
];

/** Mobile (under 640 px) high only, tablet (under 1024 px) high and medium, desktop all. */
function useVisiblePriorities(): Priority[] {
  const isUnder640 = useIsUnder640();
  const isUnder1024 = useIsUnder1024();
  if (isUnder640) return ['high'];
  if (isUnder1024) return ['high', 'medium'];
  return ['high', 'medium', 'low'];
}

export function InventorySourceListPage() {
  const sources = useInventorySources();
  const isMobile = useIsMobile();
  const [view, setView] = useViewMode(isMobile);
  const [pendingDelete, setPendingDelete] = useState<Source | null>(null);
  const deleteSource = useDeleteInventorySource();

  // The spec only logs a failed list load; DESIGN §10 shows it too.
  useEffect(() => {
    if (!sources.error) return;
    console.error('Error fetching inventory sources:', sources.error);
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
    body = <SourcesTable sources={sources.data} onDelete={setPendingDelete} />;
  } else if (sources.data.length === 0) {
    body = <p className="py-10 text-center text-muted-foreground">{EMPTY}</p>;
  } else {
    body = (
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sources.data.map((source) => (
          <li key={source.id} className="flex">
            <SourceCard source={source} onDelete={setPendingDelete} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-semibold text-2xl tracking-tight">Inventory Sources</h1>
        <div className="flex items-center gap-2">
          {!isMobile && <ViewModeToggle value={view} onChange={setView} />}
          <Button asChild>
            <Link to={inventorySourceEditPath(0)}>
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
    </div>
  );
}

interface ActiveToggle {
  toggle: (next: boolean) => void;
  pending: boolean;
}

/** Switches the source's activeStatus on the server (DESIGN §10); the list shows the new value at once. */
function useActiveToggle(source: Source): ActiveToggle {
  const setActive = useSetInventorySourceActive();
  const toggle = (next: boolean) => {
    setActive.mutate(
      { id: source.id, activeStatus: next },
      {
        onSuccess: () => toast.success(`"${source.sourceName}" is now ${next ? 'active' : 'inactive'}`),
        onError: (error) => {
          console.error('Error updating inventory source:', error);
          toast.error(describeError(error, `"${source.sourceName}" could not be updated.`));
        },
      },
    );
  };
  return { toggle, pending: setActive.isPending };
}

function rowActions(source: Source, onDelete: (source: Source) => void) {
  return [
    { label: 'Edit', href: inventorySourceEditPath(source.id), icon: <Pencil aria-hidden /> },
    {
      label: 'Manually Process File',
      href: inventoryManualProcessPath(source.id),
      icon: <FileCog aria-hidden />,
    },
    { label: 'Run History', href: runHistoryPath('inventory', source.id), icon: <History aria-hidden /> },
    { label: 'Delete', destructive: true, onSelect: () => onDelete(source), icon: <Trash2 aria-hidden /> },
  ];
}

function SourcesTable({ sources, onDelete }: { sources: Source[]; onDelete: (source: Source) => void }) {
  const priorities = useVisiblePriorities();
  const columns = COLUMNS.filter((column) => priorities.includes(column.priority));
  const someHidden = columns.length < COLUMNS.length;

  return (
    <div className="space-y-3">
      {someHidden && (
        <p className="flex items-start gap-2 text-muted-foreground text-sm">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {HIDDEN_COLUMNS_HINT}
        </p>
      )}
      <div className="rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={column.key} className={column.className}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sources.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} className="h-24 text-center text-muted-foreground">
                  {EMPTY}
                </TableCell>
              </TableRow>
            ) : (
              sources.map((source) => (
                <SourceRow key={source.id} source={source} columns={columns} onDelete={onDelete} />
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function SourceRow({
  source,
  columns,
  onDelete,
}: {
  source: Source;
  columns: Column[];
  onDelete: (source: Source) => void;
}) {
  const active = useActiveToggle(source);
  return (
    <TableRow>
      {columns.map((column) => (
        <TableCell key={column.key} className={column.className}>
          {column.key === 'actions' ? (
            <ActionsMenu items={rowActions(source, onDelete)} />
          ) : (
            column.cell(source, active)
          )}
        </TableCell>
      ))}
    </TableRow>
  );
}

function SourceCard({ source, onDelete }: { source: Source; onDelete: (source: Source) => void }) {
  const active = useActiveToggle(source);
  const details: [string, ReactNode][] = [
    ['File Type', textOrDash(source.fileType)],
    ['From Email', textOrDash(source.fromEmail)],
    ['Attachment Count', textOrDash(source.expectedAttachmentCount)],
    ['Subject Value', textOrDash(source.subjectValue)],
    ['Attachment Name', textOrDash(source.attachmentName)],
    ['Item Column', textOrDash(source.itemNumberColumnName)],
    ['Quantity Column', textOrDash(source.qtyColumnName)],
    ['Min Items', textOrDash(source.minItemsToBeActive)],
    [
      'Last Run',
      <LastRun key="last-run" lastRun={source.lastRun} sourceType="inventory" sourceId={source.id} />,
    ],
  ];

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
          <ActionsMenu items={rowActions(source, onDelete)} />
        </CardAction>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
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
        <Skeleton key={index} className="h-56 rounded-xl" />
      ))}
    </div>
  );
}

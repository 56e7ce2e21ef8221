import type { InventorySourceListItem } from '@app/contracts';
import { FileCog, History, Info, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import { ListPageView } from '@/components/data-view/list-page-view';
import { HIDDEN_COLUMNS_HINT, Truncated, textOrDash } from '@/components/data-view/priority-columns';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { runHistoryPath } from '@/features/runs/api/runs';
import { LastRun } from '@/features/runs/components/last-run';
import { SourceCard } from '@/features/sources/components/source-card';
import { useSourceActiveToggle } from '@/features/sources/hooks/use-source-active-toggle';
import { useLogError } from '@/hooks/use-log-error';
import { useIsUnder640, useIsUnder1024 } from '@/hooks/use-media-query';
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

interface Column {
  key: string;
  header: ReactNode;
  priority: Priority;
  className?: string;
  cell: (source: Source, active: ActiveToggle) => ReactNode;
}

/**
 * The column priorities (docs/behaviour/sources.md#inventory-source-list): high = the switch, the name and the actions; medium = what identifies the file
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
  const deleteSource = useDeleteInventorySource();

  // The spec only logs a failed list load; the product shows it too (docs/design/differences.md#errors-are-shown).
  useLogError(sources.error, 'Error fetching inventory sources:', LOAD_FAILED);

  return (
    <ListPageView
      title="Inventory Sources"
      addHref={inventorySourceEditPath(0)}
      list={sources}
      loadFailed={LOAD_FAILED}
      empty={EMPTY}
      skeleton={{ cardClassName: 'h-56' }}
      table={(items, onDelete) => <SourcesTable sources={items} onDelete={onDelete} />}
      card={(source, onDelete) => <InventorySourceCard source={source} onDelete={onDelete} />}
      nameOf={(source) => source.sourceName}
      remove={(source) => deleteSource.mutateAsync(source.id)}
    />
  );
}

interface ActiveToggle {
  toggle: (next: boolean) => void;
  pending: boolean;
}

function useActiveToggle(source: Source): ActiveToggle {
  return useSourceActiveToggle(source, useSetInventorySourceActive(), 'Error updating inventory source:');
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
  // The swipe hint only where the table really scrolls (docs/behaviour/screens.md#wide-tables).
  const [scrollable, setScrollable] = useState(false);

  return (
    <div className="space-y-3">
      {someHidden && scrollable && (
        <p className="flex items-start gap-2 text-muted-foreground text-sm">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {HIDDEN_COLUMNS_HINT}
        </p>
      )}
      <div className="rounded-md border">
        <Table stickyLastColumn onScrollableChange={setScrollable}>
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

function InventorySourceCard({ source, onDelete }: { source: Source; onDelete: (source: Source) => void }) {
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
    <SourceCard source={source} active={active} actions={rowActions(source, onDelete)} details={details} />
  );
}

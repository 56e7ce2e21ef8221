import type { InventorySourceListItem } from '@app/contracts';
import { ChartColumn, FileCog, History, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListPageView } from '@/components/data-view/list-page-view';
import {
  countColumn,
  type PriorityColumn,
  PriorityTable,
  textColumn,
  textOrDash,
} from '@/components/data-view/priority-columns';
import { useLogError } from '@/hooks/use-log-error';
import { stockHistoryPath } from '@/shared/inventory-history/api/inventory-history';
import {
  inventoryManualProcessPath,
  inventorySourceEditPath,
  useDeleteInventorySource,
  useInventorySources,
  useSetInventorySourceActive,
} from '@/shared/inventory-sources/api/inventory-sources';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { SourceCard } from '@/shared/sources/components/source-card';
import {
  lastRunDetail,
  mailRuleDetails,
  sourceListColumns,
} from '@/shared/sources/components/source-columns';
import { useSourceActiveToggle } from '@/shared/sources/hooks/use-source-active-toggle';

type Source = InventorySourceListItem;

const LOAD_FAILED = 'Failed to load inventory sources';
const EMPTY = 'No inventory sources found';

/**
 * The column priorities (docs/behaviour/sources.md#inventory-source-list): high = the switch, the name and the
 * actions; medium = what identifies the file and its two key columns; low = the rest.
 */
function columnsFor(onDelete: (source: Source) => void): PriorityColumn<Source>[] {
  return sourceListColumns({
    useToggle: useActiveToggle,
    editPath: inventorySourceEditPath,
    lastRun: { sourceType: 'inventory', priority: 'medium' },
    actionsOf: (source) => rowActions(source, onDelete),
    columns: [
      textColumn('fileType', 'File Type', 'medium', (s) => s.fileType),
      textColumn('fromEmail', 'From Email', 'medium', (s) => s.fromEmail),
      countColumn('expectedAttachmentCount', 'Att. Count', 'low', (s) => s.expectedAttachmentCount),
      textColumn('subjectValue', 'Subject Value', 'low', (s) => s.subjectValue),
      textColumn('attachmentName', 'Attachment Name', 'low', (s) => s.attachmentName),
      textColumn('itemNumberColumnName', 'Item Col.', 'medium', (s) => s.itemNumberColumnName),
      textColumn('qtyColumnName', 'Qty Col.', 'medium', (s) => s.qtyColumnName),
      countColumn('minItemsToBeActive', 'Min Items', 'low', (s) => s.minItemsToBeActive),
    ],
  });
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
      table={(items, onDelete) => (
        <PriorityTable items={items} columns={columnsFor(onDelete)} empty={EMPTY} />
      )}
      card={(source, onDelete) => <InventorySourceCard source={source} onDelete={onDelete} />}
      nameOf={(source) => source.sourceName}
      remove={(source) => deleteSource.mutateAsync(source.id)}
    />
  );
}

function useActiveToggle(source: Source) {
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
    { label: 'Stock History', href: stockHistoryPath(source.id), icon: <ChartColumn aria-hidden /> },
    { label: 'Delete', destructive: true, onSelect: () => onDelete(source), icon: <Trash2 aria-hidden /> },
  ];
}

function InventorySourceCard({ source, onDelete }: { source: Source; onDelete: (source: Source) => void }) {
  const active = useActiveToggle(source);
  const details: [string, ReactNode][] = [
    ...mailRuleDetails(source, 'Subject Value'),
    ['Item Column', textOrDash(source.itemNumberColumnName)],
    ['Quantity Column', textOrDash(source.qtyColumnName)],
    ['Min Items', textOrDash(source.minItemsToBeActive)],
    lastRunDetail(source, 'inventory'),
  ];

  return (
    <SourceCard source={source} active={active} actions={rowActions(source, onDelete)} details={details} />
  );
}

import type { OrderTrackingSourceListItem } from '@app/contracts';
import { FileUp, History, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import { ListPageView } from '@/components/data-view/list-page-view';
import {
  ACTIONS_HEADER,
  EditLinkCell,
  RecordTable,
  type TableHeaderCell,
} from '@/components/data-view/list-parts';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { TableCell, TableRow } from '@/components/ui/table';
import { useLogError } from '@/hooks/use-log-error';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { LastRun } from '@/shared/runs/components/last-run';
import { ProcessFileDialog } from '@/shared/runs/components/process-file-dialog';
import { SourceCard } from '@/shared/sources/components/source-card';
import { useSourceActiveToggle } from '@/shared/sources/hooks/use-source-active-toggle';
import {
  orderTrackingSourceEditPath,
  useDeleteOrderTrackingSource,
  useOrderTrackingSources,
  useSetOrderTrackingSourceActive,
} from '../api/order-tracking-sources';

type Source = OrderTrackingSourceListItem;

const LOAD_FAILED = 'Failed to load order tracking sources';
const TABLE_HEADERS: TableHeaderCell[] = [
  { label: 'Active', className: 'w-16' },
  { label: 'Source Name' },
  { label: 'File Type' },
  { label: 'From Email' },
  { label: 'Expected Attachment Count' },
  { label: 'Expected Subject' },
  { label: 'Attachment Name' },
  { label: 'Shipping Company' },
  { label: 'Last Run' },
  ACTIONS_HEADER,
];

interface RowHandlers {
  onDelete: (source: Source) => void;
  onProcess: (source: Source) => void;
}

export function OrderTrackingSourceListPage() {
  const sources = useOrderTrackingSources();
  const [processSource, setProcessSource] = useState<Source | null>(null);
  const deleteSource = useDeleteOrderTrackingSource();

  // The spec only logs a failed list load; the product shows it too (docs/design/differences.md#errors-are-shown).
  useLogError(sources.error, 'Error fetching order tracking sources:', LOAD_FAILED);

  return (
    <ListPageView
      title="Order Tracking Sources"
      addHref={orderTrackingSourceEditPath(0)}
      list={sources}
      loadFailed={LOAD_FAILED}
      empty={'No order tracking sources found.'}
      table={(items, onDelete) => (
        <SourcesTable sources={items} onDelete={onDelete} onProcess={setProcessSource} />
      )}
      card={(source, onDelete) => (
        <OrderTrackingSourceCard source={source} onDelete={onDelete} onProcess={setProcessSource} />
      )}
      nameOf={(source) => source.sourceName}
      remove={(source) => deleteSource.mutateAsync(source.id)}
    >
      <ProcessFileDialog source={processSource} onClose={() => setProcessSource(null)} />
    </ListPageView>
  );
}

function useActiveToggle(source: Source) {
  return useSourceActiveToggle(
    source,
    useSetOrderTrackingSourceActive(),
    'Error updating order tracking source:',
  );
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
      {/* 11 rem per free-text column keeps all ten columns on a 1,440 px screen; the full text is in the title. */}
      <span className="block max-w-44 truncate" title={value ?? undefined}>
        {value || '—'}
      </span>
    </TableCell>
  );
}

function SourcesTable({ sources, ...handlers }: { sources: Source[] } & RowHandlers) {
  return (
    <RecordTable
      headers={TABLE_HEADERS}
      items={sources}
      row={(source) => <SourceRow source={source} {...handlers} />}
    />
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
      <EditLinkCell to={orderTrackingSourceEditPath(source.id)} name={source.sourceName} />
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

function OrderTrackingSourceCard({ source, ...handlers }: { source: Source } & RowHandlers) {
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
    <SourceCard
      source={source}
      active={active}
      actions={rowActions(source, handlers)}
      details={details}
      detailsClassName="items-center"
    />
  );
}

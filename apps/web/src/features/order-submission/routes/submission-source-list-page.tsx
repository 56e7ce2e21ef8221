import type { OrderSubmissionSourceListItem } from '@app/contracts';
import { History, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import { ListPageView } from '@/components/data-view/list-page-view';
import {
  HiddenColumnsHint,
  type PriorityColumn,
  Truncated,
  textOrDash,
  useVisibleColumns,
} from '@/components/data-view/priority-columns';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { runHistoryPath } from '@/features/runs/api/runs';
import { LastRun } from '@/features/runs/components/last-run';
import { SourceCard } from '@/features/sources/components/source-card';
import { useSourceActiveToggle } from '@/features/sources/hooks/use-source-active-toggle';
import { useLogError } from '@/hooks/use-log-error';
import {
  submissionSourceEditPath,
  useDeleteSubmissionSource,
  useSetSubmissionSourceActive,
  useSubmissionSources,
} from '../api/order-submission-sources';

type Source = OrderSubmissionSourceListItem;

const LOAD_FAILED = 'Failed to load order submission sources';
const EMPTY = 'No order submission sources found.';

interface ActiveToggle {
  toggle: (next: boolean) => void;
  pending: boolean;
}

function useActiveToggle(source: Source): ActiveToggle {
  return useSourceActiveToggle(
    source,
    useSetSubmissionSourceActive(),
    'Error updating order submission source:',
  );
}

function ActiveSwitch({ source }: { source: Source }) {
  const active = useActiveToggle(source);
  return (
    <Switch
      aria-label={`Active status of ${source.sourceName}`}
      checked={source.activeStatus}
      disabled={active.pending}
      onCheckedChange={active.toggle}
    />
  );
}

/**
 * The columns (docs/behaviour/order-submission.md#submission-source-list). High priority: what identifies the source and the e-mails it takes, its last run and the
 * actions; low priority (left out on tablets and phones): file type, attachment count and attachment name.
 */
function columnsFor(onDelete: (source: Source) => void): PriorityColumn<Source>[] {
  return [
    {
      key: 'active',
      header: 'Active',
      priority: 'high',
      className: 'w-16',
      cell: (source) => <ActiveSwitch source={source} />,
    },
    {
      key: 'sourceName',
      header: 'Source Name',
      priority: 'high',
      cell: (source) => (
        <Link
          to={submissionSourceEditPath(source.id)}
          className="block max-w-56 truncate font-medium underline-offset-4 hover:underline"
          title={source.sourceName}
        >
          {source.sourceName}
        </Link>
      ),
    },
    { key: 'fileType', header: 'File Type', priority: 'low', cell: (s) => <Truncated value={s.fileType} /> },
    {
      key: 'fromEmail',
      header: 'From Email',
      priority: 'high',
      cell: (s) => <Truncated value={s.fromEmail} />,
    },
    {
      key: 'expectedAttachmentCount',
      header: 'Attachment Count',
      priority: 'low',
      className: 'tabular-nums',
      cell: (s) => textOrDash(s.expectedAttachmentCount),
    },
    {
      key: 'subjectValue',
      header: 'Expected Subject',
      priority: 'high',
      cell: (s) => <Truncated value={s.subjectValue} />,
    },
    {
      key: 'attachmentName',
      header: 'Attachment Name',
      priority: 'low',
      cell: (s) => <Truncated value={s.attachmentName} />,
    },
    {
      key: 'lastRun',
      header: 'Last Run',
      priority: 'high',
      cell: (s) => <LastRun lastRun={s.lastRun} sourceType="order-submission" sourceId={s.id} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      priority: 'high',
      className: 'text-right',
      cell: (source) => <ActionsMenu items={rowActions(source, onDelete)} />,
    },
  ];
}

function rowActions(source: Source, onDelete: (source: Source) => void) {
  return [
    { label: 'Edit', href: submissionSourceEditPath(source.id), icon: <Pencil aria-hidden /> },
    {
      label: 'Run History',
      href: runHistoryPath('order-submission', source.id),
      icon: <History aria-hidden />,
    },
    { label: 'Delete', destructive: true, onSelect: () => onDelete(source), icon: <Trash2 aria-hidden /> },
  ];
}

export function SubmissionSourceListPage() {
  const sources = useSubmissionSources();
  const deleteSource = useDeleteSubmissionSource();

  // docs/design/differences.md#errors-are-shown: a failed list load is shown, not only logged.
  useLogError(sources.error, 'Error fetching order submission sources:', LOAD_FAILED);

  return (
    <ListPageView
      title="Order Submission Sources"
      addHref={submissionSourceEditPath(0)}
      list={sources}
      loadFailed={LOAD_FAILED}
      empty={EMPTY}
      table={(items, onDelete) => <SourcesTable sources={items} onDelete={onDelete} />}
      card={(source, onDelete) => <SubmissionSourceCard source={source} onDelete={onDelete} />}
      nameOf={(source) => source.sourceName}
      remove={(source) => deleteSource.mutateAsync(source.id)}
    />
  );
}

function SourcesTable({ sources, onDelete }: { sources: Source[]; onDelete: (source: Source) => void }) {
  const { visible, someHidden } = useVisibleColumns(columnsFor(onDelete));
  // The swipe hint only where the table really scrolls (docs/behaviour/screens.md#wide-tables).
  const [scrollable, setScrollable] = useState(false);
  return (
    <div className="space-y-3">
      {someHidden && scrollable && <HiddenColumnsHint />}
      <div className="rounded-md border">
        <Table stickyLastColumn onScrollableChange={setScrollable}>
          <TableHeader>
            <TableRow>
              {visible.map((column) => (
                <TableHead key={column.key} className={column.className}>
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {sources.length === 0 ? (
              <TableRow>
                <TableCell colSpan={visible.length} className="h-24 text-center text-muted-foreground">
                  {EMPTY}
                </TableCell>
              </TableRow>
            ) : (
              sources.map((source) => (
                <TableRow key={source.id}>
                  {visible.map((column) => (
                    <TableCell key={column.key} className={column.className}>
                      {column.cell(source)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function SubmissionSourceCard({ source, onDelete }: { source: Source; onDelete: (source: Source) => void }) {
  const active = useActiveToggle(source);
  const details: [string, ReactNode][] = [
    ['File Type', textOrDash(source.fileType)],
    ['From Email', textOrDash(source.fromEmail)],
    ['Attachment Count', textOrDash(source.expectedAttachmentCount)],
    ['Expected Subject', textOrDash(source.subjectValue)],
    ['Attachment Name', textOrDash(source.attachmentName)],
    [
      'Last Run',
      <LastRun key="last-run" lastRun={source.lastRun} sourceType="order-submission" sourceId={source.id} />,
    ],
  ];
  return (
    <SourceCard
      source={source}
      active={active}
      actions={rowActions(source, onDelete)}
      details={details}
      detailsClassName="items-center"
    />
  );
}

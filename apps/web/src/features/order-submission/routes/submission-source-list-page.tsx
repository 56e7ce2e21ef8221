import type { OrderSubmissionSourceListItem } from '@app/contracts';
import { History, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListPageView } from '@/components/data-view/list-page-view';
import {
  countColumn,
  type PriorityColumn,
  PriorityTable,
  textColumn,
} from '@/components/data-view/priority-columns';
import { useLogError } from '@/hooks/use-log-error';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { SourceCard } from '@/shared/sources/components/source-card';
import {
  lastRunDetail,
  mailRuleDetails,
  sourceListColumns,
} from '@/shared/sources/components/source-columns';
import { useSourceActiveToggle } from '@/shared/sources/hooks/use-source-active-toggle';
import {
  submissionSourceEditPath,
  useDeleteSubmissionSource,
  useSetSubmissionSourceActive,
  useSubmissionSources,
} from '../api/order-submission-sources';

type Source = OrderSubmissionSourceListItem;

const LOAD_FAILED = 'Failed to load order submission sources';
const EMPTY = 'No order submission sources found.';

function useActiveToggle(source: Source) {
  return useSourceActiveToggle(
    source,
    useSetSubmissionSourceActive(),
    'Error updating order submission source:',
  );
}

/**
 * The columns (docs/behaviour/order-submission.md#submission-source-list). High priority: what identifies the
 * source and the e-mails it takes, its last run and the actions; low priority (left out on tablets and
 * phones): file type, attachment count and attachment name.
 */
function columnsFor(onDelete: (source: Source) => void): PriorityColumn<Source>[] {
  return sourceListColumns({
    useToggle: useActiveToggle,
    editPath: submissionSourceEditPath,
    lastRun: { sourceType: 'order-submission', priority: 'high' },
    actionsOf: (source) => rowActions(source, onDelete),
    columns: [
      textColumn('fileType', 'File Type', 'low', (s) => s.fileType),
      textColumn('fromEmail', 'From Email', 'high', (s) => s.fromEmail),
      countColumn('expectedAttachmentCount', 'Attachment Count', 'low', (s) => s.expectedAttachmentCount),
      textColumn('subjectValue', 'Expected Subject', 'high', (s) => s.subjectValue),
      textColumn('attachmentName', 'Attachment Name', 'low', (s) => s.attachmentName),
    ],
  });
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
      table={(items, onDelete) => (
        <PriorityTable items={items} columns={columnsFor(onDelete)} empty={EMPTY} />
      )}
      card={(source, onDelete) => <SubmissionSourceCard source={source} onDelete={onDelete} />}
      nameOf={(source) => source.sourceName}
      remove={(source) => deleteSource.mutateAsync(source.id)}
    />
  );
}

function SubmissionSourceCard({ source, onDelete }: { source: Source; onDelete: (source: Source) => void }) {
  const active = useActiveToggle(source);
  const details: [string, ReactNode][] = [
    ...mailRuleDetails(source, 'Expected Subject'),
    lastRunDetail(source, 'order-submission'),
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

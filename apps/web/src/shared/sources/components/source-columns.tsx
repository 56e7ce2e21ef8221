/** Columns every source list has: the active switch, the name that opens the editor, the last run and the row actions. */
import type { LastRunSummary } from '@app/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionsMenu, type ActionsMenuItem } from '@/components/data-view/actions-menu';
import { type PriorityColumn, textOrDash } from '@/components/data-view/priority-columns';
import { Switch } from '@/components/ui/switch';
import type { HistorySourceType } from '@/shared/runs/api/runs';
import { LastRun } from '@/shared/runs/components/last-run';
import type { useSourceActiveToggle } from '@/shared/sources/hooks/use-source-active-toggle';

interface ListedSource {
  id: number;
  sourceName: string;
  activeStatus: boolean;
}

/** What a row's switch needs: the source's own toggle mutation (useSourceActiveToggle). */
type ActiveToggle = ReturnType<typeof useSourceActiveToggle>;

/** The switch of one row; a component, so that each row owns its own toggle mutation. */
function SourceActiveSwitch<T extends ListedSource>({
  source,
  useToggle,
}: {
  source: T;
  useToggle: (source: T) => ActiveToggle;
}) {
  const active = useToggle(source);
  return (
    <Switch
      aria-label={`Active status of ${source.sourceName}`}
      checked={source.activeStatus}
      disabled={active.pending}
      onCheckedChange={active.toggle}
    />
  );
}

function activeColumn<T extends ListedSource>(useToggle: (source: T) => ActiveToggle): PriorityColumn<T> {
  return {
    key: 'active',
    header: 'Active',
    priority: 'high',
    className: 'w-16',
    cell: (source) => <SourceActiveSwitch source={source} useToggle={useToggle} />,
  };
}

function nameLinkColumn<T extends ListedSource>(editPath: (id: number) => string): PriorityColumn<T> {
  return {
    key: 'sourceName',
    header: 'Source Name',
    priority: 'high',
    cell: (source) => (
      <Link
        to={editPath(source.id)}
        className="block max-w-56 truncate font-medium underline-offset-4 hover:underline"
        title={source.sourceName}
      >
        {source.sourceName}
      </Link>
    ),
  };
}

function lastRunColumn<T extends ListedSource & { lastRun: LastRunSummary | null }>(
  sourceType: HistorySourceType,
  priority: PriorityColumn<T>['priority'],
): PriorityColumn<T> {
  return {
    key: 'lastRun',
    header: 'Last Run',
    priority,
    cell: (source) => <LastRun lastRun={source.lastRun} sourceType={sourceType} sourceId={source.id} />,
  };
}

function actionsColumn<T>(actionsOf: (item: T) => ActionsMenuItem[]): PriorityColumn<T> {
  return {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    priority: 'high',
    className: 'text-right',
    cell: (item) => <ActionsMenu items={actionsOf(item)} />,
  };
}

interface MailRuleFields {
  fileType: string | null;
  fromEmail: string | null;
  expectedAttachmentCount: number | null;
  subjectValue: string | null;
  attachmentName: string | null;
}

/** A source card's lines for the e-mails it takes (the subject's label is the list's own column header). */
export function mailRuleDetails(source: MailRuleFields, subjectLabel: string): [string, ReactNode][] {
  return [
    ['File Type', textOrDash(source.fileType)],
    ['From Email', textOrDash(source.fromEmail)],
    ['Attachment Count', textOrDash(source.expectedAttachmentCount)],
    [subjectLabel, textOrDash(source.subjectValue)],
    ['Attachment Name', textOrDash(source.attachmentName)],
  ];
}

export function lastRunDetail(
  source: { id: number; lastRun: LastRunSummary | null },
  sourceType: HistorySourceType,
): [string, ReactNode] {
  return [
    'Last Run',
    <LastRun key="last-run" lastRun={source.lastRun} sourceType={sourceType} sourceId={source.id} />,
  ];
}

/** A source list's columns: the switch and the name first, the last run and the row actions last. */
export function sourceListColumns<T extends ListedSource & { lastRun: LastRunSummary | null }>({
  useToggle,
  editPath,
  lastRun,
  actionsOf,
  columns,
}: {
  useToggle: (source: T) => ActiveToggle;
  editPath: (id: number) => string;
  lastRun: { sourceType: HistorySourceType; priority: PriorityColumn<T>['priority'] };
  actionsOf: (source: T) => ActionsMenuItem[];
  /** The kind's own columns, between the name and the last run. */
  columns: PriorityColumn<T>[];
}): PriorityColumn<T>[] {
  return [
    activeColumn(useToggle),
    nameLinkColumn(editPath),
    ...columns,
    lastRunColumn(lastRun.sourceType, lastRun.priority),
    actionsColumn(actionsOf),
  ];
}

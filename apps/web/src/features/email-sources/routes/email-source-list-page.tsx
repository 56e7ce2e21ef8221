import { type EmailSourceListItem, emailSourceLabel } from '@app/contracts';
import { History, Inbox, Mail, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { ActionsMenu } from '@/components/data-view/actions-menu';
import {
  ACTIONS_HEADER,
  ConfirmDeleteItemDialog,
  DetailList,
  ListPageHeader,
  ListSkeleton,
  LoadFailedAlert,
  RecordTable,
  type TableHeaderCell,
} from '@/components/data-view/list-parts';
import { useViewMode } from '@/components/data-view/view-mode-toggle';
import { Badge } from '@/components/ui/badge';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { useLogError } from '@/hooks/use-log-error';
import { useIsMobile } from '@/hooks/use-media-query';
import { describeError } from '@/lib/api-client';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { MailboxStatus, useCheckNow } from '@/shared/runs/components/email-poll';
import { useDeleteEmailSource, useEmailSources, useSetEmailSourceActive } from '../api/email-sources';
import { ReturnedSignInError } from '../components/mailbox-sign-in-card';
import { SendTestEmailDialog } from '../components/send-test-email-dialog';

const LIST_PATH = '/email-sources';
const editPath = (id: number) => `${LIST_PATH}/edit/${id}`;
const LOAD_FAILED = 'Failed to load email sources';
const TABLE_HEADERS: TableHeaderCell[] = [
  { label: 'Active', className: 'w-16' },
  { label: 'Username' },
  { label: 'Email Address' },
  { label: 'Incoming Server' },
  { label: 'Outgoing Server' },
  { label: 'Use SSL', className: 'w-20' },
  { label: 'Mailbox Status' },
  { ...ACTIONS_HEADER, className: 'w-16 text-right' },
];

interface RowHandlers {
  onDelete: (source: EmailSourceListItem) => void;
  onSendTest: (source: EmailSourceListItem) => void;
}

export function EmailSourceListPage() {
  const sources = useEmailSources();
  const isMobile = useIsMobile();
  // docs/behaviour/sources.md#email-source-list: under 768 px the cards are forced and the switcher is hidden.
  const [view, setView] = useViewMode(isMobile);
  const [pendingDelete, setPendingDelete] = useState<EmailSourceListItem | null>(null);
  const [testSource, setTestSource] = useState<EmailSourceListItem | null>(null);
  const deleteSource = useDeleteEmailSource();

  // The original only logged this; the product also tells the user (docs/design/differences.md#errors-are-shown) (the inline alert below).
  useLogError(sources.error, 'Error fetching email sources:');

  const handlers: RowHandlers = { onDelete: setPendingDelete, onSendTest: setTestSource };

  let body: ReactNode;
  if (sources.isPending) {
    body = <ListSkeleton view={view} rows={5} cards={3} />;
  } else if (sources.isError) {
    body = <LoadFailedAlert message={LOAD_FAILED} onRetry={() => void sources.refetch()} />;
  } else if (view === 'table') {
    body = <EmailSourcesTable sources={sources.data} {...handlers} />;
  } else if (sources.data.length === 0) {
    body = <p className="py-10 text-center text-muted-foreground">No email sources found.</p>;
  } else {
    body = (
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sources.data.map((source) => (
          <EmailSourceCard key={source.id} source={source} {...handlers} />
        ))}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <ListPageHeader
        title="Email Sources"
        addHref={editPath(0)}
        view={view}
        onViewChange={setView}
        showViewToggle={!isMobile}
      />
      <ReturnedSignInError />
      {body}
      <ConfirmDeleteItemDialog
        item={pendingDelete}
        name={emailSourceLabel}
        onClose={() => setPendingDelete(null)}
        onConfirm={async (source) => {
          await deleteSource.mutateAsync(source.id);
          toast.success(`Email source "${emailSourceLabel(source)}" deleted`);
        }}
      />
      <SendTestEmailDialog source={testSource} onClose={() => setTestSource(null)} />
    </div>
  );
}

function rowActions(
  source: EmailSourceListItem,
  { onDelete, onSendTest }: RowHandlers,
  checkNow: ReturnType<typeof useCheckNow>,
) {
  return [
    { label: 'Edit', href: editPath(source.id), icon: <Pencil /> },
    { label: 'Delete', onSelect: () => onDelete(source), destructive: true, icon: <Trash2 /> },
    { label: 'Send Test Email', onSelect: () => onSendTest(source), icon: <Mail /> },
    // Beyond the spec: poll the mailbox now, and the source's run history (docs/behaviour/sources.md#check-now, docs/behaviour/runs-and-history.md#run-history).
    { label: 'Check now', onSelect: checkNow.run, disabled: checkNow.pending, icon: <RefreshCw /> },
    { label: 'Run History', href: runHistoryPath('email', source.id), icon: <History /> },
    // Every message the mailbox received and why it was or was not processed (docs/behaviour/mail-intake.md#the-mailbox-ledger).
    { label: 'Messages', href: `${LIST_PATH}/messages/${source.id}`, icon: <Inbox /> },
  ];
}

/**
 * Beyond the spec (docs/design/differences.md#active-switches-work): the active flag really changes the source. While the call runs the control
 * shows the value asked for; the server's answer settles it, and a failure puts it back and says why.
 */
function useActiveToggle(source: EmailSourceListItem) {
  const setActive = useSetEmailSourceActive();
  const checked = setActive.isPending
    ? (setActive.variables?.activeStatus ?? source.activeStatus)
    : source.activeStatus;
  const onChange = (next: boolean) => {
    setActive.mutate(
      { id: source.id, activeStatus: next },
      {
        onError: (error) => {
          console.error('Error updating email source:', error);
          toast.error(describeError(error, `"${source.username}" could not be updated.`));
        },
      },
    );
  };
  return { checked, onChange, pending: setActive.isPending };
}

function EmailSourcesTable({ sources, ...handlers }: { sources: EmailSourceListItem[] } & RowHandlers) {
  return (
    <RecordTable
      headers={TABLE_HEADERS}
      items={sources}
      row={(source) => <EmailSourceRow source={source} {...handlers} />}
    />
  );
}

function EmailSourceRow({ source, ...handlers }: { source: EmailSourceListItem } & RowHandlers) {
  const active = useActiveToggle(source);
  const checkNow = useCheckNow(source);
  return (
    <TableRow>
      <TableCell>
        <Checkbox
          aria-label={`Active status of ${source.username}`}
          checked={active.checked}
          disabled={active.pending}
          onCheckedChange={(value) => active.onChange(value === true)}
        />
      </TableCell>
      <TableCell className="font-medium">{source.username}</TableCell>
      <TableCell>{source.email}</TableCell>
      <TableCell>{source.incomingServer}</TableCell>
      <TableCell>{source.outgoingServer}</TableCell>
      <TableCell>
        {/* Read-only: SSL is changed in the editor. */}
        <Checkbox aria-label={`Use SSL for ${source.username}`} checked={source.ssl} disabled />
      </TableCell>
      <TableCell>
        <MailboxStatus source={source} checking={checkNow.pending} progress={checkNow.progress} />
      </TableCell>
      <TableCell className="text-right">
        <ActionsMenu items={rowActions(source, handlers, checkNow)} />
      </TableCell>
    </TableRow>
  );
}

function EmailSourceCard({ source, ...handlers }: { source: EmailSourceListItem } & RowHandlers) {
  const active = useActiveToggle(source);
  const checkNow = useCheckNow(source);
  const details: [string, ReactNode][] = [
    ['Server', source.incomingServer || 'N/A'],
    ['Port', source.port === null ? 'N/A' : String(source.port)],
    ['Email', source.email || 'N/A'],
    ['SSL', source.ssl ? 'Yes' : 'No'],
    [
      'Mailbox Status',
      <MailboxStatus
        key="mailbox-status"
        source={source}
        checking={checkNow.pending}
        progress={checkNow.progress}
      />,
    ],
  ];
  return (
    <Card className="h-full gap-4">
      <CardHeader>
        <CardTitle className="truncate text-lg" title={source.username}>
          {source.username}
        </CardTitle>
        <div>
          <Badge variant={active.checked ? 'secondary' : 'outline'}>
            {active.checked ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        <CardAction className="flex items-center gap-2">
          <Switch
            aria-label={`Active status of ${source.username}`}
            checked={active.checked}
            disabled={active.pending}
            onCheckedChange={active.onChange}
          />
          <ActionsMenu items={rowActions(source, handlers, checkNow)} />
        </CardAction>
      </CardHeader>
      <CardContent className="flex-1">
        <DetailList details={details} />
      </CardContent>
    </Card>
  );
}

import {
  emailSourceLabel,
  LEDGER_OUTCOME_LABELS,
  LEDGER_OUTCOMES,
  type LedgerMessage,
  type LedgerOutcome,
  MAIL_SOURCE_LABELS,
} from '@app/contracts';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { useEmailSource, useMailboxLedger } from '../api/email-sources';

const ALL = 'all';
const RULE_LABELS = {
  from: 'From',
  subject: 'Subject',
  attachmentCount: 'Attachment count',
  attachment: 'Attachment',
};

const OUTCOME_VARIANTS: Record<LedgerOutcome, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  processed: 'default',
  unmatched: 'outline',
  ignored: 'secondary',
  failed: 'destructive',
  pending: 'outline',
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The mailbox ledger (docs/behaviour/mail-intake.md#the-mailbox-ledger): every message intake saw in one
 * mailbox, newest first, its outcome and reason, and what each source bound to the mailbox decided.
 */
export function MailboxLedgerPage() {
  const id = Number(useParams().id);
  const source = useEmailSource(id);
  const [outcome, setOutcome] = useState<LedgerOutcome | ''>('');
  const [search, setSearch] = useState('');
  const ledger = useMailboxLedger(id, { outcome, q: search });
  const messages = ledger.data?.pages.flatMap((page) => page.messages) ?? [];
  const name = source.data ? emailSourceLabel(source.data) : '…';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">Messages: {name}</h1>
          <p className="text-muted-foreground">
            Every message intake saw in this mailbox, what became of it and why.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/email-sources">
            <ArrowLeft aria-hidden />
            Back to Email Sources
          </Link>
        </Button>
      </div>

      <Card>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="ledger-search">Search sender or subject</Label>
            <Input
              id="ledger-search"
              type="search"
              value={search}
              maxLength={200}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="ledger-outcome">Outcome</Label>
            <Select
              value={outcome || ALL}
              onValueChange={(value) => setOutcome(value === ALL ? '' : (value as LedgerOutcome))}
            >
              <SelectTrigger id="ledger-outcome" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All outcomes</SelectItem>
                {LEDGER_OUTCOMES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {LEDGER_OUTCOME_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </CardContent>
      </Card>

      {ledger.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : ledger.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {describeError(ledger.error, 'The messages could not be loaded.')}
          </AlertDescription>
        </Alert>
      ) : messages.length === 0 ? (
        <p className="py-10 text-center text-muted-foreground">No messages match.</p>
      ) : (
        <div className="space-y-4">
          <Table aria-label="Messages">
            <TableHeader>
              <TableRow>
                <TableHead>Received</TableHead>
                <TableHead>From</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Attachments</TableHead>
                <TableHead>Outcome</TableHead>
                <TableHead>Sources</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {messages.map((message) => (
                <LedgerRow key={message.id} message={message} />
              ))}
            </TableBody>
          </Table>
          {ledger.hasNextPage ? (
            <Button
              variant="outline"
              disabled={ledger.isFetchingNextPage}
              onClick={() => void ledger.fetchNextPage()}
            >
              Show older messages
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}

function LedgerRow({ message }: { message: LedgerMessage }) {
  return (
    <TableRow className="align-top">
      <TableCell className="whitespace-nowrap">
        {message.receivedAt ? new Date(message.receivedAt).toLocaleString() : '—'}
      </TableCell>
      <TableCell className="break-all">{message.from ?? '—'}</TableCell>
      <TableCell className="whitespace-normal">{message.subject || '(no subject)'}</TableCell>
      <TableCell>
        {message.attachments.length === 0 ? (
          <span className="text-muted-foreground">None listed</span>
        ) : (
          <ul className="space-y-1">
            {message.attachments.map((file, index) => (
              // A message may carry two files of one name: the position tells them apart.
              <li key={`${index}:${file.fileName}`}>
                {file.fileName}{' '}
                <span className="text-muted-foreground">
                  ({formatSize(file.size)}, {file.contentType})
                </span>
              </li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell className="min-w-48 whitespace-normal">
        <Badge variant={OUTCOME_VARIANTS[message.outcome]}>{LEDGER_OUTCOME_LABELS[message.outcome]}</Badge>
        <p className="mt-1 text-sm">{message.reason}</p>
      </TableCell>
      <TableCell className="min-w-64 whitespace-normal">
        <ul className="space-y-2">
          {message.sources.map((source) => (
            <li key={`${source.sourceType}:${source.sourceId}`} className="text-sm">
              <span className="font-medium">{source.sourceName}</span>{' '}
              <span className="text-muted-foreground">({MAIL_SOURCE_LABELS[source.sourceType]})</span>:{' '}
              {source.matched
                ? 'matched'
                : `not matched${source.failedRule ? ` (${RULE_LABELS[source.failedRule]})` : ''}`}
              <br />
              <span className="text-muted-foreground">{source.detail}</span>
              {source.runId !== null ? (
                <>
                  {' '}
                  <Link className="underline" to={runHistoryPath(source.sourceType, source.sourceId)}>
                    Run {source.runId}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </TableCell>
    </TableRow>
  );
}

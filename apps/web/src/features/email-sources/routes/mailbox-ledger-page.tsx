import {
  emailSourceLabel,
  LEDGER_OUTCOME_LABELS,
  LEDGER_OUTCOMES,
  type LedgerMessage,
  type LedgerOutcome,
  MAIL_RULE_LABELS,
  MAIL_SOURCE_LABELS,
  type MailSourceType,
  OFFER_OUTCOME_LABELS,
  type OfferAgainResult,
  type OfferOutcome,
  type SuggestSourceRequest,
  spreadsheetTypeOf,
} from '@app/contracts';
import { ArrowLeft, FilePlus2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
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
import { usePermissions } from '@/shared/auth/api/session';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { MailMessageCells, MailMessageHeads } from '@/shared/sources/components/mail-message-cells';
import { NEW_SOURCE_PATHS, sourcePrefillState } from '@/shared/sources/lib/source-prefill';
import {
  useEmailSource,
  useMailboxLedger,
  useOfferAgain,
  useSuggestSourceFromMessage,
} from '../api/email-sources';

const ALL = 'all';

const OUTCOME_VARIANTS: Record<LedgerOutcome, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  processed: 'default',
  unmatched: 'outline',
  ignored: 'secondary',
  failed: 'destructive',
  pending: 'outline',
};

const OFFER_VARIANTS: Record<OfferOutcome, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  processed: 'default',
  'already-processed': 'secondary',
  unmatched: 'outline',
  failed: 'destructive',
};

/** A message a fixed rule may now take: the ones no source processed. */
const OFFERABLE: readonly LedgerOutcome[] = ['unmatched', 'ignored', 'failed'];

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
                <MailMessageHeads />
                <TableHead>Attachments</TableHead>
                <TableHead>Outcome</TableHead>
                <TableHead>Sources</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {messages.map((message) => (
                <LedgerRow key={message.id} emailSourceId={id} message={message} />
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

const NEW_SOURCE_ACTIONS: Array<{ kind: SuggestSourceRequest['kind']; label: string }> = [
  { kind: 'order-tracking', label: 'New order tracking source' },
  { kind: 'inventory', label: 'New inventory source' },
];

/**
 * Create a source from a message (docs/behaviour/mail-intake.md#create-a-source-from-a-message): for a
 * spreadsheet attachment, the new source kinds the user holds a flag for; the editor opens pre-filled.
 */
function NewSourceActions({
  emailSourceId,
  message,
  attachment,
}: {
  emailSourceId: number;
  message: LedgerMessage;
  attachment: number;
}) {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const suggest = useSuggestSourceFromMessage();
  const file = message.attachments[attachment]!;
  const allowed = NEW_SOURCE_ACTIONS.filter(({ kind }) =>
    kind === 'order-tracking' ? permissions.orderUser : permissions.inventoryUser,
  );
  if (allowed.length === 0 || !spreadsheetTypeOf(file.fileName, file.contentType)) return null;

  const open = (kind: SuggestSourceRequest['kind']) =>
    suggest.mutate(
      { emailSourceId, messageId: message.id, request: { kind, attachment } },
      { onSuccess: (prefill) => navigate(NEW_SOURCE_PATHS[kind], { state: sourcePrefillState(prefill) }) },
    );

  return (
    <div className="mt-1 grid gap-1">
      <div className="flex flex-wrap gap-1">
        {allowed.map(({ kind, label }) => (
          <Button
            key={kind}
            type="button"
            size="sm"
            variant="outline"
            aria-label={`${label} from ${file.fileName}`}
            disabled={suggest.isPending}
            onClick={() => open(kind)}
          >
            <FilePlus2 aria-hidden />
            {label}
          </Button>
        ))}
      </div>
      {suggest.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {describeError(suggest.error, 'The source could not be suggested.')}
        </p>
      ) : null}
    </div>
  );
}

function offerSummary(answer: OfferAgainResult): string {
  if (answer.sources.length === 0) return 'No source of yours reads this mailbox.';
  const counts = new Map<OfferOutcome, number>();
  for (const source of answer.sources) counts.set(source.outcome, (counts.get(source.outcome) ?? 0) + 1);
  const parts = [...counts].map(
    ([outcome, count]) => `${count} ${OFFER_OUTCOME_LABELS[outcome].toLowerCase()}`,
  );
  return `Offered again: ${parts.join(', ')}.`;
}

function LedgerRow({ emailSourceId, message }: { emailSourceId: number; message: LedgerMessage }) {
  const offer = useOfferAgain(emailSourceId);
  const [answer, setAnswer] = useState<OfferAgainResult | null>(null);
  const offerAgain = () =>
    offer.mutate(message.id, {
      onSuccess: (result) => {
        setAnswer(result);
        toast.success(offerSummary(result));
      },
    });
  return (
    <TableRow className="align-top">
      <MailMessageCells message={message} />
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
                <NewSourceActions emailSourceId={emailSourceId} message={message} attachment={index} />
              </li>
            ))}
          </ul>
        )}
      </TableCell>
      <TableCell className="min-w-48 whitespace-normal">
        <Badge variant={OUTCOME_VARIANTS[message.outcome]}>{LEDGER_OUTCOME_LABELS[message.outcome]}</Badge>
        <p className="mt-1 text-sm">{message.reason}</p>
        {OFFERABLE.includes(message.outcome) || answer ? (
          <div className="mt-2 space-y-2">
            {OFFERABLE.includes(message.outcome) ? (
              <Button size="sm" variant="outline" disabled={offer.isPending} onClick={offerAgain}>
                {offer.isPending ? 'Offering…' : 'Offer again'}
              </Button>
            ) : null}
            {offer.isError ? (
              <p role="alert" className="text-destructive text-sm">
                {describeError(offer.error, 'The message could not be offered again.')}
              </p>
            ) : null}
            {answer ? <OfferAnswer answer={answer} /> : null}
          </div>
        ) : null}
      </TableCell>
      <TableCell className="min-w-64 whitespace-normal">
        <ul className="space-y-2">
          {message.sources.map((source) => (
            <li key={`${source.sourceType}:${source.sourceId}`} className="text-sm">
              <span className="font-medium">{source.sourceName}</span>{' '}
              <span className="text-muted-foreground">({MAIL_SOURCE_LABELS[source.sourceType]})</span>:{' '}
              {source.matched
                ? 'matched'
                : `not matched${source.failedRule ? ` (${MAIL_RULE_LABELS[source.failedRule]})` : ''}`}
              <br />
              <span className="text-muted-foreground">{source.detail}</span>
              <RunLink source={source} />
            </li>
          ))}
        </ul>
      </TableCell>
    </TableRow>
  );
}

/** What each source did with the message offered again. */
function OfferAnswer({ answer }: { answer: OfferAgainResult }) {
  if (answer.sources.length === 0) {
    return <p className="text-muted-foreground text-sm">No source of yours reads this mailbox.</p>;
  }
  return (
    <ul aria-label="Offer again result" className="space-y-1 text-sm">
      {answer.sources.map((source) => (
        <li key={`${source.sourceType}:${source.sourceId}`}>
          <span className="font-medium">{source.sourceName}</span>:{' '}
          <Badge variant={OFFER_VARIANTS[source.outcome]}>{OFFER_OUTCOME_LABELS[source.outcome]}</Badge>{' '}
          <span className="text-muted-foreground">{source.detail}</span>
          <RunLink source={source} />
        </li>
      ))}
    </ul>
  );
}

/** The source's run for the message, in its Run History. */
function RunLink({
  source,
}: {
  source: { sourceType: MailSourceType; sourceId: number; runId: number | null };
}) {
  if (source.runId === null) return null;
  return (
    <>
      {' '}
      <Link className="underline" to={runHistoryPath(source.sourceType, source.sourceId)}>
        Run {source.runId}
      </Link>
    </>
  );
}

/**
 * "Test rules against the mailbox" (docs/behaviour/mail-intake.md#testing-rules), shared by the order tracking,
 * inventory and order submission editors: the rules currently in the form, saved or not, tried on the last
 * messages of the chosen e-mail source. The server reads the mailbox without changing anything and decides each
 * message with intake's own matching, so what this table shows is what a poll would do.
 */
import {
  MAIL_RULE_LABELS,
  type MailSourceType,
  TEST_RULES_DEFAULT,
  TEST_RULES_MAX,
  type TestedMessage,
  type TestRulesRequest,
} from '@app/contracts';
import { MailSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { useTestRules } from '@/shared/sources/api/test-rules';
import { MailMessageCells, MailMessageHeads } from '@/shared/sources/components/mail-message-cells';

const RULE_FIELDS = [
  'emailSourceId',
  'fromEmail',
  'subjectValue',
  'containsNotExact',
  'expectedAttachmentCount',
  'fileType',
  'attachmentName',
  'noAttachmentsNeedsLinkClick',
] as const;

const LIMITS = [TEST_RULES_DEFAULT, 100, TEST_RULES_MAX];

type RuleValues = [
  emailSourceId: string | undefined,
  fromEmail: string | undefined,
  subjectValue: string | undefined,
  containsNotExact: boolean | undefined,
  expectedAttachmentCount: string | number | null | undefined,
  fileType: string | undefined,
  attachmentName: string | undefined,
  noAttachmentsNeedsLinkClick: boolean | undefined,
];

/** The count as the input holds it: '' is "any count"; undefined: not a whole number. */
function countOf(value: RuleValues[4]): number | null | undefined {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : undefined;
}

type TestedRules = Omit<TestRulesRequest['rules'], 'expectedAttachmentCount'> & {
  expectedAttachmentCount: number | null | undefined;
};

function requestOf(values: RuleValues): TestedRules {
  const [, fromEmail, subjectValue, containsNotExact, count, fileType, attachmentName, linkClick] = values;
  return {
    fromEmail: fromEmail ?? '',
    subjectValue: subjectValue ?? '',
    containsNotExact: Boolean(containsNotExact),
    expectedAttachmentCount: countOf(count),
    fileType: fileType ?? '',
    attachmentName: attachmentName ?? '',
    noAttachmentsNeedsLinkClick: Boolean(linkClick),
  };
}

export function TestRulesCard({ sourceType, className }: { sourceType: MailSourceType; className?: string }) {
  const form = useFormContext();
  const values = useWatch({ control: form.control, name: RULE_FIELDS }) as RuleValues;
  const test = useTestRules();
  const limitId = useId();
  const [limit, setLimit] = useState(TEST_RULES_DEFAULT);
  const [tested, setTested] = useState<{ key: string; limit: number } | null>(null);

  const emailSourceId = Number(values[0] || 0);
  const rules = requestOf(values);
  const key = JSON.stringify([emailSourceId, rules]);
  const missing = !emailSourceId
    ? 'Choose the Email Source to test against.'
    : rules.fromEmail.trim() === ''
      ? 'Enter the From Email to test the rules.'
      : rules.expectedAttachmentCount === undefined
        ? 'Expected Attachment Count must be empty or a whole number.'
        : null;

  const run = () => {
    if (missing) return;
    setTested({ key, limit });
    test.mutate(
      {
        emailSourceId,
        sourceType,
        rules: { ...rules, expectedAttachmentCount: rules.expectedAttachmentCount ?? null },
        limit,
      },
      { onError: (error) => console.error('Error testing rules against the mailbox:', error) },
    );
  };

  const messages = test.data?.messages;
  const matched = messages?.filter((message) => message.matched).length ?? 0;

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>
          <h2>Test Rules</h2>
        </CardTitle>
        <CardDescription>
          Try the rules in this form, saved or not, on the last messages of the e-mail source's inbox. Nothing
          is changed: no message is marked read, recorded or imported.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor={limitId}>Messages to read</Label>
            <Select value={String(limit)} onValueChange={(value) => setLimit(Number(value))}>
              <SelectTrigger id={limitId} className="w-32">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LIMITS.map((value) => (
                  <SelectItem key={value} value={String(value)}>
                    Last {value}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button type="button" variant="outline" disabled={test.isPending || missing !== null} onClick={run}>
            {test.isPending ? <Spinner aria-hidden /> : <MailSearch aria-hidden />}
            Test rules against the mailbox
          </Button>
        </div>
        {missing && <p className="text-muted-foreground text-sm">{missing}</p>}

        {test.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner aria-hidden />
            Reading the last {tested?.limit ?? limit} messages of the mailbox…
          </p>
        ) : test.isError ? (
          <Alert variant="destructive">
            <AlertDescription>
              {describeError(test.error, 'The rules could not be tested against the mailbox.')}
            </AlertDescription>
          </Alert>
        ) : messages ? (
          <TestResults messages={messages} matched={matched} stale={tested !== null && tested.key !== key} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function TestResults({
  messages,
  matched,
  stale,
}: {
  messages: TestedMessage[];
  matched: number;
  stale: boolean;
}) {
  if (messages.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">The mailbox's inbox holds no messages.</p>;
  }
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {matched} of {messages.length} {messages.length === 1 ? 'message' : 'messages'} would match.
      </p>
      {stale && (
        <p className="text-muted-foreground text-sm">
          The rules changed since this test: test again to see what they match now.
        </p>
      )}
      <Table aria-label="Rule test results">
        <TableHeader>
          <TableRow>
            <MailMessageHeads />
            <TableHead>Matched</TableHead>
            <TableHead>Attachment</TableHead>
            <TableHead>Failed rule</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {messages.map((message) => (
            <TableRow key={message.uid} className="align-top">
              <MailMessageCells message={message} />
              <TableCell>
                <Badge variant={message.matched ? 'default' : 'secondary'}>
                  {message.matched ? 'Yes' : 'No'}
                </Badge>
              </TableCell>
              <TableCell className="break-all">
                {message.attachment ??
                  (message.matched ? (
                    <span className="text-muted-foreground">
                      The message itself (its file is behind a link)
                    </span>
                  ) : (
                    '—'
                  ))}
              </TableCell>
              <TableCell className="min-w-64 whitespace-normal text-sm">
                {message.matched ? (
                  <span className="text-muted-foreground">None</span>
                ) : (
                  <>
                    {message.failedRule && (
                      <span className="font-medium">{MAIL_RULE_LABELS[message.failedRule]}: </span>
                    )}
                    <span className="text-muted-foreground">{message.detail}</span>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

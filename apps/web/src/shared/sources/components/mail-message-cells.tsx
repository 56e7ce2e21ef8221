/**
 * The first columns of every table of a mailbox's messages (the ledger, the rule tester): when it arrived, who
 * sent it and its subject.
 */
import { TableCell, TableHead } from '@/components/ui/table';

export function MailMessageHeads() {
  return (
    <>
      <TableHead>Received</TableHead>
      <TableHead>From</TableHead>
      <TableHead>Subject</TableHead>
    </>
  );
}

export function MailMessageCells({
  message,
}: {
  message: { receivedAt: string | null; from: string | null; subject: string | null };
}) {
  return (
    <>
      <TableCell className="whitespace-nowrap">
        {message.receivedAt ? new Date(message.receivedAt).toLocaleString() : '—'}
      </TableCell>
      <TableCell className="break-all">{message.from ?? '—'}</TableCell>
      <TableCell className="whitespace-normal">{message.subject || '(no subject)'}</TableCell>
    </>
  );
}

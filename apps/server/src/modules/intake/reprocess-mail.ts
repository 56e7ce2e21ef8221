/**
 * Re-process of a run whose input is the e-mail itself (docs/behaviour/mail-intake.md#failures-and-visibility):
 * a message that matched a source but gave it no file keeps its .eml as the run's input. Re-processing reads
 * that message again with the source's current rules (a corrected attachment name, file type or subject),
 * exactly as a poll would, and hands the file it now finds to the processor.
 */
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import type { FileProcessor, InboundMessageContext, IncomingFile } from './file-processors';
import { noAttachmentMessage } from './mail-matching';
import { decideMessage } from './prepare-message';
import { inboundMessageById } from './repository';

export function isStoredMessage(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.eml');
}

export async function fileFromStoredMessage(
  db: DbOrTx,
  processor: FileProcessor,
  sourceId: number,
  inboundMessageId: number,
  raw: Buffer,
): Promise<{ file: IncomingFile; message: InboundMessageContext }> {
  const inbound = await inboundMessageById(db, inboundMessageId);
  if (!inbound) throw AppError.conflict('The e-mail this run read is no longer recorded');
  const rules = await processor.mailRules(db, inbound.emailSourceId);
  const rule = rules.find((candidate) => candidate.sourceId === sourceId);
  if (!rule) {
    throw AppError.conflict(
      'The source no longer reads this mailbox (it is inactive or bound to another one)',
    );
  }
  const base = {
    uid: inbound.uid,
    messageIdHash: inbound.messageIdHash,
    fromAddress: inbound.fromAddress,
    subject: inbound.subject,
    receivedAt: inbound.receivedAt,
    attachmentCount: 0,
  };
  const decided = await decideMessage(base, raw, [{ rule, processor }]);
  if (decided.kind !== 'matched') {
    throw AppError.conflict("The e-mail does not match the source's sender and subject any more");
  }
  const attachment = decided.choices[0]?.attachment;
  if (!attachment) throw AppError.conflict(noAttachmentMessage(rule, decided.attachments));
  return {
    file: { fileName: attachment.fileName, content: attachment.content },
    message: { ...decided.context, rawFileId: inbound.rawFileId },
  };
}

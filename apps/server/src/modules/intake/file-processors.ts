import type { RunSourceType, RunStatus, RunTrigger } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import type { ProgressReporter } from '../../lib/progress';

/**
 * The contract between intake (mail, SFTP, manual upload, re-process) and the processing of one file for
 * one source. Intake finds the file; a processor stores it, records a run and does the work. Processors
 * run inside the caller's transaction, so the inbound-message record, the run and the imported rows commit
 * together (docs/design/mail-intake-exactly-once.md#unit-of-work) — a processor must isolate its own failure in a savepoint and still record a
 * failed run rather than throw, unless the database itself fails.
 */
export interface IncomingFile {
  fileName: string;
  content: Buffer;
}

export interface ProcessFileRequest {
  /** The transaction (or db) to write in. */
  db: DbOrTx;
  context: AppContext;
  sourceId: number;
  file: IncomingFile;
  trigger: RunTrigger;
  inboundMessageId?: number | null;
  reprocessOfRunId?: number | null;
  /** Stored file id when the input is already stored (re-process), so it is not stored twice. */
  inputFileId?: number | null;
  /** The e-mail the file came with (mail intake only). */
  message?: InboundMessageContext;
  /** Rows done / total as the work goes, for a request that asked (lib/progress.ts). */
  progress?: ProgressReporter;
}

/**
 * The e-mail a file came with, for processors that read more than the attachment: order submission
 * replaces {originalSubject} and {originalBody}, follows a link in the body and forwards the original.
 */
export interface InboundMessageContext {
  subject: string;
  fromAddress: string | null;
  /** The plain-text body ('' when the message has none). */
  text: string;
  /** The HTML body ('' when the message has none). */
  html: string;
  receivedAt: Date | null;
  /** The stored raw message (.eml) of the inbound_messages row. */
  rawFileId: number | null;
}

/** A message handed to a processor without a file: its rule needs no attachment (the file is behind a link). */
export type ProcessMessageRequest = Omit<ProcessFileRequest, 'file' | 'message'> & {
  message: InboundMessageContext;
};

export interface ProcessFileOutcome {
  runId: number;
  status: Exclude<RunStatus, 'running'>;
  message: string;
  ordersUpdated?: number;
  /** Of ordersUpdated, the orders new to the source and those that changed (order tracking files only). */
  ordersNew?: number;
  ordersChanged?: number;
  ordersDeleted?: number;
  /**
   * Work that must wait until the caller's transaction has committed (e.g. delivering an inventory file by
   * e-mail and SFTP): intake commits, then awaits it. It must not throw.
   */
  afterCommit?: () => Promise<void>;
}

/** A source that mail intake can match: the fields of the source (docs/behaviour/sources.md#matching-fields, docs/behaviour/mail-intake.md#matching) that intake matches on. */
export interface MailMatchRule {
  sourceType: RunSourceType;
  sourceId: number;
  sourceName: string;
  emailSourceId: number;
  fromEmail: string;
  subjectValue: string;
  containsNotExact: boolean;
  expectedAttachmentCount: number | null;
  attachmentName: string;
  fileType: string;
  /**
   * The source's file is not attached (order submission's noAttachmentsNeedsLinkClick): a matching message
   * goes to the processor's `processMessage` without a file instead of failing for want of one.
   */
  needsNoAttachment?: boolean;
}

/** The matching fields of a source row (or of an editor's form, for the rule tester). */
export type SourceMatchFields = Pick<
  MailMatchRule,
  | 'sourceName'
  | 'fromEmail'
  | 'subjectValue'
  | 'containsNotExact'
  | 'expectedAttachmentCount'
  | 'attachmentName'
  | 'fileType'
> & { id: number };

/** The matching fields of a source row, as every processor's `mailRules` hands them to intake. */
export function toMailMatchRule(
  sourceType: RunSourceType,
  emailSourceId: number,
  row: SourceMatchFields,
): MailMatchRule {
  return {
    sourceType,
    sourceId: row.id,
    sourceName: row.sourceName,
    emailSourceId,
    fromEmail: row.fromEmail,
    subjectValue: row.subjectValue,
    containsNotExact: row.containsNotExact,
    expectedAttachmentCount: row.expectedAttachmentCount,
    attachmentName: row.attachmentName,
    fileType: row.fileType,
  };
}

export interface FileProcessor {
  sourceType: RunSourceType;
  /** Active, not deleted sources bound to this e-mail source. */
  mailRules(db: DbOrTx, emailSourceId: number): Promise<MailMatchRule[]>;
  process(request: ProcessFileRequest): Promise<ProcessFileOutcome>;
  /** For rules with `needsNoAttachment`: the message alone, in the caller's transaction like `process`. */
  processMessage?(request: ProcessMessageRequest): Promise<ProcessFileOutcome>;
}

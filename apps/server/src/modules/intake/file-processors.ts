import type { RunSourceType, RunStatus, RunTrigger } from '@app/contracts';
import type { AppDb } from '@app/db';
import type { AppContext } from '../../app';

/**
 * The contract between intake (mail, SFTP, manual upload, re-process) and the processing of one file for
 * one source. Intake finds the file; a processor stores it, records a run and does the work. Processors
 * run inside the caller's transaction, so the inbound-message record, the run and the imported rows commit
 * together (DESIGN §3) — a processor must isolate its own failure in a savepoint and still record a
 * failed run rather than throw, unless the database itself fails.
 */
export interface IncomingFile {
  fileName: string;
  content: Buffer;
}

export interface ProcessFileRequest {
  /** The transaction (or db) to write in. */
  db: AppDb;
  context: AppContext;
  sourceId: number;
  file: IncomingFile;
  trigger: RunTrigger;
  inboundMessageId?: number | null;
  reprocessOfRunId?: number | null;
  /** Stored file id when the input is already stored (re-process), so it is not stored twice. */
  inputFileId?: number | null;
}

export interface ProcessFileOutcome {
  runId: number;
  status: Exclude<RunStatus, 'running'>;
  message: string;
  ordersUpdated?: number;
  ordersDeleted?: number;
  /**
   * Work that must wait until the caller's transaction has committed (e.g. delivering an inventory file by
   * e-mail and SFTP): intake commits, then awaits it. It must not throw.
   */
  afterCommit?: () => Promise<void>;
}

/** A source that mail intake can match: the fields of spec 2 §3.4/§3.5 that DESIGN §3 matches on. */
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
}

export interface FileProcessor {
  sourceType: RunSourceType;
  /** Active, not deleted sources bound to this e-mail source. */
  mailRules(db: AppDb, emailSourceId: number): Promise<MailMatchRule[]>;
  process(request: ProcessFileRequest): Promise<ProcessFileOutcome>;
}

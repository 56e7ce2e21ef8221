/**
 * SFTP intake of one inventory source (docs/behaviour/inventory.md#sftp-intake): read the supplier files waiting in the
 * source's inbound folder, exactly once each, oldest first.
 *
 * For each file: download it; in ONE transaction record it in inventory_sftp_files (name, size and
 * modification time; unique) and hand it to the inventory processor (trigger 'sftp'), which stores it and
 * records its run; after the commit move it into `processed/` under the inbound folder (created when missing;
 * never deleted; a name already there gets a timestamp); then, once the inbound connection is closed, deliver
 * each succeeded run where configured (the processor's `afterCommit`, see automatic-delivery.ts).
 *
 * - A crash (or a failed move) after the commit leaves the file where it was, already recorded: the next poll
 *   only moves it, and delivers its run if that is still the source's newest output and was never delivered.
 *   Two pollers racing on one file: the second finds the record taken and leaves it.
 * - A file the processor failed on is moved too (its failed run keeps the input for re-processing): leaving
 *   it would fail it again on every poll.
 * - A file modified within the last `minFileAgeSeconds` may still be being uploaded and waits.
 * - A server that cannot be reached or refuses the login gives a failed run (trigger 'sftp') and the error is
 *   kept on the source's SFTP state. A poll that finds nothing writes no run (the state shows the poll).
 */
import path from 'node:path';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import {
  downloadFile,
  listFolder,
  moveFile,
  resolveFolder,
  type SftpEntry,
  SftpFailure,
  type SftpSession,
} from '../../integrations/sftp';
import { errorMessage } from '../../lib/error-message';
import { storeFile } from '../files/stored-files';
import { deliverAutomaticRun } from '../inventory-delivery/automatic-delivery';
import type { RunDeliveryRecord } from '../inventory-delivery/deliver';
import { inventoryFileProcessor } from '../inventory-processing/processor';
import { findLiveInventorySource, type InventorySourceRow } from '../inventory-sources/repository';
import { sourceSftpSettings, withSourceSftp } from '../inventory-sources/sftp-connection';
import { recordRun } from '../runs/repository';
import type { FileProcessor, ProcessFileOutcome } from './file-processors';
import { pickInboundFiles } from './inbound-files';
import {
  claimFile,
  deliveryOf,
  findRecordedFile,
  markPollStarted,
  markPollSucceeded,
  newestRunWithOutput,
  noteError,
  noteOnRun,
  recordFileMoved,
  recordFileRun,
} from './sftp-repository';

export const PROCESSED_FOLDER = 'processed';
export const DEFAULT_MIN_FILE_AGE_SECONDS = 30;

/** A processor may hand back work for after the commit (the inventory processor's delivery). */
type AfterCommitOutcome = ProcessFileOutcome & { afterCommit?: () => Promise<void> };

export interface SftpPollOptions {
  /** The inventory processor unless given (tests of intake itself may pass another). */
  processor?: FileProcessor;
  now?: Date;
  /** Files younger than this wait for the next poll (default 30 s). */
  minFileAgeSeconds?: number;
  /** Deliver succeeded runs where configured (default on). */
  deliver?: boolean;
}

export interface SftpFileOutcome {
  name: string;
  remotePath: string;
  /**
   * processed: read now; moved: read by an earlier poll (which crashed or could not move it), only moved
   * now; taken: another poll has it; waiting: still being written; failed: could not be downloaded.
   */
  action: 'processed' | 'moved' | 'taken' | 'waiting' | 'failed';
  /** The inventory_sftp_files row of this file. */
  recordId?: number;
  runId?: number;
  status?: ProcessFileOutcome['status'];
  message?: string;
  movedTo?: string;
  moveError?: string;
  /** What delivery did with the run's output (its `details.delivery`), when it was delivered. */
  delivery?: RunDeliveryRecord;
}

export type SftpPollOutcome =
  | { status: 'skipped'; reason: 'not-found' | 'inactive' | 'no-sftp'; message: string }
  | { status: 'succeeded'; message: string; files: SftpFileOutcome[] }
  | { status: 'failed'; runId: number; message: string; files: SftpFileOutcome[] };

export async function pollInventorySftp(
  context: AppContext,
  sourceId: number,
  options: SftpPollOptions = {},
): Promise<SftpPollOutcome> {
  const { db } = context;
  const now = options.now ?? new Date();
  const source = await findLiveInventorySource(db, sourceId);
  if (!source) return { status: 'skipped', reason: 'not-found', message: 'Inventory source not found' };
  if (!source.activeStatus) {
    return {
      status: 'skipped',
      reason: 'inactive',
      message: `The inventory source "${source.sourceName}" is inactive`,
    };
  }
  if (source.sftpServerAddress.trim() === '') {
    return {
      status: 'skipped',
      reason: 'no-sftp',
      message: `The inventory source "${source.sourceName}" has no SFTP server`,
    };
  }
  await markPollStarted(db, sourceId, now);

  const files: SftpFileOutcome[] = [];
  const fail = async (message: string): Promise<SftpPollOutcome> => {
    const runId = await recordRun(
      db,
      { sourceType: 'inventory', sourceId, sourceName: source.sourceName, trigger: 'sftp' },
      {
        status: 'failed',
        message,
        details: { sftp: { host: source.sftpServerAddress, folder: source.sftpInboundFolder || '.' }, files },
      },
    );
    await noteError(db, sourceId, message, now);
    return { status: 'failed', runId, message, files };
  };

  const resolved = sourceSftpSettings(source, context.secrets, context.config);
  if (!resolved.ok) return fail(`SFTP intake failed: ${resolved.message}`);

  const intake = new InboundFolderIntake(context, source, options, now, files);
  let failure: string | undefined;
  try {
    await withSourceSftp(db, source, resolved.settings, (session) => intake.run(session));
  } catch (error) {
    if (!(error instanceof SftpFailure)) {
      await noteError(db, sourceId, `SFTP intake failed: ${errorMessage(error)}`, now).catch(() => undefined);
      throw error;
    }
    failure = `SFTP intake failed: ${error.message}`;
  }

  // Files committed before a failure are delivered all the same. Delivery waits for the inbound connection
  // to be closed: it may open its own to the same server.
  if (options.deliver !== false) {
    for (const file of files) {
      const afterCommit = intake.afterCommitOf(file);
      if (afterCommit) {
        // The processor's own after-commit step (the inventory processor delivers there; it never throws).
        await afterCommit().catch(() => undefined);
      } else if (file.runId !== undefined && (await shouldDeliver(db, sourceId, file))) {
        await deliverAutomaticRun(context, { runId: file.runId, sourceId });
      } else {
        continue;
      }
      const delivery = await deliveryOf(db, file.runId);
      if (delivery) file.delivery = delivery;
    }
  }
  if (failure) return fail(failure);

  const problems = files.flatMap((file) => [
    ...(file.action === 'failed' && file.message ? [file.message] : []),
    ...(file.moveError ? [file.moveError] : []),
  ]);
  await markPollSucceeded(db, sourceId, now, problems.length > 0 ? problems.join(' ') : null);
  const processed = files.filter((file) => file.action === 'processed').length;
  const moved = files.filter((file) => file.action === 'moved').length;
  const summary =
    files.length === 0
      ? 'No new files in the inbound folder'
      : `${processed} ${processed === 1 ? 'file' : 'files'} processed${moved > 0 ? `, ${moved} already processed and moved` : ''}`;
  return {
    status: 'succeeded',
    message: problems.length > 0 ? `${summary}. ${problems.join(' ')}` : summary,
    files,
  };
}

/** One connection's worth of work: list, then each matching file in turn. */
class InboundFolderIntake {
  private readonly processor: FileProcessor;
  private readonly minAgeMs: number;
  private readonly afterCommits = new Map<SftpFileOutcome, () => Promise<void>>();

  constructor(
    private readonly context: AppContext,
    private readonly source: InventorySourceRow,
    options: SftpPollOptions,
    private readonly now: Date,
    private readonly files: SftpFileOutcome[],
  ) {
    this.processor = options.processor ?? inventoryFileProcessor;
    this.minAgeMs = (options.minFileAgeSeconds ?? DEFAULT_MIN_FILE_AGE_SECONDS) * 1000;
  }

  /** The processor's after-commit step of a file read by this poll (see InventoryProcessOutcome). */
  afterCommitOf(file: SftpFileOutcome): (() => Promise<void>) | undefined {
    return this.afterCommits.get(file);
  }

  async run(session: SftpSession): Promise<void> {
    const { inbound, entries } = await this.readInbound(session);
    const processedFolder = path.posix.join(inbound, PROCESSED_FOLDER);
    for (const entry of pickInboundFiles(this.source, entries, this.now, this.minAgeMs)) {
      const outcome = await this.handle(session, entry, path.posix.join(inbound, entry.name));
      // Listed before the move: a connection lost while moving must not lose a committed run's delivery.
      this.files.push(outcome);
      if (outcome.action === 'processed' || outcome.action === 'moved') {
        await this.moveAside(session, outcome, processedFolder);
      }
    }
  }

  /** The inbound folder's absolute path and entries; a missing or unreadable folder is named as configured. */
  private async readInbound(session: SftpSession): Promise<{ inbound: string; entries: SftpEntry[] }> {
    const configured = this.source.sftpInboundFolder.trim() || '.';
    try {
      const inbound = await resolveFolder(session, configured);
      return { inbound, entries: await listFolder(session, inbound) };
    } catch (error) {
      if (!(error instanceof SftpFailure)) throw error;
      if (error.kind === 'not-found') {
        throw new SftpFailure('not-found', `the inbound folder "${configured}" does not exist`, {
          cause: error,
        });
      }
      if (error.kind === 'permission') {
        throw new SftpFailure('permission', `permission denied to read the inbound folder "${configured}"`, {
          cause: error,
        });
      }
      throw error;
    }
  }

  private async handle(session: SftpSession, entry: SftpEntry, remotePath: string): Promise<SftpFileOutcome> {
    const { db } = this.context;
    const identity = {
      sourceId: this.source.id,
      remotePath,
      size: entry.size,
      // Servers always send a modification time; without one, name and size alone identify the file.
      modifiedAt: entry.modifiedAt ? new Date(entry.modifiedAt) : new Date(0),
    };
    const recorded = await findRecordedFile(db, identity);
    if (recorded) {
      return {
        name: entry.name,
        remotePath,
        action: 'moved',
        recordId: recorded.id,
        ...(recorded.runId ? { runId: recorded.runId } : {}),
      };
    }

    let content: Buffer;
    try {
      content = await downloadFile(session, remotePath);
    } catch (error) {
      if (!(error instanceof SftpFailure) || error.kind === 'other') throw error;
      // Gone since the listing: another poll moved it (or the supplier took it back).
      if (error.kind === 'not-found') return { name: entry.name, remotePath, action: 'taken' };
      // This file only (a permission problem): the others are still read.
      const message = `Could not read "${entry.name}": ${error.message}`;
      const runId = await recordRun(
        db,
        {
          sourceType: 'inventory',
          sourceId: this.source.id,
          sourceName: this.source.sourceName,
          trigger: 'sftp',
          fileName: entry.name,
        },
        { status: 'failed', message },
      );
      return { name: entry.name, remotePath, action: 'failed', runId, status: 'failed', message };
    }
    if (content.length !== entry.size) {
      // Still growing since the listing: the next poll reads the finished file.
      return {
        name: entry.name,
        remotePath,
        action: 'waiting',
        message: `"${entry.name}" changed while it was read; it waits for the next poll`,
      };
    }

    const outcome = await db.transaction(async (tx) => {
      const claimedId = await claimFile(tx, identity);
      if (claimedId === undefined) return undefined;
      const result = await this.process(tx, { fileName: entry.name, content });
      await recordFileRun(tx, claimedId, result.runId);
      return { ...result, recordId: claimedId };
    });
    if (!outcome) return { name: entry.name, remotePath, action: 'taken' };
    const processed: SftpFileOutcome = {
      name: entry.name,
      remotePath,
      action: 'processed',
      recordId: outcome.recordId,
      runId: outcome.runId,
      status: outcome.status,
      message: outcome.message,
    };
    if (outcome.afterCommit) this.afterCommits.set(processed, outcome.afterCommit);
    return processed;
  }

  /** The processor isolates its own failures; one that throws anyway is rolled back to a savepoint. */
  private async process(
    tx: DbOrTx,
    file: { fileName: string; content: Buffer },
  ): Promise<AfterCommitOutcome> {
    try {
      return await tx.transaction((savepoint) =>
        this.processor.process({
          db: savepoint,
          context: this.context,
          sourceId: this.source.id,
          file,
          trigger: 'sftp',
        }),
      );
    } catch (error) {
      const message = `Processing "${file.fileName}" failed: ${errorMessage(error)}`;
      const inputFileId = await storeFile(tx, file.fileName, file.content);
      const runId = await recordRun(
        tx,
        {
          sourceType: 'inventory',
          sourceId: this.source.id,
          sourceName: this.source.sourceName,
          trigger: 'sftp',
          fileName: file.fileName,
          inputFileId,
        },
        { status: 'failed', message },
      );
      return { runId, status: 'failed', message };
    }
  }

  private async moveAside(
    session: SftpSession,
    outcome: SftpFileOutcome,
    processedFolder: string,
  ): Promise<void> {
    const { db } = this.context;
    let move: { movedTo: string } | { error: string };
    try {
      move = { movedTo: await moveFile(session, outcome.remotePath, processedFolder) };
    } catch (error) {
      if (!(error instanceof SftpFailure) || error.kind === 'other') throw error;
      // Another poll that read the same listing moved it first: nothing is left to do.
      if (error.kind === 'not-found') return;
      move = {
        error: `"${outcome.name}" was processed but could not be moved to ${PROCESSED_FOLDER}/: ${error.message}`,
      };
    }
    if ('movedTo' in move) {
      outcome.movedTo = move.movedTo;
      if (outcome.recordId !== undefined) {
        await recordFileMoved(db, outcome.recordId, move.movedTo);
      }
    } else {
      outcome.moveError = move.error;
    }
    if (outcome.runId !== undefined) {
      await noteOnRun(db, outcome.runId, {
        remotePath: outcome.remotePath,
        movedTo: outcome.movedTo ?? null,
        ...(outcome.moveError ? { moveError: outcome.moveError } : {}),
      });
    }
  }
}

/**
 * A file read now is delivered when its run succeeded. A file an earlier poll read but did not finish (a
 * crash after the commit) is delivered only if its run is still the source's newest run with an output file
 * (succeeded or held) and has no
 * delivery recorded: an older file's output must never replace a newer one at the retailer.
 */
async function shouldDeliver(db: DbOrTx, sourceId: number, file: SftpFileOutcome): Promise<boolean> {
  if (file.action === 'processed') return file.status === 'succeeded';
  if (file.action !== 'moved' || file.runId === undefined) return false;
  const newest = await newestRunWithOutput(db, sourceId);
  return newest?.id === file.runId && newest.status === 'succeeded' && !newest.details?.delivery;
}

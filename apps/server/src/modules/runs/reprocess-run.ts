/**
 * Re-processing a run: the source's processor again on the run's stored input. Apart from runs-service.ts
 * because it needs the processor registry, and the processors themselves record runs: with it there, the
 * registry and every processor would form one import cycle with the runs module.
 */
import type { ReprocessOutcome } from '@app/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/session';
import { readStoredFile } from '../files/stored-files';
import type { FileProcessor } from '../intake/file-processors';
import { fileProcessors } from '../intake/processor-registry';
import { fileFromStoredMessage, isStoredMessage } from '../intake/reprocess-mail';
import { sourceIsLive } from './repository';
import { getRunFor } from './runs-service';

/**
 * Runs the source's processor again on the run's stored input file, in a transaction of its own: a new run
 * (trigger 're-process') linked to the old one and reading the same stored file.
 */
export async function reprocessRun(
  context: AppContext,
  user: SessionUser,
  runId: number,
): Promise<ReprocessOutcome> {
  const { db } = context;
  const row = await getRunFor(db, user, runId);
  if (row.inputFileId === null) {
    throw AppError.conflict(
      'This run has no stored input file to re-process (none was read, or it was deleted after the retention period)',
    );
  }
  if (row.sourceId === null || !(await sourceIsLive(db, row.sourceType, row.sourceId))) {
    throw AppError.conflict(`The source of this run ("${row.sourceName}") has been deleted`);
  }
  const processor = fileProcessorFor(row.sourceType);
  if (!processor) throw AppError.conflict('Runs of this kind of source cannot be re-processed');
  const file = await readStoredFile(db, row.inputFileId);
  if (!file) {
    throw AppError.conflict('The input file of this run was deleted after the retention period');
  }
  const sourceId = row.sourceId;
  // A run whose input is the e-mail (it matched but gave no file): the message is read again with the
  // source's current rules, and the file found is the new run's input.
  const fromMessage =
    row.inboundMessageId !== null && isStoredMessage(file.fileName)
      ? await fileFromStoredMessage(db, processor, sourceId, row.inboundMessageId, file.content)
      : undefined;
  const inputFileId = fromMessage ? null : row.inputFileId;
  const outcome = await db.transaction((tx) =>
    processor.process({
      db: tx,
      context,
      sourceId,
      file: fromMessage?.file ?? { fileName: file.fileName, content: file.content },
      trigger: 'reprocess',
      reprocessOfRunId: row.id,
      inputFileId,
      ...(fromMessage ? { inboundMessageId: row.inboundMessageId, message: fromMessage.message } : {}),
    }),
  );
  const { afterCommit, ...result } = outcome;
  await afterCommit?.();
  return { ...result, reprocessOfRunId: row.id };
}

/** The processor of a source type, from the one registry intake uses too. */
function fileProcessorFor(sourceType: string): FileProcessor | undefined {
  return fileProcessors().find((processor) => processor.sourceType === sourceType);
}

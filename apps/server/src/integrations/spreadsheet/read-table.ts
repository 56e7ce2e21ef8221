/**
 * readTable: the one way the server reads a spreadsheet (mail and SFTP intake, uploads, previews,
 * sample files, templates). The file is parsed in a child process (table-worker.ts running parse-table.ts;
 * process-pool.ts says why a process and not a worker thread):
 *
 * - the server survives every file: a parser that balloons dies at the reader's heap limit
 *   (OUT_OF_MEMORY), one that runs on is killed at its time limit (TIMED_OUT), and the process is
 *   replaced;
 * - the event loop stays free while a 10 MB file is parsed: requests are answered meanwhile
 *   (`npm run bench:parse-isolation`), and the rows come back in slices (packed-rows.ts).
 *
 * `readWorkbook` does the same for callers that need SheetJS's workbook object itself (templates that
 * are written back, the debug tool's rewrite).
 *
 * Where the reader's code is: from TypeScript source (tests, `npm run dev`) the child runs
 * table-worker.ts through tsx's loader; in the build it runs dist/table-worker.js, its own entry point.
 */
import { availableParallelism } from 'node:os';
import type * as XLSX from '@e965/xlsx';
import { workerEntry } from '../../lib/worker-entry';
import { SpreadsheetError } from './errors';
import { DEFAULT_MAX_BYTES, READER_WORKER_DEFAULTS } from './limits';
import { type PackedRows, unpackRows } from './packed-rows';
import type { ReadTableOptions, Table } from './parse-table';
import { ProcessPool, WorkerTaskError } from './process-pool';
import type { ReaderTask, TableReply, TaskError, WorkbookReply } from './table-worker';

export interface ReaderSettings {
  /** Heap of each reader process (V8 old generation), MB. */
  maxHeapMb: number;
  /** Longest a file may take to parse, ms. */
  timeoutMs: number;
  /** Parallel parses; by default one less than the cores (at least one), so a core stays with requests. */
  maxWorkers: number;
  idleMs: number;
}

let settings: ReaderSettings = {
  ...READER_WORKER_DEFAULTS,
  maxWorkers: Math.max(1, Math.min(4, availableParallelism() - 1)),
};
let pool: ProcessPool | null = null;

/** Changes the reader's limits (start-up configuration, tests); running parses finish under the old ones. */
export function configureReader(changes: Partial<ReaderSettings>): void {
  settings = { ...settings, ...changes };
  pool?.retire();
  pool = null;
}

export function readerSettings(): ReaderSettings {
  return { ...settings };
}

/** Stops the reader's processes (a new parse starts them again). */
export async function closeReader(): Promise<void> {
  const old = pool;
  pool = null;
  await old?.close();
}

function currentPool(): ProcessPool {
  pool ??= new ProcessPool({ ...workerEntry(import.meta.url, 'table-worker'), ...settings });
  return pool;
}

export async function readTable(content: Buffer | Uint8Array, options: ReadTableOptions): Promise<Table> {
  const fileName = options.fileName || 'The file';
  // The two refusals that need no parsing are made here, before the bytes are copied to a worker.
  if (content.byteLength === 0) throw new SpreadsheetError('EMPTY', `${fileName} is empty (0 bytes).`);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (content.byteLength > maxBytes) {
    throw new SpreadsheetError(
      'TOO_LARGE',
      `${fileName} is ${megabytes(content.byteLength)}; files over ${megabytes(maxBytes)} are not read.`,
    );
  }
  // Each part is taken in as it arrives, while the reader still packs and sends the next ones.
  const rows: string[][] = [];
  let takenIn: Promise<void> = Promise.resolve();
  const reply = await runTask<TableReply>(
    { kind: 'table', content: new Uint8Array(content), options },
    fileName,
    (part) => {
      takenIn = takenIn.then(async () => {
        for (const row of await unpackRows(part as PackedRows)) rows.push(row);
      });
    },
  );
  await takenIn;
  if (!reply.ok) throw taskError(reply.error, fileName);
  return { ...reply.table, rows };
}

/**
 * SheetJS's workbook object of an untrusted file, parsed in the worker with `parsing` (zip-bomb checks
 * and Excel's default password handled as readTable does). Refusals are SpreadsheetErrors.
 */
export async function readWorkbook(
  content: Buffer | Uint8Array,
  fileName: string,
  parsing: XLSX.ParsingOptions,
): Promise<XLSX.WorkBook> {
  const reply = await runTask<WorkbookReply>(
    { kind: 'workbook', content: new Uint8Array(content), fileName, parsing },
    fileName,
  );
  if (!reply.ok) throw taskError(reply.error, fileName);
  return reply.workbook;
}

async function runTask<T>(task: ReaderTask, fileName: string, onPart?: (part: unknown) => void): Promise<T> {
  try {
    return await currentPool().run<T>(task, onPart);
  } catch (error) {
    if (!(error instanceof WorkerTaskError)) throw error;
    if (error.failure === 'memory') {
      throw new SpreadsheetError(
        'OUT_OF_MEMORY',
        `${fileName} was refused: reading it needed more than ${settings.maxHeapMb} MB of memory, far more than a spreadsheet of its size needs. Ask the sender for a new export.`,
        { cause: error },
      );
    }
    if (error.failure === 'timeout') {
      throw new SpreadsheetError(
        'TIMED_OUT',
        `${fileName} was refused: reading it took longer than ${Math.round(settings.timeoutMs / 1000)} s and was stopped. Ask the sender for a new export.`,
        { cause: error },
      );
    }
    throw new Error(`Reading ${fileName} failed: ${error.message}`, { cause: error });
  }
}

function taskError(error: TaskError, fileName: string): Error {
  if (error.code) return new SpreadsheetError(error.code, error.message);
  const failure = new Error(`Reading ${fileName} failed: ${error.message}`);
  if (error.stack) failure.stack = `${failure.message}\n  in the reader process: ${error.stack}`;
  return failure;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The child process every untrusted spreadsheet is parsed in (see read-table.ts): it receives one task at
 * a time from the pool (process-pool.ts) and sends back one reply. A parser that loops, recurses or
 * balloons on a crafted file can only exhaust this process's heap or time; the pool then discards the
 * process and the caller gets a refusal, while the server goes on.
 *
 * Built as its own entry point (apps/server/scripts/build.mjs → dist/table-worker.js).
 */
import type * as XLSX from '@e965/xlsx';
import { isSpreadsheetError, type SpreadsheetErrorCode } from './errors';
import { type PackedRows, packRows } from './packed-rows';
import { openWorkbook, parseTable, type ReadTableOptions, type Table } from './parse-table';

export type ReaderTask =
  | { kind: 'table'; content: Uint8Array; options: ReadTableOptions }
  | { kind: 'workbook'; content: Uint8Array; fileName: string; parsing: XLSX.ParsingOptions };

export interface TaskError {
  /** null: not a refusal of the file but a failure of the reader itself. */
  code: SpreadsheetErrorCode | null;
  message: string;
  stack?: string | undefined;
}

/** A table's rows come first, as parts of PackedRows (`{ part }` messages), then this reply. */
export type TableReply = { ok: true; table: Omit<Table, 'rows'> } | { ok: false; error: TaskError };

export type WorkbookReply = { ok: true; workbook: XLSX.WorkBook } | { ok: false; error: TaskError };

/** Cells per part: a part of a few hundred KB costs the server a few milliseconds to take in. */
const CELLS_PER_PART = 50_000;

function run(task: ReaderTask, sendPart: (part: PackedRows) => void): TableReply | WorkbookReply {
  const content = Buffer.from(task.content.buffer, task.content.byteOffset, task.content.byteLength);
  try {
    if (task.kind === 'workbook') {
      return { ok: true, workbook: openWorkbook(content, task.fileName, task.parsing) };
    }
    const { rows, ...table } = parseTable(content, task.options);
    const rowsPerPart = Math.max(1, Math.floor(CELLS_PER_PART / Math.max(1, rows[0]?.length ?? 1)));
    for (let start = 0; start < rows.length; start += rowsPerPart) {
      sendPart(packRows(rows.slice(start, start + rowsPerPart)));
    }
    return { ok: true, table };
  } catch (error) {
    if (isSpreadsheetError(error)) return { ok: false, error: { code: error.code, message: error.message } };
    const failure = error instanceof Error ? error : new Error(String(error));
    return { ok: false, error: { code: null, message: failure.message, stack: failure.stack } };
  }
}

const send = process.send?.bind(process);
if (send) {
  process.on('message', (task: ReaderTask) => {
    const reply = run(task, (part) => send({ part }));
    try {
      send(reply);
    } catch (error) {
      // A workbook holding something that cannot be cloned: still exactly one reply.
      const message = error instanceof Error ? error.message : String(error);
      send({ ok: false, error: { code: null, message } });
    }
  });
  // The server went away (or stopped this reader): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}

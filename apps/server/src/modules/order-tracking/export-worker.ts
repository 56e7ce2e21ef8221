/**
 * The order export's worker thread on PostgreSQL (started by export-thread.ts; docs/decisions/0017-order-export.md).
 * It reads the export's SELECT through a cursor on a connection of its own, writes the file (export-file.ts)
 * and hands the bytes to the server's thread, which passes them on to the download: each chunk waits until
 * the previous one was taken, so a slow download slows the reading. The thread runs with a small capped
 * heap: the garbage of a million rows is collected there, and the server's own heap does not grow with it.
 *
 * Built as its own entry point (apps/server/scripts/build.mjs → dist/export-worker.js).
 */
import { Writable } from 'node:stream';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { type ExportLayout, readCursorBatches, writeExportFile } from './export-file';
import type { ExportRow } from './export-repository';

export interface ExportWorkerData {
  connectionString: string;
  /** The export's SELECT with $n placeholders, and their values. */
  statement: { sql: string; params: unknown[] };
  layout: ExportLayout;
  /** Rows per FETCH. */
  batchSize: number;
}

/** From the thread; the server answers each `chunk` with `'taken'` once its download has room again. */
export type ExportWorkerMessage =
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'done'; count: number }
  | { type: 'failed'; message: string };

/** The file's bytes, posted to the server's thread: a write completes when the server has taken it. */
class PortWritable extends Writable {
  private whenTaken: (() => void) | undefined;
  private readonly onMessage = (message: unknown) => {
    if (message !== 'taken') return;
    const taken = this.whenTaken;
    this.whenTaken = undefined;
    taken?.();
  };

  constructor(private readonly port: MessagePort) {
    super({ highWaterMark: 256 * 1024 });
    port.on('message', this.onMessage);
  }

  private post(bytes: Buffer, callback: () => void) {
    this.whenTaken = callback;
    this.port.postMessage({ type: 'chunk', bytes } satisfies ExportWorkerMessage);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.post(chunk, callback);
  }

  override _writev(chunks: Array<{ chunk: Buffer }>, callback: () => void) {
    this.post(Buffer.concat(chunks.map(({ chunk }) => chunk)), callback);
  }

  /** Stops listening, so that the thread can end. */
  release() {
    this.port.off('message', this.onMessage);
  }
}

async function exportRows(port: MessagePort, data: ExportWorkerData): Promise<number> {
  const client = new pg.Client({
    connectionString: data.connectionString,
    // As the server's pool (packages/db): JIT only slows a plan like this one.
    options: '-c jit=off',
    application_name: 'inbox-ops order export',
  });
  const out = new PortWritable(port);
  await client.connect();
  try {
    // One snapshot for the whole file; read only, so nothing this connection does can change data.
    await client.query('begin read only');
    await client.query(
      `declare order_export no scroll cursor for ${data.statement.sql}`,
      data.statement.params,
    );
    const fetch = { text: `fetch forward ${data.batchSize} from order_export`, rowMode: 'array' as const };
    const fetchBatch = async () => (await client.query<ExportRow>(fetch)).rows;
    const count = await writeExportFile(out, data.layout, (onBatch) =>
      readCursorBatches(fetchBatch, data.batchSize, onBatch),
    );
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await client.query('commit');
    return count;
  } finally {
    out.release();
    await client.end().catch(() => undefined);
  }
}

if (parentPort) {
  const port = parentPort;
  exportRows(port, workerData as ExportWorkerData).then(
    (count) => port.postMessage({ type: 'done', count } satisfies ExportWorkerMessage),
    (error: unknown) =>
      port.postMessage({
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
      } satisfies ExportWorkerMessage),
  );
}

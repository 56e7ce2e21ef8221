/**
 * Runs an order export on PostgreSQL in a worker thread (export-worker.ts; docs/decisions/0017-order-export.md)
 * and passes its bytes on to the download. At most EXPORT_THREADS run at once, each with a capped heap, so
 * what exports can add to the server's memory is bounded whatever their size; one more waits for a free
 * thread (its download has started and simply receives nothing yet).
 */
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../lib/worker-entry';
import type { ExportWorkerData, ExportWorkerMessage } from './export-worker';

export const EXPORT_THREADS = 2;
/**
 * V8 limits of each export thread, MB. The thread holds one batch (2,000 rows, a few MB) and the file writer's
 * buffers; with these limits a running export adds 30–70 MB to the server's RSS (`npm run bench:export`).
 */
export const EXPORT_THREAD_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

let running = 0;
const waiting: Array<() => void> = [];

async function threadSlot(): Promise<() => void> {
  if (running >= EXPORT_THREADS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  // A slot is handed straight to the next waiting export, or freed.
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/** Writes the export to `out` (without ending it); answers the number of orders written. */
export async function writeExportInThread(out: Writable, data: ExportWorkerData): Promise<number> {
  const release = await threadSlot();
  try {
    return await runThread(out, data);
  } finally {
    release();
  }
}

function runThread(out: Writable, data: ExportWorkerData): Promise<number> {
  if (out.destroyed) return Promise.reject(new Error('The download was closed'));
  const { entry, execArgv } = workerEntry(import.meta.url, 'export-worker');
  const worker = new Worker(entry, {
    workerData: data,
    execArgv,
    resourceLimits: EXPORT_THREAD_LIMITS,
    name: 'order-export',
  });
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: { count: number } | { error: Error }) => {
      if (settled) return;
      settled = true;
      out.off('close', onClosed);
      // Ends the thread whatever it is doing: a closed download's reading stops, and its connection with it.
      void worker.terminate();
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.count);
    };
    const onClosed = () => settle({ error: new Error('The download was closed') });
    out.on('close', onClosed);
    const passOn = (bytes: Uint8Array) => {
      if (out.destroyed) return;
      const room = out.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      if (room) worker.postMessage('taken');
      else out.once('drain', () => worker.postMessage('taken'));
    };
    worker.on('message', (message: ExportWorkerMessage) => {
      if (message.type === 'chunk') passOn(message.bytes);
      else if (message.type === 'done') settle({ count: message.count });
      else settle({ error: new Error(message.message) });
    });
    worker.on('error', (error) => settle({ error }));
    worker.on('exit', (code) =>
      settle({ error: new Error(`The export thread stopped (exit code ${code})`) }),
    );
  });
}

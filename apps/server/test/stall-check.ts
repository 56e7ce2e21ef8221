import { Worker } from 'node:worker_threads';

/**
 * Runs `code` (CommonJS, reading `workerData`) in a worker thread and stops it after `limitMs`: shows that a
 * former code path stalls, without the test waiting for it to end. Resolves 'finished' or 'still running'.
 */
export function runWithLimit(
  code: string,
  workerData: unknown,
  limitMs: number,
): Promise<'finished' | 'still running'> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');\n${code}\nparentPort.postMessage('finished');`,
    { eval: true, workerData },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve('still running');
    }, limitMs);
    worker.once('message', () => {
      clearTimeout(timer);
      void worker.terminate();
      resolve('finished');
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * The steps of an import, as the benchmark's breakdown names them (bench/ingest.ts). Commit and the merge of
 * the search indexes' pending lists happen after the processor returns, so the caller times those.
 */
export type IngestStep = 'read' | 'map' | 'orders' | 'tracking numbers' | 'stale delete';

export type OnIngestStep = (step: IngestStep, ms: number) => void;

/** Runs `work`, telling `onStep` how long it took; without `onStep` it is only `work()`. */
export async function timedStep<T>(
  onStep: OnIngestStep | undefined,
  step: IngestStep,
  work: () => Promise<T>,
): Promise<T> {
  if (!onStep) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    onStep(step, performance.now() - started);
  }
}

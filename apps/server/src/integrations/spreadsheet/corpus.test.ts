import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CorpusCase,
  type CorpusOutcome,
  checkCase,
  corpusTable,
  fidelityCorpus,
} from '../../../test/integrations/spreadsheet-fidelity-corpus';
import { READER_WORKER_DEFAULTS } from './limits';
import { closeReader, configureReader } from './read-table';

const cases = fidelityCorpus();
const outcomes = new Map<CorpusCase, CorpusOutcome>();

describe('the fidelity corpus, through the reader process', () => {
  // The looping-chain .xls fills any heap; a smaller one refuses it sooner, with the same code. The other files
  // need up to a few hundred MB, so only the read expected to run out of memory gets the smallest heap.
  const heapMb = 384;
  const outOfMemoryHeapMb = 64;
  const runsOutOfMemory = (test: CorpusCase) => 'code' in test.expect && test.expect.code === 'OUT_OF_MEMORY';
  beforeAll(() => configureReader({ maxHeapMb: heapMb }));
  afterAll(async () => {
    configureReader({ maxHeapMb: READER_WORKER_DEFAULTS.maxHeapMb });
    await closeReader();
    console.log(
      `Fidelity corpus (${cases.length} files, reader heap ${heapMb} MB, ${outOfMemoryHeapMb} MB for OUT_OF_MEMORY):\n${corpusTable(cases, outcomes)}`,
    );
  });

  for (const test of cases) {
    it(
      `${test.kind}: ${test.name}`,
      async () => {
        if (runsOutOfMemory(test)) configureReader({ maxHeapMb: outOfMemoryHeapMb });
        const { outcome, detail } = await checkCase(test).finally(() => {
          if (runsOutOfMemory(test)) configureReader({ maxHeapMb: heapMb });
        });
        outcomes.set(test, outcome);
        expect(outcome === 'wrong' ? detail : outcome).toBe('code' in test.expect ? 'refused' : 'identical');
      },
      test.slow ? 180_000 : 60_000,
    );
  }
});

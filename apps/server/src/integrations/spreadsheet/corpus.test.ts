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
  // The looping-chain .xls fills any heap; a smaller one refuses it sooner, with the same code.
  const heapMb = 384;
  beforeAll(() => configureReader({ maxHeapMb: heapMb }));
  afterAll(async () => {
    configureReader({ maxHeapMb: READER_WORKER_DEFAULTS.maxHeapMb });
    await closeReader();
    console.log(
      `Fidelity corpus (${cases.length} files, reader heap ${heapMb} MB):\n${corpusTable(cases, outcomes)}`,
    );
  });

  for (const test of cases) {
    it(
      `${test.kind}: ${test.name}`,
      async () => {
        const { outcome, detail } = await checkCase(test);
        outcomes.set(test, outcome);
        expect(outcome === 'wrong' ? detail : outcome).toBe('code' in test.expect ? 'refused' : 'identical');
      },
      test.slow ? 180_000 : 60_000,
    );
  }
});

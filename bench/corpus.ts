/**
 * The closing table of issue 15: every file of the fidelity corpus (apps/server/test/integrations/
 * spreadsheet-fidelity-corpus.ts) read through the server's reader process with its default limits, per
 * kind: files, identical to the rows written for them, refused with the expected code, wrong. Exit code 1
 * when a file is wrong. No database, no server: `npm run bench:corpus`.
 */
import { cpus, loadavg } from 'node:os';
import { closeReader, readerSettings } from '../apps/server/src/integrations/spreadsheet/read-table';
import {
  type CorpusCase,
  type CorpusOutcome,
  checkCase,
  corpusTable,
  fidelityCorpus,
} from '../apps/server/test/integrations/spreadsheet-fidelity-corpus';

const cases = fidelityCorpus();
const outcomes = new Map<CorpusCase, CorpusOutcome>();
const started = performance.now();
for (const test of cases) {
  const t = performance.now();
  const { outcome, detail } = await checkCase(test);
  outcomes.set(test, outcome);
  const ms = (performance.now() - t).toFixed(0).padStart(6);
  console.log(`${outcome.padEnd(9)} ${ms} ms  ${test.name}${detail ? `  — ${detail}` : ''}`);
}
await closeReader();
const settings = readerSettings();
console.log(
  `\nFidelity corpus: ${cases.length} files in ${((performance.now() - started) / 1000).toFixed(1)} s, reader heap ${settings.maxHeapMb} MB, time limit ${settings.timeoutMs / 1000} s, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')} on ${cpus().length} CPUs\n`,
);
console.log(corpusTable(cases, outcomes));
const wrong = [...outcomes.values()].filter((outcome) => outcome === 'wrong').length;
if (wrong > 0) {
  console.log(`FAIL: ${wrong} files read wrong`);
  process.exitCode = 1;
}

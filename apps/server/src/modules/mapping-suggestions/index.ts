/**
 * The mapping suggestion engine (issue 30; docs/design/mapping-suggestions.md): a sample file's rows → the
 * proposed set-up of an order tracking or inventory source. Pure, apart from readSampleRows, which reads a
 * file through the spreadsheet reader.
 */
export type { LearnedEvidence, LearnedMapping } from './learned-evidence';
export { readSampleRows, SAMPLE_ROWS } from './read-sample';
export { PROPOSE_THRESHOLD, type SuggestOptions, suggestMapping } from './suggest-mapping';

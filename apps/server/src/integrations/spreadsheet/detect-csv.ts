/**
 * Finds the delimiter of delimited text from its first lines, before the file is parsed.
 *
 * Candidates are comma, semicolon, tab and pipe. For each one the delimiters outside quotes are
 * counted on every sampled line; the winner is the candidate whose count is the same on the most
 * lines (a real delimiter gives every record the same number of fields, a comma inside descriptions
 * does not), then the one with more fields, then the order above. Excel's `sep=;` first line, when
 * present, names the delimiter outright.
 *
 * The same pass measures the widest sampled line, so that a file with 100,000 columns is refused
 * after reading 64 KB rather than after building the row.
 */
import { CSV_SAMPLE_CHARS, CSV_SAMPLE_LINES } from './limits';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvDialect {
  delimiter: CsvDelimiter;
  /** Where the data starts: after a `sep=` line, else 0. */
  start: number;
  /** Most fields seen on one sampled line (a lower bound when that line was cut by the sample). */
  maxFieldsInSample: number;
  lineBreak: '\r\n' | '\n' | '\r';
}

const SEP_HINT = /^sep=([,;\t|])[ \t]*(\r\n|\n|\r)/i;

export function detectCsvDialect(text: string): CsvDialect {
  const hint = SEP_HINT.exec(text);
  const start = hint ? hint[0].length : 0;
  const lines = sampleLineCounts(text, start);
  let delimiter: CsvDelimiter;
  if (hint) {
    delimiter = hint[1] as CsvDelimiter;
  } else {
    delimiter = ',';
    let best = { agreeing: 0, fields: 0 };
    for (const candidate of CSV_DELIMITERS) {
      const score = scoreCandidate(lines.map((counts) => counts[candidate]));
      if (
        score.fields > 0 &&
        (score.agreeing > best.agreeing || (score.agreeing === best.agreeing && score.fields > best.fields))
      ) {
        best = score;
        delimiter = candidate;
      }
    }
  }
  const maxFieldsInSample = Math.max(1, ...lines.map((counts) => counts[delimiter] + 1));
  return { delimiter, start, maxFieldsInSample, lineBreak: detectLineBreak(text, start) };
}

type DelimiterCounts = Record<CsvDelimiter, number>;

/** Delimiter counts per line of the sample, ignoring delimiters inside quotes. */
function sampleLineCounts(text: string, start: number): DelimiterCounts[] {
  const end = Math.min(text.length, start + CSV_SAMPLE_CHARS);
  const lines: DelimiterCounts[] = [];
  let counts = emptyCounts();
  let inQuotes = false;
  let lineHasContent = false;
  let i = start;
  for (; i < end && lines.length < CSV_SAMPLE_LINES; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      inQuotes = !inQuotes;
      lineHasContent = true;
    } else if (inQuotes) {
      // delimiters and line breaks inside quotes belong to the field
    } else if (c === 0x0a || c === 0x0d) {
      if (lineHasContent) lines.push(counts);
      counts = emptyCounts();
      lineHasContent = false;
    } else {
      lineHasContent = true;
      if (c === 0x2c) counts[',']++;
      else if (c === 0x3b) counts[';']++;
      else if (c === 0x09) counts['\t']++;
      else if (c === 0x7c) counts['|']++;
    }
  }
  // The last line counts when the text ended inside the sample, or when it is the only line (a very
  // wide header): its count is then a lower bound, which is what the width check needs.
  if (lineHasContent && (i >= text.length || lines.length === 0)) lines.push(counts);
  return lines;
}

function emptyCounts(): DelimiterCounts {
  return { ',': 0, ';': 0, '\t': 0, '|': 0 };
}

/** How many lines share the most common non-zero count, and that count. */
function scoreCandidate(counts: number[]): { agreeing: number; fields: number } {
  const frequency = new Map<number, number>();
  for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  let agreeing = 0;
  let fields = 0;
  for (const [count, lines] of frequency) {
    if (lines > agreeing || (lines === agreeing && count > fields)) {
      agreeing = lines;
      fields = count;
    }
  }
  return { agreeing, fields };
}

function detectLineBreak(text: string, start: number): CsvDialect['lineBreak'] {
  // The first break outside quotes decides; files mixing breaks are parsed correctly either way.
  let inQuotes = false;
  const end = Math.min(text.length, start + CSV_SAMPLE_CHARS);
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) inQuotes = !inQuotes;
    else if (!inQuotes && c === 0x0d) return text.charCodeAt(i + 1) === 0x0a ? '\r\n' : '\r';
    else if (!inQuotes && c === 0x0a) return '\n';
  }
  return '\r\n';
}

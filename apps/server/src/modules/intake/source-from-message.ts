/**
 * The rules a new source takes from a message (docs/behaviour/mail-intake.md#create-a-source-from-a-message):
 * the subject's stable part and a file-name wildcard, with the dates and numbers that change from one
 * message to the next left out. Pure, so each shape of subject and name is tested without a database.
 *
 * Invariant: both builders answer rules that match the message they came from (subjectMatches,
 * fileNameMatches), so the new source would have taken it.
 */

/** A month name counts as part of a date only next to digits ("27Nov2026", "27 Nov 2026"), never in a word. */
const MONTH =
  '(?<![a-z])(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])';
const PART = `(?:\\d+|${MONTH})`;

/** A run of numbers and month names joined by date and time separators: "20261127", "27/11/2026", "09:12". */
function runs(separators: string): RegExp {
  return new RegExp(`${PART}(?:[${separators}]?${PART})*`, 'gi');
}

// Underscores separate a file name's fields ("Shipment_20261127_03"): each numbered field gets its own `*`.
const NAME_RUNS = runs('\\-. ');
const SUBJECT_RUNS = runs('\\-./: ');
const HAS_DIGIT = /\d/;

/** "Shipment_20261127_03.xlsx" → "Shipment_*_*.xlsx": the name's dates and numbers become `*`, its extension stays. */
export function attachmentWildcard(fileName: string): string {
  const name = fileName.trim();
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  const pattern = base.replace(NAME_RUNS, (run) => (HAS_DIGIT.test(run) ? '*' : run)).replace(/\*{2,}/g, '*');
  return `${pattern}${extension}`;
}

const REPLY_PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|sv|tr)\s*:\s*)+/i;
/** What is left at a segment's ends once the numbers around it are gone. */
const LOOSE_ENDS = /^[\s\-–—:#.,/()[\]_|]+|[\s\-–—:#.,/()[\]_|]+$/g;
const MIN_SUBJECT = 3;

export interface SubjectRule {
  subjectValue: string;
  containsNotExact: boolean;
}

/**
 * "Shipment report 27/11/2026" → "Shipment report", Contains on. The stable part is the longest stretch
 * of the subject between its dates and numbers, so it is a part of every subject that only changes them;
 * a reply or forward prefix is left out the same way. A subject without either is taken whole, exact.
 */
export function stableSubject(subject: string | null): SubjectRule {
  const whole = (subject ?? '').trim();
  const unprefixed = whole.replace(REPLY_PREFIX, '');
  const prefixed = unprefixed !== whole;
  const changing = [...unprefixed.matchAll(SUBJECT_RUNS)].some((run) => HAS_DIGIT.test(run[0]));
  if (!changing) {
    return prefixed && unprefixed.length >= MIN_SUBJECT
      ? { subjectValue: unprefixed, containsNotExact: true }
      : { subjectValue: whole, containsNotExact: false };
  }
  const stable = longestStableStretch(unprefixed);
  if (stable.length < MIN_SUBJECT) return { subjectValue: whole, containsNotExact: false };
  return { subjectValue: stable, containsNotExact: true };
}

/** The longest stretch between the runs that hold digits (a month name alone is a word, not a date). */
function longestStableStretch(subject: string): string {
  let best = '';
  let from = 0;
  const consider = (end: number) => {
    const stretch = subject.slice(from, end).replace(LOOSE_ENDS, '');
    if (stretch.length > best.length) best = stretch;
  };
  for (const match of subject.matchAll(SUBJECT_RUNS)) {
    if (!HAS_DIGIT.test(match[0])) continue;
    consider(match.index);
    from = match.index + match[0].length;
  }
  consider(subject.length);
  return best;
}

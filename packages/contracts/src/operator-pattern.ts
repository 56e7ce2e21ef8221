import { RE2JS } from 're2js';

/**
 * Regular expressions that operators type (the vendor's item-description regex) run on RE2 (re2js, a
 * pure-JavaScript port of RE2/J): matching time grows linearly with the text, so no pattern can stall the
 * server the way `^(a+)+$` does on a backtracking engine. RE2 has no backreferences and no lookaround;
 * such patterns are refused when saved, with a message that says so.
 *
 * Patterns are written as before, in JavaScript syntax. What RE2 spells differently is translated so a
 * pattern that worked keeps its meaning: `\s` and `\S` keep JavaScript's Unicode white space (a no-break
 * space in a cell is white space), `\uXXXX` and `\cX` become RE2 escapes. A leading `(?i)`, `(?m)` or
 * `(?s)` group works as it did (RE2 reads it natively).
 *
 * Linear is not free: a match costs about (program size × text length), so both are bounded — the program
 * when the pattern is saved, the text when it is matched (a longer text is left as it is).
 */

export const MAX_OPERATOR_PATTERN_LENGTH = 500;
/** Instructions of the compiled program; `[a-z0-9-]{2,30}` and the like stay far below. */
export const MAX_OPERATOR_PATTERN_PROGRAM = 500;
/** Texts longer than this are not matched at all (an item description is a line, not a document). */
export const MAX_OPERATOR_PATTERN_INPUT = 1000;

export const OPERATOR_PATTERN_MESSAGES = {
  tooLong: `Keep the regular expression under ${MAX_OPERATOR_PATTERN_LENGTH} characters`,
  backreference:
    'Backreferences (\\1, \\k<name>) are not supported: regular expressions run on RE2, which matches in linear time',
  lookaround:
    'Lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported: regular expressions run on RE2, which matches in linear time; keep the wanted part in a capture group instead',
  tooComplex: `The regular expression is too complex: use smaller repetition counts (such as {2,30} rather than {1000})`,
  invalid: (reason: string) => `Enter a valid regular expression (${reason})`,
} as const;

export class OperatorPatternError extends Error {
  override readonly name = 'OperatorPatternError';
}

/** JavaScript's `\s` (ECMAScript WhiteSpace and LineTerminator), as the inside of an RE2 class. */
const JS_WHITE_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * The RE2 spelling of a JavaScript pattern, or a refusal. Walks the pattern once, knowing escapes and
 * character classes, so that `\(?=` or `[(?=]` are not taken for lookaround.
 */
function toRe2Syntax(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '\\') {
      const next = pattern[index + 1];
      if (next === undefined) return `${out}\\`; // RE2 reports the trailing backslash.
      index += 1;
      if (next === 's') out += inClass ? JS_WHITE_SPACE : `[${JS_WHITE_SPACE}]`;
      // Inside a class RE2's own \S stands (only exotic spaces differ): a class cannot hold a complement.
      else if (next === 'S' && !inClass) out += `[^${JS_WHITE_SPACE}]`;
      else if (/[1-9]/.test(next) && !inClass)
        throw new OperatorPatternError(OPERATOR_PATTERN_MESSAGES.backreference);
      else if (next === 'k' && pattern[index + 1] === '<')
        throw new OperatorPatternError(OPERATOR_PATTERN_MESSAGES.backreference);
      else if (next === 'u' && HEX4.test(pattern.slice(index + 1, index + 5))) {
        out += `\\x{${pattern.slice(index + 1, index + 5)}}`;
        index += 4;
      } else if (next === 'c' && /^[a-zA-Z]$/.test(pattern[index + 1] ?? '')) {
        const code = pattern.charCodeAt(index + 1) % 32;
        out += `\\x{${code.toString(16).padStart(2, '0')}}`;
        index += 1;
      } else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      out += char;
      continue;
    }
    if (char === '[') {
      inClass = true;
      out += char;
      // RE2 (like POSIX) reads a ']' right after '[' or '[^' as a member, not as the end.
      if (pattern[index + 1] === '^') {
        out += '^';
        index += 1;
      }
      if (pattern[index + 1] === ']') {
        out += ']';
        index += 1;
      }
      continue;
    }
    if (char === '(' && pattern[index + 1] === '?') {
      const marker = pattern.slice(index + 2, index + 4);
      if (marker[0] === '=' || marker[0] === '!' || marker === '<=' || marker === '<!')
        throw new OperatorPatternError(OPERATOR_PATTERN_MESSAGES.lookaround);
    }
    out += char;
  }
  return out;
}

/** The reason RE2 gives, without its "error parsing regexp: " preamble. */
function re2Reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error parsing regexp:\s*/i, '');
}

/** A checked operator pattern, ready to match. */
export interface OperatorPattern {
  readonly source: string;
  /**
   * The text of capture group 1 when the pattern has one and it took part in the match, else the whole
   * match; null when nothing matches or the text is over MAX_OPERATOR_PATTERN_INPUT characters.
   */
  firstGroupOrMatch(text: string): string | null;
}

/** Compiles an operator pattern on RE2, or throws OperatorPatternError with a message for the field. */
export function compileOperatorPattern(pattern: string): OperatorPattern {
  if (pattern.length > MAX_OPERATOR_PATTERN_LENGTH) {
    throw new OperatorPatternError(OPERATOR_PATTERN_MESSAGES.tooLong);
  }
  const syntax = toRe2Syntax(pattern);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(syntax);
  } catch (error) {
    throw new OperatorPatternError(OPERATOR_PATTERN_MESSAGES.invalid(re2Reason(error)));
  }
  if (compiled.programSize() > MAX_OPERATOR_PATTERN_PROGRAM) {
    throw new OperatorPatternError(OPERATOR_PATTERN_MESSAGES.tooComplex);
  }
  return {
    source: pattern,
    firstGroupOrMatch(text: string): string | null {
      if (text.length > MAX_OPERATOR_PATTERN_INPUT) return null;
      const matcher = compiled.matcher(text);
      if (!matcher.find()) return null;
      const group = matcher.groupCount() >= 1 ? matcher.group(1) : null;
      return group ?? matcher.group(0) ?? '';
    },
  };
}

/** Why an operator pattern would be refused, or null when it is fine (form and body validation). */
export function operatorPatternProblem(pattern: string): string | null {
  try {
    compileOperatorPattern(pattern);
    return null;
  } catch (error) {
    if (error instanceof OperatorPatternError) return error.message;
    throw error;
  }
}

import { describe, expect, it } from 'vitest';
import {
  compileOperatorPattern,
  MAX_OPERATOR_PATTERN_INPUT,
  OPERATOR_PATTERN_MESSAGES,
  OperatorPatternError,
  operatorPatternProblem,
} from './operator-pattern';

const M = OPERATOR_PATTERN_MESSAGES;
const keep = (pattern: string, text: string) => compileOperatorPattern(pattern).firstGroupOrMatch(text);

describe('operator patterns run on RE2', () => {
  it('answer ^(a+)+$ in one pass, on the longest text they accept', () => {
    // The backtracking engine stalls on this pattern (vendor-file.test.ts shows it).
    expect(keep('^(a+)+$', `${'a'.repeat(40)}!`)).toBeNull();
    expect(keep('^(a+)+$', `${'a'.repeat(MAX_OPERATOR_PATTERN_INPUT - 1)}!`)).toBeNull();
    // The same submatch a backtracking engine picks: the first iteration takes every 'a'.
    expect(keep('^(a+)+$', 'a'.repeat(MAX_OPERATOR_PATTERN_INPUT))).toBe(
      'a'.repeat(MAX_OPERATOR_PATTERN_INPUT),
    );
    expect(keep('(x+x+)+y', 'x'.repeat(MAX_OPERATOR_PATTERN_INPUT))).toBeNull();
  });

  it('keep capture group 1, else the whole match, as before', () => {
    expect(keep('SKU: ([A-Z0-9-]+)', 'Blue widget (SKU: WID-00100)')).toBe('WID-00100');
    expect(keep('^[^(]+', 'Blue widget (SKU: WID-00100)')).toBe('Blue widget ');
    // Group 1 that took no part in the match: the whole match.
    expect(keep('(?:SKU: )?(\\d+)?([A-Z]+)', 'ABC')).toBe('ABC');
    expect(keep('(?<code>\\d{3})-\\d+', 'Part 123-45')).toBe('123');
    expect(keep('SKU: (\\d+)', 'Blue widget')).toBeNull();
  });

  it('give what JavaScript’s RegExp gave for patterns operators write', () => {
    const patterns = [
      'SKU: ([A-Z0-9-]+)',
      '^[^(]+',
      '^(\\S+)\\s+-\\s+(.*)$',
      '^(.*?)\\s*\\(',
      '(\\d{3,})',
      '\\b([A-Z]{2,}-\\d+)\\b',
      '^(?:Item|SKU)\\s*#?\\s*(\\w+)',
      '[^,]+$',
      '(?:[A-Z]+\\s)+',
      '^(\\w+(?:\\s\\w+)?)',
      '\\d+(?:\\.\\d+)?\\s*(?:oz|lb|kg)',
    ];
    const descriptions = [
      'Blue widget (SKU: WID-00100)',
      'WID-00100 - Blue widget, 10 pack',
      'Item # 4711 Garden hose 20 m',
      'SKU12 red, green, blue',
      'COFFEE BEANS DARK 2.5 lb bag',
      'plain text',
      '',
      'AB-1 AB-2 AB-3',
    ];
    const javascript = (pattern: string, text: string) => {
      const match = new RegExp(pattern).exec(text);
      if (!match) return null;
      return match.length > 1 && match[1] !== undefined ? match[1] : match[0];
    };
    for (const pattern of patterns)
      for (const text of descriptions)
        expect(keep(pattern, text), `${pattern} on "${text}"`).toBe(javascript(pattern, text));
  });

  it('read JavaScript spellings as JavaScript did', () => {
    // Inline flags as .NET writes them.
    expect(keep('(?i)sku: (\\w+-\\d+)', 'Blue widget (SKU: WID-00100)')).toBe('WID-00100');
    expect(keep('(?s)A(.+)Z', 'A1\n2Z')).toBe('1\n2');
    // \s and \S are JavaScript's: a no-break space (common in spreadsheet cells) is white space.
    expect(keep('^(\\S+)\\s+-', 'WID\u00a0- Blue')).toBe('WID');
    expect(keep('^(\\S+)', 'WID\u2003Blue')).toBe('WID');
    expect(keep('[\\s,]+(\\d+)$', 'Box,\u00a042')).toBe('42');
    // \uXXXX and \cX escapes.
    expect(keep('caf\\u00e9 (\\w+)', 'café latte')).toBe('latte');
    expect(keep('a\\cIb', 'a\tb')).toBe('a\tb');
    // Escaped punctuation, a ']' first in a class and a class holding '(?=' are not special.
    expect(keep('\\(\\?=(\\d)', 'x(?=7')).toBe('7');
    expect(keep('[(?=]+', 'ab(?=cd')).toBe('(?=');
    expect(keep('[]x]+', 'a]x]b')).toBe(']x]');
  });

  it('are refused when RE2 cannot run them, with a message naming why', () => {
    expect(operatorPatternProblem('(\\w)\\1')).toBe(M.backreference);
    expect(operatorPatternProblem('(?<n>\\w)\\k<n>')).toBe(M.backreference);
    for (const pattern of ['SKU(?=:)', 'SKU(?!:)', '(?<=SKU: )\\w+', '(?<!x)\\w+'])
      expect(operatorPatternProblem(pattern), pattern).toBe(M.lookaround);
    expect(operatorPatternProblem('SKU: ([A-Z')).toBe(M.invalid('missing closing ]: `[A-Z`'));
    expect(operatorPatternProblem('a{1001}')).toBe(M.invalid('invalid repeat count: `{1001}`'));
    expect(operatorPatternProblem('(.{1000})')).toBe(M.tooComplex);
    expect(operatorPatternProblem('x'.repeat(501))).toBe(M.tooLong);
    expect(() => compileOperatorPattern('(?=a)')).toThrow(OperatorPatternError);
    expect(operatorPatternProblem('^[A-Z0-9-]+')).toBeNull();
    expect(operatorPatternProblem('(?i)^(?:item|sku)\\s*#?\\s*([a-z0-9][a-z0-9-]{2,30})\\b')).toBeNull();
  });

  it('leave a text over the input limit unmatched', () => {
    const long = `SKU: 42 ${'x'.repeat(MAX_OPERATOR_PATTERN_INPUT)}`;
    expect(keep('SKU: (\\d+)', long)).toBeNull();
    expect(keep('SKU: (\\d+)', long.slice(0, MAX_OPERATOR_PATTERN_INPUT))).toBe('42');
  });
});

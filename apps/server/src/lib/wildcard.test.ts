import { describe, expect, it } from 'vitest';
import { runWithLimit } from '../../test/stall-check';
import { wildcardMatches } from './wildcard';

/** The matcher of before: a regular expression built from the pattern. */
const REGEX_MATCHER = `
  const source = workerData.pattern.trim().split('*')
    .map((part) => part.replace(/[.+?^\${}()|[\\]\\\\]/g, '\\\\$&')).join('.*');
  new RegExp('^' + source + '$', 'i').test(workerData.name);`;

describe('wildcardMatches', () => {
  it('answers *a*a*a*a*a*a*b against a 60-character name at once, where the regex matcher stalls', async () => {
    const name = 'a'.repeat(60);
    // The harness itself: the same matcher on a name it decides quickly finishes.
    expect(await runWithLimit(REGEX_MATCHER, { pattern: '*a*b', name: 'aab' }, 10_000)).toBe('finished');
    expect(await runWithLimit(REGEX_MATCHER, { pattern: '*a*a*a*a*a*a*b', name }, 2_000)).toBe(
      'still running',
    );
    expect(wildcardMatches('*a*a*a*a*a*a*b', name)).toBe(false);
    expect(wildcardMatches('*a*a*a*a*a*a*b', `${name}b`)).toBe(true);
    // Many stars against a long name: still one pass.
    expect(wildcardMatches(`${'*a'.repeat(500)}*b`, 'a'.repeat(100_000))).toBe(false);
    expect(wildcardMatches(`${'*ab'.repeat(200)}*`, 'ab'.repeat(50_000))).toBe(true);
  }, 30_000);

  it('reads * as any run of characters over the whole name, case-insensitive', () => {
    const cases: Array<[string, string, boolean]> = [
      ['tracking_*.csv', 'TRACKING_0101.CSV', true],
      ['tracking_*.csv', 'tracking_.csv', true],
      ['tracking_*.csv', 'old_tracking_0101.csv', false],
      ['tracking_*.csv', 'tracking_0101.csv.bak', false],
      ['*', '', true],
      ['*', 'anything at all', true],
      ['', '', true],
      ['', 'x', false],
      ['stock.xlsx', 'Stock.XLSX', true],
      ['stock.xlsx', 'stockxxlsx', false],
      ['*report*', 'Monthly REPORT final', true],
      ['*report*', 'repor', false],
      ['ab*ba', 'aba', false],
      ['ab*ba', 'abba', true],
      ['a*a*a', 'aaa', true],
      ['a*a*a', 'aa', false],
      ['*.csv', '.csv', true],
      ['**x**', 'x', true],
      ['inv_*_*.xls', 'inv_2025_06.xls', true],
      ['inv_*_*.xls', 'inv_2025.xls', false],
      ['*aab', 'aaaab', true],
      ['*abab*c', 'ababab abac ababc', true],
      ['*abab*c', 'abaabab', false],
      // Regex characters are literal.
      ['report (1).csv', 'report (1).csv', true],
      ['a.b', 'axb', false],
      ['[ab]+?', '[ab]+?', true],
      ['  padded*  ', 'padded name', true],
    ];
    for (const [pattern, name, expected] of cases)
      expect(wildcardMatches(pattern, name), `"${pattern}" vs "${name}"`).toBe(expected);
  });

  it('agrees with a regular expression built from the pattern on every short pattern and name', () => {
    // Every pattern of up to 5 symbols over {a, b, *} against every name of up to 6 symbols over {a, b}.
    const words = (alphabet: string[], max: number) => {
      const all = [''];
      for (let length = 1; length <= max; length += 1)
        for (const word of all.filter((entry) => entry.length === length - 1))
          for (const letter of alphabet) all.push(word + letter);
      return all;
    };
    const names = words(['a', 'b'], 6);
    for (const pattern of words(['a', 'b', '*'], 5)) {
      const regex = new RegExp(`^${pattern.replaceAll('*', '.*')}$`);
      for (const name of names)
        expect(wildcardMatches(pattern, name), `"${pattern}" vs "${name}"`).toBe(regex.test(name));
    }
  });
});

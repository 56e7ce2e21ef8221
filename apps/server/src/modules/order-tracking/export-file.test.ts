/**
 * The export's CSV formula guard (docs/design/security.md#spreadsheet-formulas): whatever a supplier file
 * put in an order field, no cell of the exported CSV opens as a formula, in a locale whose list separator
 * is `,`, `;` or a tab.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvText, writeExportFile } from './export-file';

const NASTY = [
  "x;=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example","click")',
  'Acme;+1+1',
  'a,-2+3',
  'b\t@SUM(A1)',
  '@SUM(1)',
  '-5',
  '+49 30 1234',
  'one;two;=three',
  'ok "quoted";=x',
  '\t=leading tab',
];
const HARMLESS = ['plain', 'Zoë "Zed" Müller, Jr.', 'a; b', 'x, -', '1Z999AA10123456784', 'e-mail@x', '5-3'];

/**
 * How Excel splits a line when it opens a CSV: on the locale's separator, a field in quotes only when the
 * quote is its first character (a quote inside a field is text).
 */
function excelCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let index = 0;
  while (index <= line.length) {
    if (line[index] === '"') {
      let value = '';
      index++;
      while (index < line.length) {
        if (line[index] === '"' && line[index + 1] === '"') {
          value += '"';
          index += 2;
        } else if (line[index] === '"') {
          index++;
          break;
        } else value += line[index++];
      }
      const end = line.indexOf(separator, index);
      cells.push(value + line.slice(index, end < 0 ? line.length : end));
      index = end < 0 ? line.length + 1 : end + 1;
    } else {
      const end = line.indexOf(separator, index);
      cells.push(line.slice(index, end < 0 ? line.length : end));
      index = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

const opensAsFormula = (cell: string) => /^[=+\-@]/.test(cell);

async function exportCsv(rows: (string | number | null)[][]): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeExportFile(
    out,
    { format: 'csv', headers: rows[0]!.map((_, index) => `C${index}`), kinds: rows[0]!.map(() => 'text') },
    async (onBatch) => {
      await onBatch(rows);
      return rows.length;
    },
  );
  out.end();
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\ufeff/, '');
}

describe('csvText', () => {
  it('quotes and prefixes a field with a formula after a separator, as OWASP says', () => {
    expect(csvText("x;=cmd|' /C calc'!A0")).toBe(`"'x;'=cmd|' /C calc'!A0"`);
    expect(csvText('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvText('a,-2')).toBe(`"'a,'-2"`);
    expect(csvText('b\t@x')).toBe(`"'b\t'@x"`);
  });

  it('leaves harmless text alone and quotes only what RFC 4180 needs', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText('a; b')).toBe('a; b');
    expect(csvText('Zoë "Zed" Müller, Jr.')).toBe(`"Zoë ""Zed"" Müller, Jr."`);
  });
});

describe('the exported CSV opened in any locale', () => {
  it('opens no cell as a formula when split on comma, semicolon or tab', async () => {
    // Each nasty value between harmless neighbours, in every position of the line.
    const rows = NASTY.flatMap((value) => [
      [value, 'after', 'x'],
      ['before', value, 'after'],
      ['before', 'x', value],
    ]);
    const lines = (await exportCsv(rows)).split('\r\n').filter(Boolean).slice(1);
    expect(lines).toHaveLength(rows.length);
    for (const separator of [',', ';', '\t']) {
      for (const line of lines) {
        const formulas = excelCells(line, separator).filter(opensAsFormula);
        expect(formulas, `${JSON.stringify(line)} split on ${JSON.stringify(separator)}`).toEqual([]);
      }
    }
  });

  it('keeps harmless values as they were', async () => {
    const lines = (await exportCsv(HARMLESS.map((value) => [value]))).split('\r\n').slice(1, -1);
    expect(lines.map((line) => excelCells(line, ',')[0])).toEqual(HARMLESS);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ballooningOleFile, sharedStringBombXlsx } from '../../../test/integrations/spreadsheet-builders';
import {
  CODE_PAGE_SHEETS,
  codePageWorkbook,
  ITEMS,
  TYPED,
} from '../../../test/integrations/spreadsheet-fidelity-corpus';
import { READER_WORKER_DEFAULTS } from './limits';
import { parseTable } from './parse-table';
import { closeReader, configureReader, readTable, readWorkbook } from './read-table';

const corpus = path.resolve(import.meta.dirname, '../../../test/fixtures/spreadsheets');
const fixture = (name: string) => readFileSync(path.join(corpus, name));

async function codeOf(reading: Promise<unknown>): Promise<string> {
  try {
    await reading;
  } catch (error) {
    return (error as { code?: string }).code ?? `no code: ${(error as Error).message}`;
  }
  return 'no error';
}

afterEach(() => configureReader({ ...READER_WORKER_DEFAULTS }));
afterAll(() => closeReader());

describe('readTable: the reader process', () => {
  it('gives the table parseTable gives, rows and all', async () => {
    for (const name of ['items-utf8.csv', 'items.xlsx', 'typed.xls', 'items-utf16le-tab.txt']) {
      const bytes = fixture(name);
      expect(await readTable(bytes, { fileName: name })).toEqual(parseTable(bytes, { fileName: name }));
    }
    expect((await readTable(fixture('typed.xlsx'), { fileName: 'typed.xlsx' })).rows).toEqual(TYPED);
  });

  it('puts a table sent in many parts back together in order', async () => {
    // 30,000 rows of 5 cells: four parts of 50,000 cells, each taken in as it arrives.
    const lines = Array.from({ length: 30_000 }, (_, n) => `PO-${n},${n % 7},item ${n},${n * 3},x${n}`);
    const bytes = Buffer.from(`PO,Qty,Item,Code,Note\n${lines.join('\n')}\n`);
    const table = await readTable(bytes, { fileName: 'many-parts.csv' });
    expect(table).toEqual(parseTable(bytes, { fileName: 'many-parts.csv' }));
    expect(table.rows.map((row) => row[0])).toEqual(['PO', ...lines.map((_, n) => `PO-${n}`)]);
  });

  it('lets a read in progress finish when the limits change, and reads the next file with the new ones', async () => {
    const reading = readTable(fixture('items.xlsx'), { fileName: 'items.xlsx' });
    configureReader({ maxHeapMb: 512 });
    expect((await reading).rows).toEqual(ITEMS);
    expect((await readTable(fixture('items.xls'), { fileName: 'items.xls' })).rows).toEqual(ITEMS);
  });

  it('refuses empty and oversized files before sending them anywhere', async () => {
    expect(await codeOf(readTable(Buffer.alloc(0), { fileName: 'x.csv' }))).toBe('EMPTY');
    expect(await codeOf(readTable(fixture('items.xlsx'), { fileName: 'x.xlsx', maxBytes: 100 }))).toBe(
      'TOO_LARGE',
    );
  });

  it('keeps answering other work while a 10 MB file is read', async () => {
    const row = '000123,Widget in steel with a long description,12,4.50,2024-03-05\n';
    const big = Buffer.from(
      `Item,Description,Qty,Price,Date\n${row.repeat(Math.floor(10_000_000 / row.length))}`,
    );
    let done = false;
    const reading = readTable(big, { fileName: 'big.csv' }).then((table) => {
      done = true;
      return table;
    });
    // Each turn of this loop is a turn of the event loop the read left free; a read on this thread
    // would leave none until it is over.
    let turns = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    expect((await reading).rows).toHaveLength(Math.floor(10_000_000 / row.length) + 1);
    expect(turns).toBeGreaterThan(50);
  }, 180_000);
});

describe('readTable: old .xls text in its code page', () => {
  // The reader process runs the build (dist/table-worker.js, as `npm start` does), which imports SheetJS's
  // ES module: without code-pages.ts its 8-bit text came out as Latin-1 (Οκτ as Ïêô, р. as ð.).
  for (const sheet of CODE_PAGE_SHEETS) {
    it(`reads BIFF5 and BIFF2–4 text in code page ${sheet.codepage}, as its CODEPAGE record says`, async () => {
      for (const version of [5, 2, 3, 4] as const) {
        const name = `stock-biff${version}.xls`;
        const table = await readTable(codePageWorkbook(version, sheet), { fileName: name });
        expect({ version, rows: table.rows }).toEqual({ version, rows: sheet.rows });
        if (version === 5) expect(table.sheetName).toBe(sheet.sheetName);
      }
    });
  }

  it('gives the template writers (readWorkbook) the same text', async () => {
    const sheet = CODE_PAGE_SHEETS[0];
    const workbook = await readWorkbook(codePageWorkbook(5, sheet), 'template.xls', { dense: true });
    expect(workbook.SheetNames).toEqual([sheet.sheetName]);
    const rows = workbook.Sheets[sheet.sheetName]!['!data']!.map((row) => row!.map((cell) => cell?.v));
    expect(rows).toEqual(sheet.rows);
  });
});

// The ballooning file grows until any heap is full: a 64 MB limit is reached in a third of the time 256 MB took,
// and is still several times what the reader needs for the small file read after it.
describe('readTable: files that would take the server down', () => {
  it('an .xls whose sector chain loops kills a process that parses it on its own thread', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'looping-xls-'));
    try {
      const file = path.join(dir, 'loop.xls');
      writeFileSync(file, ballooningOleFile());
      const reader = pathToFileURL(path.join(import.meta.dirname, 'parse-table.ts')).href;
      const script = `import { readFileSync } from 'node:fs'; import { parseTable } from ${JSON.stringify(reader)}; parseTable(readFileSync(${JSON.stringify(file)}), { fileName: 'loop.xls' }); console.log('survived');`;
      const child = spawnSync(
        process.execPath,
        ['--max-old-space-size=64', '--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: path.resolve(import.meta.dirname, '../../..'), encoding: 'utf8', timeout: 120_000 },
      );
      expect(child.stdout).not.toContain('survived');
      expect(child.stderr).toMatch(/heap out of memory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  it('is refused as OUT_OF_MEMORY through readTable, and the next file reads', async () => {
    configureReader({ maxHeapMb: 64 });
    const refusal = readTable(ballooningOleFile(), { fileName: 'stock.xls' });
    await expect(refusal).rejects.toMatchObject({
      code: 'OUT_OF_MEMORY',
      message: expect.stringMatching(/^stock\.xls was refused: reading it needed more than 64 MB of memory/),
    });
    expect((await readTable(fixture('items.xls'), { fileName: 'items.xls' })).rows).toEqual(ITEMS);
  }, 150_000);

  it('stops a read at the time limit (TIMED_OUT) and reads the next file with a new process', async () => {
    configureReader({ timeoutMs: 50 });
    const row = '000123,Widget,12,4.50\n'.repeat(200_000);
    const reading = readTable(Buffer.from(`Item,Description,Qty,Price\n${row}`), { fileName: 'slow.csv' });
    await expect(reading).rejects.toMatchObject({
      code: 'TIMED_OUT',
      message: expect.stringMatching(/^slow\.csv was refused: reading it took longer than 0 s/),
    });
    configureReader({ timeoutMs: READER_WORKER_DEFAULTS.timeoutMs });
    expect((await readTable(fixture('items.xlsx'), { fileName: 'items.xlsx' })).rows).toEqual(ITEMS);
  }, 60_000);

  it('refuses shared strings that expand to billions of characters (TOO_MUCH_TEXT)', async () => {
    expect(await codeOf(readTable(sharedStringBombXlsx(), { fileName: 'bomb.xlsx' }))).toBe('TOO_MUCH_TEXT');
  });

  it('parses workbooks for the template writers there too (readWorkbook)', async () => {
    const workbook = await readWorkbook(fixture('items.xlsx'), 'items.xlsx', {
      dense: true,
      cellStyles: true,
    });
    expect(workbook.SheetNames).toEqual(['items']);
    configureReader({ maxHeapMb: 64 });
    expect(await codeOf(readWorkbook(ballooningOleFile(), 'template.xls', { dense: true }))).toBe(
      'OUT_OF_MEMORY',
    );
    expect(await codeOf(readWorkbook(fixture('zip-bomb.xlsx'), 'template.xlsx', { dense: true }))).toBe(
      'ZIP_BOMB',
    );
  }, 150_000);
});

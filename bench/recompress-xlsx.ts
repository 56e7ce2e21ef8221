import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { buildZip, type ZipPart } from '../apps/server/test/integrations/spreadsheet-builders';

/**
 * SheetJS deflates with a fast but weak compressor (a 100,000-row sheet stays over 10 MB, where Excel's file
 * is a third of that): the entries it wrote are stored again with zlib at `level`, as Excel would compress
 * them, so the benchmarks read workbooks of a realistic size.
 */
export function recompressXlsx(workbook: Buffer, level: number): Buffer {
  const container = XLSX.CFB.read(workbook, { type: 'buffer' }) as unknown as {
    FullPaths: string[];
    FileIndex: Array<{ type: number; content: Uint8Array | number[] }>;
  };
  const entries: ZipPart[] = [];
  container.FileIndex.forEach((entry, index) => {
    const path = container.FullPaths[index]!.replace(/^[^/]*\//, '');
    // Files only, without the marker entry SheetJS's container keeps for itself.
    if (entry.type !== 2 || path.startsWith('\u0001')) return;
    const content = Buffer.from(entry.content as Uint8Array);
    entries.push({ name: path, data: content, stored: deflateRawSync(content, { level }) });
  });
  return buildZip(entries);
}

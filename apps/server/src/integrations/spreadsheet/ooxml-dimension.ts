/**
 * The declared size of an .xlsx workbook's first sheet, read before its cells are parsed: a file that
 * declares too many rows or columns is refused without walking them.
 *
 * SheetJS builds every cell of a sheet before we can look at it: a 1 MB file with one row of 100,000
 * cells costs it seconds. The sheet's `<dimension ref="A1:…"/>` element, near the start of its XML,
 * says how far the sheet extends; reading it needs the workbook's first sheet (workbook.xml and its
 * relationships) and the first kilobytes of that sheet, inflated with a bound. A sheet without a
 * dimension (some generators omit it) is left to the checks made while rows are converted.
 */
import { constants, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import type { ZipEntry } from './zip-directory';

export interface SheetExtent {
  /** Rows and columns counted from A1, as the table is returned. */
  rows: number;
  columns: number;
}

/** Compressed bytes read from the start of an entry: at most ~1,000× as much XML, usually ~100 KB. */
const HEAD_INPUT_BYTES = 16 * 1024;

export function firstSheetExtent(buf: Buffer, entries: readonly ZipEntry[]): SheetExtent | null {
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\/+/, ''), entry]));
  const workbook = head(buf, byName.get('xl/workbook.xml'));
  const rels = head(buf, byName.get('xl/_rels/workbook.xml.rels'), 1024 * 1024);
  if (!workbook || !rels) return null;

  const firstSheet = /<(?:[\w.-]+:)?sheet\s[^>]*>/.exec(workbook)?.[0];
  const relationId = firstSheet && /\s(?:[\w.-]+:)?id="([^"]*)"/.exec(firstSheet)?.[1];
  if (!relationId) return null;
  let target: string | undefined;
  for (const [relationship] of rels.matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g)) {
    if (/\sId="([^"]*)"/.exec(relationship)?.[1] === relationId) {
      target = /\sTarget="([^"]*)"/.exec(relationship)?.[1];
      break;
    }
  }
  if (!target) return null;

  const sheet = head(buf, byName.get(resolvePartName(target)));
  const sheetStart = sheet?.split(/<(?:[\w.-]+:)?sheetData[\s>/]/)[0];
  const ref = sheetStart && /<(?:[\w.-]+:)?dimension\s+ref="([^"]+)"/.exec(sheetStart)?.[1];
  if (!ref) return null;
  try {
    const range = XLSX.utils.decode_range(ref.toUpperCase());
    if (!(range.e.r >= 0 && range.e.c >= 0)) return null;
    return { rows: range.e.r + 1, columns: range.e.c + 1 };
  } catch {
    return null;
  }
}

/** Relationship targets are relative to xl/ unless absolute. */
function resolvePartName(target: string): string {
  const parts = target.startsWith('/') ? [] : ['xl'];
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/** The first characters of an entry's text, inflating only the start of its data. */
function head(buf: Buffer, entry: ZipEntry | undefined, inputBytes = HEAD_INPUT_BYTES): string | null {
  if (!entry) return null;
  const input = buf.subarray(entry.dataOffset, entry.dataOffset + Math.min(entry.compressedSize, inputBytes));
  try {
    const data = entry.method === 0 ? input : inflateRawSync(input, { finishFlush: constants.Z_SYNC_FLUSH });
    return data.toString('utf8', 0, Math.min(data.length, 256 * 1024));
  } catch {
    return null;
  }
}

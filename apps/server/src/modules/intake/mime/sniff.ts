/**
 * The type of a file sent without a usable name or type (application/octet-stream, no extension), from its
 * content (docs/behaviour/mail-intake.md#attachment-structures): a zip holding xl/workbook.xml is .xlsx,
 * an OLE2 compound file holding a Workbook stream is .xls, text that reads as a delimited table is .csv.
 */

export interface SniffedType {
  extension: '.xlsx' | '.xls' | '.csv';
  contentType: string;
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function sniffFileType(content: Buffer): SniffedType | undefined {
  if (content.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) {
    // Entry names are stored uncompressed, in the local headers and the central directory.
    return content.includes('xl/workbook.xml')
      ? {
          extension: '.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }
      : undefined;
  }
  if (content.subarray(0, 8).equals(OLE2)) {
    // Directory entry names are UTF-16LE: "Workbook" (BIFF8) or "Book" (BIFF5).
    const workbook =
      content.includes(Buffer.from('Workbook', 'utf16le')) ||
      content.includes(Buffer.from('Book\u0000', 'utf16le'));
    return workbook ? { extension: '.xls', contentType: 'application/vnd.ms-excel' } : undefined;
  }
  return looksDelimited(content) ? { extension: '.csv', contentType: 'text/csv' } : undefined;
}

/** At least two lines, no NUL bytes, and one delimiter that every one of the first lines has, equally often. */
function looksDelimited(content: Buffer): boolean {
  const head = content.subarray(0, 64 * 1024);
  if (head.includes(0)) return false;
  const lines = head
    .toString('utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  // The last line of the sample may be cut short.
  const sample = head.length < content.length ? lines.slice(0, -1) : lines;
  if (sample.length < 2) return false;
  return [',', ';', '\t', '|'].some((delimiter) => {
    const counts = sample.map((line) => line.split(delimiter).length - 1);
    return counts[0]! > 0 && counts.every((count) => count === counts[0]);
  });
}

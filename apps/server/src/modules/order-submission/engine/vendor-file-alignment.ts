/**
 * "All cells aligned left" for a workbook that SheetJS wrote.
 *
 * The community build of SheetJS (@e965/xlsx) ignores cell styles when it writes (`cell.s` is dropped;
 * only number formats reach the file), so the alignment is set afterwards in the file itself, on every
 * cell format the workbook defines. Every cell uses one of those formats, so every cell, written or
 * copied from the template, ends up aligned left:
 * - .xlsx: each `<xf>` of `<cellXfs>` in xl/styles.xml gets `<alignment horizontal="left"/>`;
 * - .xls (BIFF8): each cell XF record of the Workbook stream gets horizontal alignment "left" and the
 *   flag saying its alignment overrides the parent style's.
 * Only files SheetJS has just written pass through here, so their layout is known; anything else is an
 * error rather than a silently unaligned file.
 */
import * as XLSX from '@e965/xlsx';

interface ContainerEntry {
  name: string;
  content: Uint8Array | number[];
}

interface Container {
  FullPaths: string[];
  FileIndex: ContainerEntry[];
}

export function alignWorkbookLeft(workbook: Buffer, bookType: 'xlsx' | 'xls'): Buffer {
  const container = XLSX.CFB.read(workbook, { type: 'buffer' }) as unknown as Container;
  if (bookType === 'xlsx') {
    const styles = entryOf(container, '/xl/styles.xml');
    styles.content = Buffer.from(alignStylesXmlLeft(Buffer.from(styles.content).toString('utf8')), 'utf8');
    return asBuffer(
      XLSX.CFB.write(container as never, { fileType: 'zip', type: 'buffer', compression: true }),
    );
  }
  const stream = entryOf(container, 'Workbook');
  stream.content = alignBiffXfRecordsLeft(Buffer.from(stream.content));
  return asBuffer(XLSX.CFB.write(container as never, { fileType: 'cfb', type: 'buffer' }));
}

function entryOf(container: Container, path: string): ContainerEntry {
  const entry = XLSX.CFB.find(container as never, path) as ContainerEntry | null;
  if (!entry) throw new Error(`The written workbook has no ${path}; cannot align its cells.`);
  return entry;
}

function asBuffer(output: unknown): Buffer {
  return Buffer.isBuffer(output) ? output : Buffer.from(output as Uint8Array);
}

const CELL_XFS = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/;
const XF = /<xf\b([^>]*?)(\/>|>([\s\S]*?)<\/xf>)/g;

export function alignStylesXmlLeft(stylesXml: string): string {
  const cellXfs = CELL_XFS.exec(stylesXml);
  if (!cellXfs)
    throw new Error('The written workbook has no cell formats (cellXfs); cannot align its cells.');
  const aligned = cellXfs[0].replace(XF, (_xf, attributes: string, _end: string, children?: string) => {
    const attrs = `${attributes.replace(/\s+applyAlignment="[^"]*"/, '')} applyAlignment="1"`;
    let inner = children ?? '';
    if (/<alignment\b/.test(inner)) {
      inner = inner.replace(
        /<alignment\b([^>]*?)(\/?)>/,
        (_a, alignmentAttributes: string, selfClosing: string) => {
          const rest = alignmentAttributes.replace(/\s+horizontal="[^"]*"/, '');
          return `<alignment horizontal="left"${rest}${selfClosing}>`;
        },
      );
    } else {
      inner = `<alignment horizontal="left"/>${inner}`;
    }
    return `<xf${attrs}>${inner}</xf>`;
  });
  return stylesXml.slice(0, cellXfs.index) + aligned + stylesXml.slice(cellXfs.index + cellXfs[0].length);
}

const BIFF_XF = 0x00e0;
const XF_IS_STYLE = 0x04;
const XF_HORIZONTAL_MASK = 0x07;
const XF_HORIZONTAL_LEFT = 0x01;
/** fAtrAlc: a cell XF's own alignment applies instead of its parent style's. */
const XF_USES_OWN_ALIGNMENT = 0x10;

/** Sets every cell XF record (BIFF8, [MS-XLS] 2.4.353) to left alignment; returns a patched copy. */
export function alignBiffXfRecordsLeft(stream: Buffer): Buffer {
  const out = Buffer.from(stream);
  let cellFormats = 0;
  for (let offset = 0; offset + 4 <= out.length; ) {
    const type = out.readUInt16LE(offset);
    const length = out.readUInt16LE(offset + 2);
    const data = offset + 4;
    if (type === BIFF_XF && length >= 20 && data + length <= out.length) {
      const isStyle = (out[data + 4]! & XF_IS_STYLE) !== 0;
      if (!isStyle) {
        out[data + 6] = (out[data + 6]! & ~XF_HORIZONTAL_MASK) | XF_HORIZONTAL_LEFT;
        out[data + 9] = out[data + 9]! | XF_USES_OWN_ALIGNMENT;
        cellFormats++;
      }
    }
    offset = data + length;
  }
  if (cellFormats === 0)
    throw new Error('The written workbook has no cell formats (XF); cannot align its cells.');
  return out;
}

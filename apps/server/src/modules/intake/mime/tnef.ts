/**
 * The files inside a TNEF attachment (`winmail.dat`, `application/ms-tnef`) that Exchange and Outlook send
 * instead of plain attachments (docs/behaviour/mail-intake.md#attachment-structures). Only the attachment
 * records are read: attAttachRendData starts a file, attAttachTitle names it (8.3 at worst), attAttachData
 * holds its bytes, and attAttachment's MAPI properties give the long name (PR_ATTACH_LONG_FILENAME) when
 * present. No maintained decoder exists on the npm registry (node-tnef is a CLI with logging and argument
 * parser dependencies), and the record layout is small and fixed (MS-OXTNEF).
 */

export interface TnefFile {
  fileName: string;
  content: Buffer;
}

export const TNEF_SIGNATURE = 0x223e9f78;
const LEVEL_ATTACHMENT = 0x02;
export const ATT_ATTACH_REND_DATA = 0x00069002;
export const ATT_ATTACH_TITLE = 0x00018010;
export const ATT_ATTACH_DATA = 0x0006800f;
export const ATT_ATTACHMENT = 0x00069005;
export const PR_ATTACH_LONG_FILENAME = 0x3707;
const PT_STRING8 = 0x001e;
const PT_UNICODE = 0x001f;
const PT_BINARY = 0x0102;
const PT_OBJECT = 0x000d;
const MV_FLAG = 0x1000;
/** Bytes of each fixed-size MAPI property type (values are padded to 4 bytes). */
const FIXED_SIZES: Record<number, number> = {
  1: 4, // PT_NULL
  2: 4, // PT_SHORT, padded
  3: 4, // PT_LONG
  4: 4, // PT_FLOAT
  5: 8, // PT_DOUBLE
  6: 8, // PT_CURRENCY
  7: 8, // PT_APPTIME
  10: 4, // PT_ERROR
  11: 4, // PT_BOOLEAN, padded
  20: 8, // PT_I8
  64: 8, // PT_SYSTIME
  72: 16, // PT_CLSID
};

export class TnefError extends Error {
  override name = 'TnefError';
}

export function isTnef(content: Buffer): boolean {
  return content.length >= 6 && content.readUInt32LE(0) === TNEF_SIGNATURE;
}

/** The attachments of a TNEF stream, in order; throws TnefError when it is not one or is cut short. */
export function readTnef(content: Buffer): TnefFile[] {
  if (!isTnef(content)) throw new TnefError('not a TNEF stream (wrong signature)');
  const files: Array<{ title?: string; longName?: string; content?: Buffer }> = [];
  let offset = 6; // signature and legacy key
  while (offset < content.length) {
    if (offset + 9 > content.length) throw new TnefError(`attribute header cut short at byte ${offset}`);
    const level = content[offset]!;
    const id = content.readUInt32LE(offset + 1);
    const length = content.readUInt32LE(offset + 5);
    const start = offset + 9;
    const end = start + length;
    if (end + 2 > content.length) throw new TnefError(`attribute 0x${id.toString(16)} cut short`);
    const data = content.subarray(start, end);
    offset = end + 2; // the checksum is not checked: a wrong one still leaves the bytes readable
    if (level !== LEVEL_ATTACHMENT) continue;
    if (id === ATT_ATTACH_REND_DATA) {
      files.push({});
      continue;
    }
    const current = files[files.length - 1];
    if (!current) continue;
    if (id === ATT_ATTACH_TITLE) current.title = cString(data);
    else if (id === ATT_ATTACH_DATA) current.content = Buffer.from(data);
    else if (id === ATT_ATTACHMENT) current.longName = longFileName(data);
  }
  return files
    .filter((file) => file.content !== undefined)
    .map((file, index) => ({
      fileName: file.longName || file.title || `attachment-${index + 1}`,
      content: file.content!,
    }));
}

function cString(data: Buffer): string {
  const nul = data.indexOf(0);
  return data
    .subarray(0, nul === -1 ? data.length : nul)
    .toString('latin1')
    .trim();
}

const pad4 = (value: number) => (value + 3) & ~3;

/** PR_ATTACH_LONG_FILENAME from an attAttachment property list; undefined when absent or unreadable. */
function longFileName(data: Buffer): string | undefined {
  try {
    let offset = 0;
    const count = data.readUInt32LE(offset);
    offset += 4;
    for (let index = 0; index < count; index += 1) {
      const type = data.readUInt16LE(offset);
      const id = data.readUInt16LE(offset + 2);
      offset += 4;
      if (id >= 0x8000) {
        // A named property: its GUID, then a number or a UTF-16 name.
        const kind = data.readUInt32LE(offset + 16);
        offset += 20;
        if (kind === 0) offset += 4;
        else offset += 4 + pad4(data.readUInt32LE(offset));
      }
      const base = type & ~MV_FLAG;
      const variable = base === PT_STRING8 || base === PT_UNICODE || base === PT_BINARY || base === PT_OBJECT;
      const values = variable || type & MV_FLAG ? data.readUInt32LE(offset) : 1;
      if (variable || type & MV_FLAG) offset += 4;
      for (let value = 0; value < values; value += 1) {
        if (variable) {
          const size = data.readUInt32LE(offset);
          const bytes = data.subarray(offset + 4, offset + 4 + size);
          offset += 4 + pad4(size);
          if (id === PR_ATTACH_LONG_FILENAME) {
            const text = base === PT_UNICODE ? bytes.toString('utf16le') : bytes.toString('latin1');
            return text.replace(/\0+$/, '').trim() || undefined;
          }
        } else {
          const size = FIXED_SIZES[base];
          if (size === undefined) return undefined;
          offset += size;
        }
      }
    }
  } catch {
    // A property list cut short: the 8.3 title is still there.
  }
  return undefined;
}

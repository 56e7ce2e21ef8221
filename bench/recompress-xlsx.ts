import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';

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
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  container.FileIndex.forEach((entry, index) => {
    const path = container.FullPaths[index]!.replace(/^[^/]*\//, '');
    // Files only, without the marker entry SheetJS's container keeps for itself.
    if (entry.type !== 2 || path.startsWith('\u0001')) return;
    const name = Buffer.from(path);
    const content = Buffer.from(entry.content as Uint8Array);
    const packed = deflateRawSync(content, { level });
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(0x00210000, 12);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(content.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(header, name);
    offset += local.length + name.length + packed.length;
  });
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

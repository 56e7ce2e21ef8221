/**
 * A ZIP archive written as it is produced (docs/decisions/0017-order-export.md): each entry is deflated on
 * the way out and followed by a data descriptor (its CRC and sizes are known only at its end), then the
 * central directory. Nothing is buffered beyond the deflate window and the output's own buffer: `write`
 * resolves once the output can take more, so a slow reader slows the writer down.
 *
 * Limits: classic ZIP (no ZIP64), so an entry and the archive stay under 4 GiB; an export that would pass
 * that fails instead of writing a corrupt file.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

const ZIP32_LIMIT = 0xffff_ffff;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** Writes to a stream and waits for it to drain; fails once the stream is closed (the client went away). */
export class OutputSink {
  bytes = 0;
  constructor(private readonly out: Writable) {}

  push(chunk: Buffer | string): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.bytes += buffer.length;
    this.out.write(buffer);
  }

  async drained(): Promise<void> {
    if (this.out.destroyed || this.out.writableEnded) throw new Error('The download was closed');
    if (!this.out.writableNeedDrain) return;
    // Whichever comes first; the other listener is removed, so thousands of batches leave none behind.
    const settled = new AbortController();
    try {
      const [event] = await Promise.race([
        once(this.out, 'drain', { signal: settled.signal }).then(() => ['drain']),
        once(this.out, 'close', { signal: settled.signal }).then(() => ['close']),
      ]);
      if (event === 'close') throw new Error('The download was closed');
    } finally {
      settled.abort();
    }
  }
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

export class ZipStreamWriter {
  private readonly entries: Entry[] = [];
  private current: { entry: Entry; deflate: DeflateRaw } | undefined;
  private readonly stamp = dosDateTime(new Date());

  constructor(
    private readonly sink: OutputSink,
    private readonly level = constants.Z_BEST_SPEED,
  ) {}

  /** A whole small entry at once. */
  async addFile(name: string, content: string): Promise<void> {
    this.openEntry(name);
    await this.write(Buffer.from(content));
    await this.closeEntry();
  }

  openEntry(name: string): void {
    if (this.current) throw new Error('The previous entry is still open');
    const entry: Entry = { name: Buffer.from(name), offset: this.sink.bytes, crc: 0, compressed: 0, size: 0 };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.day, 12);
    // CRC and sizes (14–25) stay zero: the data descriptor carries them.
    header.writeUInt16LE(entry.name.length, 26);
    this.sink.push(header);
    this.sink.push(entry.name);
    const deflate = createDeflateRaw({ level: this.level });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.sink.push(chunk);
    });
    this.current = { entry, deflate };
  }

  /** Adds to the open entry; resolves when both the compressor and the output can take more. */
  async write(data: Buffer): Promise<void> {
    const { entry, deflate } = this.current!;
    entry.crc = crc32(data, entry.crc);
    entry.size += data.length;
    if (entry.size > ZIP32_LIMIT) throw new Error('The file is too large for a ZIP archive without ZIP64');
    if (!deflate.write(data)) await once(deflate, 'drain');
    await this.sink.drained();
  }

  async closeEntry(): Promise<void> {
    const { entry, deflate } = this.current!;
    const ended = once(deflate, 'end');
    deflate.end();
    await ended;
    this.current = undefined;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.sink.push(descriptor);
    this.entries.push(entry);
    await this.sink.drained();
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.sink.bytes;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.day, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      header.writeUInt32LE(entry.offset, 42);
      this.sink.push(header);
      this.sink.push(entry.name);
    }
    const size = this.sink.bytes - start;
    if (this.sink.bytes > ZIP32_LIMIT) throw new Error('The archive is too large without ZIP64');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    this.sink.push(end);
    await this.sink.drained();
  }
}

/**
 * Writing zips byte by byte, so tests can build what no honest zipper writes: hundreds of thousands of
 * entries, sizes that lie, bombs of any shape. Entries are written as they come (the central directory
 * records are kept, 46 bytes plus the name each); data is given already compressed.
 */
import { closeSync, createWriteStream, openSync, readFileSync, writeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One entry as it will be written. */
export interface CraftedEntry {
  readonly name: string;
  /** The stored bytes (already deflated when `method` is 8), or a file holding them. */
  readonly data: Buffer | { readonly file: string };
  readonly method: 0 | 8;
  readonly crc: number;
  /** Declared uncompressed size (free to lie). */
  readonly size: number;
  /** Unix mode for the external attributes (default a regular file 0644). */
  readonly mode?: number;
}

/** A deflated entry of `content`, honest unless `declare` overrides the size. */
export function deflated(name: string, content: Buffer | string, declare?: number): CraftedEntry {
  const raw = Buffer.from(content);
  return { name, data: deflateRawSync(raw), method: 8, crc: crc32(raw), size: declare ?? raw.length };
}

/** `count` zero bytes deflated into `file` as a stream; resolves with their CRC-32. */
export async function deflateZerosToFile(count: number, file: string): Promise<number> {
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  function* zeros(): Generator<Buffer> {
    for (let left = count; left > 0; left -= block.length) {
      const chunk = left >= block.length ? block : block.subarray(0, left);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  }
  await pipeline(Readable.from(zeros()), createDeflateRaw({ level: 9 }), createWriteStream(file));
  return crc;
}

function localHeader(entry: CraftedEntry, nameBytes: Buffer, compressedSize: number): Buffer {
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(20, 4);
  head.writeUInt16LE(0x0800, 6);
  head.writeUInt16LE(entry.method, 8);
  head.writeUInt32LE(entry.crc >>> 0, 14);
  head.writeUInt32LE(compressedSize, 18);
  head.writeUInt32LE(entry.size, 22);
  head.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([head, nameBytes]);
}

function centralHeader(entry: CraftedEntry, nameBytes: Buffer, compressedSize: number, offset: number): Buffer {
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(0x0314, 4);
  head.writeUInt16LE(20, 6);
  head.writeUInt16LE(0x0800, 8);
  head.writeUInt16LE(entry.method, 10);
  head.writeUInt32LE(entry.crc >>> 0, 16);
  head.writeUInt32LE(compressedSize, 20);
  head.writeUInt32LE(entry.size, 24);
  head.writeUInt16LE(nameBytes.length, 28);
  head.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
  head.writeUInt32LE(offset, 42);
  return Buffer.concat([head, nameBytes]);
}

/** Writes `entries` as a zip at `file` (writes batched in 1 MiB); returns its size in bytes. */
export function craftZip(file: string, entries: Iterable<CraftedEntry>): number {
  const fd = openSync(file, 'w');
  const central: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let offset = 0;
  const flush = (): void => {
    writeSync(fd, Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  const put = (buffer: Buffer): void => {
    pending.push(buffer);
    pendingBytes += buffer.length;
    offset += buffer.length;
    if (pendingBytes >= 1024 * 1024) flush();
  };
  try {
    for (const entry of entries) {
      const nameBytes = Buffer.from(entry.name, 'utf8');
      const data = Buffer.isBuffer(entry.data) ? entry.data : readFileSync(entry.data.file);
      central.push(centralHeader(entry, nameBytes, data.length, offset));
      put(localHeader(entry, nameBytes, data.length));
      put(data);
    }
    const start = offset;
    for (const record of central) put(record);
    const zip64 = central.length >= 0xffff;
    if (zip64) put(zip64End(central.length, offset - start, start, offset));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    // The classic record says "see zip64" for a count it cannot hold.
    end.writeUInt16LE(zip64 ? 0xffff : central.length, 8);
    end.writeUInt16LE(zip64 ? 0xffff : central.length, 10);
    end.writeUInt32LE(
      central.reduce((n, r) => n + r.length, 0),
      12,
    );
    end.writeUInt32LE(start, 16);
    put(end);
    flush();
    return offset;
  } finally {
    closeSync(fd);
  }
}

/** The zip64 end of central directory record and its locator (for more than 65,534 entries). */
function zip64End(count: number, size: number, start: number, at: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(start), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(at), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator]);
}

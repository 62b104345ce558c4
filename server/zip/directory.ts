/**
 * A small, synchronous reader of a zip's structure: the End Of Central Directory record (zip64 included)
 * and the central directory, streamed record by record in bounded chunks. Nothing is inflated here, and
 * nothing is held beyond the record being read, so callers can refuse an archive by its declared entry
 * count and sizes before any listing or extraction happens (adm-zip built the whole list first).
 */
import { fstatSync, readSync } from 'node:fs';

/** A zip that cannot be read: truncated, inconsistent, or using features Offprint does not accept. */
export class ZipFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

/** Where the central directory is and what the archive declares about itself. */
export interface ZipDirectory {
  readonly fileSize: number;
  readonly entryCount: number;
  readonly offset: number;
  readonly size: number;
}

/** One central-directory record, as declared (sizes may lie; extraction counts real bytes). */
export interface ZipEntry {
  /** The name decoded as UTF-8 (what adm-zip and every current zipper use). */
  readonly name: string;
  readonly flags: number;
  readonly method: number;
  readonly crc32: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderOffset: number;
  /** Unix mode in the high 16 bits when made on unix. */
  readonly externalAttr: number;
  readonly encrypted: boolean;
  readonly isDirectory: boolean;
  /**
   * When the file was last changed: the extended timestamp (UTC) when the zipper wrote one, else the
   * MS-DOS date and time read as UTC (they carry no zone); null when neither is a valid date.
   */
  readonly modified: Date | null;
}

const EOCD_SIG = 0x06054b50;
const EOCD64_LOCATOR_SIG = 0x07064b50;
const EOCD64_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const MAX_COMMENT = 0xffff;
const CHUNK = 64 * 1024;

/** Reads exactly `length` bytes at `position`, or fails as a truncated zip. */
export function readExactly(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, buffer, done, length - done, position + done);
    if (read === 0) throw new ZipFormatError('the file is truncated');
    done += read;
  }
  return buffer;
}

function u64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('a zip64 size or offset is out of range');
  return Number(value);
}

function findEocd(fd: number, fileSize: number): { at: number; record: Buffer } {
  const tailLength = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT);
  if (tailLength < EOCD_SIZE) throw new ZipFormatError('the file is too short to be a zip');
  const tail = readExactly(fd, fileSize - tailLength, tailLength);
  for (let i = tailLength - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD_SIG) continue;
    // The comment must reach the end of the file exactly, so a signature inside a comment is skipped.
    if (i + EOCD_SIZE + tail.readUInt16LE(i + 20) !== tailLength) continue;
    return { at: fileSize - tailLength + i, record: tail.subarray(i, i + EOCD_SIZE) };
  }
  throw new ZipFormatError('no end of central directory record');
}

function readZip64(fd: number, eocdAt: number): { entryCount: number; offset: number; size: number; end: number } {
  if (eocdAt < 20) throw new ZipFormatError('zip64 locator missing');
  const locator = readExactly(fd, eocdAt - 20, 20);
  if (locator.readUInt32LE(0) !== EOCD64_LOCATOR_SIG) throw new ZipFormatError('zip64 locator missing');
  if (locator.readUInt32LE(16) > 1) throw new ZipFormatError('multi-disk zips are not supported');
  const at = u64(locator, 8);
  if (at + 56 > eocdAt - 20) throw new ZipFormatError('zip64 end of central directory out of range');
  const record = readExactly(fd, at, 56);
  if (record.readUInt32LE(0) !== EOCD64_SIG) throw new ZipFormatError('zip64 end of central directory missing');
  if (record.readUInt32LE(16) !== 0 || record.readUInt32LE(20) !== 0)
    throw new ZipFormatError('multi-disk zips are not supported');
  if (u64(record, 24) !== u64(record, 32)) throw new ZipFormatError('multi-disk zips are not supported');
  return { entryCount: u64(record, 32), size: u64(record, 40), offset: u64(record, 48), end: at };
}

/**
 * Reads the End Of Central Directory (and the zip64 one when the classic record says so) of the zip
 * open as `fd`. Reads at most 64 KiB + 98 bytes, whatever the archive holds.
 */
export function readZipDirectory(fd: number): ZipDirectory {
  const fileSize = fstatSync(fd).size;
  const { at, record } = findEocd(fd, fileSize);
  if (record.readUInt16LE(4) !== 0 || record.readUInt16LE(6) !== 0)
    throw new ZipFormatError('multi-disk zips are not supported');
  let entryCount = record.readUInt16LE(10);
  let size = record.readUInt32LE(12);
  let offset = record.readUInt32LE(16);
  let end = at;
  if (entryCount === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    ({ entryCount, size, offset, end } = readZip64(fd, at));
  }
  if (offset + size > end) throw new ZipFormatError('the central directory lies outside the file');
  if (entryCount * CENTRAL_SIZE > size) throw new ZipFormatError('the central directory is shorter than its entries');
  return { fileSize, entryCount, offset, size };
}

/** A forward-only buffered reader over [start, end) of a file. */
class ChunkReader {
  private buffer: Buffer = Buffer.alloc(0);
  private bufferStart: number;

  constructor(
    private readonly fd: number,
    private position: number,
    private readonly end: number,
  ) {
    this.bufferStart = position;
  }

  /** The next `length` bytes (valid until the next call). */
  take(length: number): Buffer {
    if (this.position + length > this.end) throw new ZipFormatError('a central directory record is truncated');
    const from = this.position - this.bufferStart;
    if (from + length > this.buffer.length) {
      this.buffer = readExactly(this.fd, this.position, Math.min(Math.max(length, CHUNK), this.end - this.position));
      this.bufferStart = this.position;
    }
    const start = this.position - this.bufferStart;
    this.position += length;
    return this.buffer.subarray(start, start + length);
  }
}

function zip64Fields(extra: Buffer, entry: { size: number; compressedSize: number; localHeaderOffset: number }): void {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let at = i + 4;
      const next = (): number => {
        if (at + 8 > i + 4 + length) throw new ZipFormatError('a zip64 extra field is truncated');
        const value = u64(extra, at);
        at += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    i += 4 + length;
  }
}

function parseEntry(reader: ChunkReader): ZipEntry {
  const head = Buffer.from(reader.take(CENTRAL_SIZE));
  if (head.readUInt32LE(0) !== CENTRAL_SIG) throw new ZipFormatError('a central directory record is damaged');
  const nameLength = head.readUInt16LE(28);
  const extraLength = head.readUInt16LE(30);
  const commentLength = head.readUInt16LE(32);
  const name = reader.take(nameLength).toString('utf8');
  const sizes = { size: head.readUInt32LE(24), compressedSize: head.readUInt32LE(20), localHeaderOffset: 0 };
  sizes.localHeaderOffset = head.readUInt32LE(42);
  const extra = reader.take(extraLength);
  zip64Fields(extra, sizes);
  const modified = unixTime(extra) ?? dosTime(head.readUInt16LE(14), head.readUInt16LE(12));
  reader.take(commentLength);
  const flags = head.readUInt16LE(8);
  return {
    name,
    flags,
    method: head.readUInt16LE(10),
    crc32: head.readUInt32LE(16),
    ...sizes,
    externalAttr: head.readUInt32LE(38),
    encrypted: (flags & 0x1) !== 0,
    isDirectory: name.endsWith('/'),
    modified,
  };
}

/** An MS-DOS date and time (bits: year-1980, month, day; hour, minute, second/2), as UTC. */
function dosTime(date: number, time: number): Date | null {
  const [year, month, day] = [1980 + (date >> 9), (date >> 5) & 0xf, date & 0x1f];
  const [hour, minute, second] = [time >> 11, (time >> 5) & 0x3f, (time & 0x1f) * 2];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const made = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return made.getUTCDate() === day ? made : null;
}

/** The modification time of an extended timestamp extra field (0x5455; flag bit 0: mtime first). */
function unixTime(extra: Buffer): Date | null {
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x5455 && length >= 5 && i + 9 <= extra.length && (extra.readUInt8(i + 4) & 1) === 1) {
      const seconds = extra.readUInt32LE(i + 5);
      return seconds === 0 ? null : new Date(seconds * 1000);
    }
    i += 4 + length;
  }
  return null;
}

/**
 * The central directory's records, one at a time, read in 64 KiB chunks: memory stays flat however many
 * entries the archive declares. Stops at `directory.entryCount` records.
 */
export function* centralEntries(fd: number, directory: ZipDirectory): Generator<ZipEntry> {
  const reader = new ChunkReader(fd, directory.offset, directory.offset + directory.size);
  for (let i = 0; i < directory.entryCount; i++) yield parseEntry(reader);
}

/**
 * Reading one zip entry's data, trusting nothing it declares: the bytes actually produced are counted
 * and may not exceed the declared size (a lying header stops there, it does not fill memory or disk),
 * and the CRC-32 must match. Stored and deflated entries only, which is what every zipper writes.
 */
import { createReadStream, readSync, writeSync } from 'node:fs';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { readExactly, ZipFormatError, type ZipDirectory, type ZipEntry } from './directory.js';

const LOCAL_SIG = 0x04034b50;
const LOCAL_SIZE = 30;
const STORED = 0;
const DEFLATED = 8;
const CHUNK = 64 * 1024;

/** Offset of `entry`'s data, from its local header; the data must end before the central directory. */
export function dataOffset(fd: number, directory: ZipDirectory, entry: ZipEntry): number {
  if (entry.localHeaderOffset + LOCAL_SIZE > directory.offset)
    throw new ZipFormatError(`entry "${entry.name}" lies outside the file`);
  const head = readExactly(fd, entry.localHeaderOffset, LOCAL_SIZE);
  if (head.readUInt32LE(0) !== LOCAL_SIG) throw new ZipFormatError(`entry "${entry.name}" has no local header`);
  const start = entry.localHeaderOffset + LOCAL_SIZE + head.readUInt16LE(26) + head.readUInt16LE(28);
  if (start + entry.compressedSize > directory.offset)
    throw new ZipFormatError(`entry "${entry.name}" lies outside the file`);
  return start;
}

function checkMethod(entry: ZipEntry): void {
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new ZipFormatError(`entry "${entry.name}" uses compression method ${entry.method}, not stored or deflate`);
  if (entry.method === STORED && entry.compressedSize !== entry.size)
    throw new ZipFormatError(`entry "${entry.name}" is stored but its sizes differ`);
}

function checkResult(entry: ZipEntry, length: number, crc: number): void {
  if (length !== entry.size)
    throw new ZipFormatError(`entry "${entry.name}" has ${length} bytes, its header says ${entry.size}`);
  if (crc >>> 0 !== entry.crc32) throw new ZipFormatError(`entry "${entry.name}" fails its CRC check`);
}

/**
 * Writes `entry`'s data to the open file `outFd`, synchronously. Stored data is copied in 64 KiB
 * chunks; deflated data is inflated in one call whose output is capped at the declared size (Node has
 * no public synchronous streaming inflate), so memory is bounded by sizes the caller already accepted.
 */
export function extractEntrySync(fd: number, directory: ZipDirectory, entry: ZipEntry, outFd: number): number {
  checkMethod(entry);
  const start = dataOffset(fd, directory, entry);
  if (entry.method === STORED) {
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
    let crc = 0;
    for (let done = 0; done < entry.size;) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, entry.size - done), start + done);
      if (read === 0) throw new ZipFormatError(`entry "${entry.name}" is truncated`);
      crc = crc32(buffer.subarray(0, read), crc);
      writeSync(outFd, buffer, 0, read);
      done += read;
    }
    checkResult(entry, entry.size, crc);
    return entry.size;
  }
  const compressed = readExactly(fd, start, entry.compressedSize);
  let data: Buffer;
  try {
    data =
      entry.compressedSize === 0 ? Buffer.alloc(0) : inflateRawSync(compressed, { maxOutputLength: entry.size + 1 });
  } catch (error) {
    const tooBig = error instanceof RangeError;
    throw new ZipFormatError(
      tooBig
        ? `entry "${entry.name}" inflates to more than the ${entry.size} bytes its header says`
        : `entry "${entry.name}" is damaged (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  checkResult(entry, data.length, crc32(data));
  writeSync(outFd, data);
  return data.length;
}

/** Counts bytes and CRC through a stream; fails once more than `entry.size` bytes come out. */
class Checked extends Transform {
  private length = 0;
  private crc = 0;

  constructor(private readonly entry: ZipEntry) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.length += chunk.length;
    if (this.length > this.entry.size) {
      done(
        new ZipFormatError(
          `entry "${this.entry.name}" inflates to more than the ${this.entry.size} bytes its header says`,
        ),
      );
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      checkResult(this.entry, this.length, this.crc);
      done();
    } catch (error) {
      done(error instanceof Error ? error : new ZipFormatError(String(error)));
    }
  }
}

/**
 * `entry`'s data as a stream (64 KiB chunks, flat memory whatever the size) that errors rather than
 * producing more than the declared size or data failing its CRC. `fd` is only used to find the data.
 */
export function entryStream(file: string, fd: number, directory: ZipDirectory, entry: ZipEntry): Readable {
  checkMethod(entry);
  const start = dataOffset(fd, directory, entry);
  const checked = new Checked(entry);
  if (entry.compressedSize === 0) {
    const empty = new PassThrough();
    empty.pipe(checked);
    empty.end();
    return checked;
  }
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: CHUNK });
  const source = entry.method === STORED ? raw : raw.pipe(createInflateRaw({ chunkSize: CHUNK }));
  const fail = (error: Error): void => {
    checked.destroy(
      error instanceof ZipFormatError
        ? error
        : new ZipFormatError(`entry "${entry.name}" is damaged (${error.message})`),
    );
  };
  raw.on('error', fail);
  source.on('error', fail);
  source.pipe(checked);
  checked.on('close', () => raw.destroy());
  return checked;
}

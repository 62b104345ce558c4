/**
 * Writing a zip from entries of other zips, copied as raw bytes (local header, compressed data, data
 * descriptor, central record with its offset moved), then the end records exactly as yazl writes them
 * (server/export/zip.ts). Nothing is recompressed, so an archive rebuilt this way from a bundle's own
 * entries is that bundle byte for byte, whatever zlib the machine has: Node's bundled zlib differs
 * between Node releases and builds, so recompressing the same files elsewhere may give other bytes.
 * The output is written to a temporary file renamed when complete; size and SHA-256 come from writing.
 */
import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { ZipFormatError } from '../zip/directory.js';
import { CENTRAL_OFFSET_FIELD, type RawEntry } from './zipLayout.js';

/** One entry to copy: from which archive, and its raw layout there. */
export interface RawPart {
  readonly file: string;
  readonly entry: RawEntry;
}

/** The archive written. */
export interface RawZipResult {
  readonly sha256: string;
  readonly sizeBytes: number;
}

/** yazl's "version made by" (unix, spec 6.3) and "needed to extract" for zip64. */
const VERSION_MADE_BY = (3 << 8) | 63;
const VERSION_NEEDED_ZIP64 = 45;

/** The end of central directory record(s), as yazl writes them (no comment; zip64 when it must). */
export function endRecords(entryCount: number, directorySize: number, directoryOffset: number): Buffer {
  const zip64 = entryCount >= 0xffff || directorySize >= 0xffffffff || directoryOffset >= 0xffffffff;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entryCount >= 0xffff ? 0xffff : entryCount, 8);
  eocd.writeUInt16LE(entryCount >= 0xffff ? 0xffff : entryCount, 10);
  eocd.writeUInt32LE(directorySize >= 0xffffffff ? 0xffffffff : directorySize, 12);
  eocd.writeUInt32LE(directoryOffset >= 0xffffffff ? 0xffffffff : directoryOffset, 16);
  if (!zip64) return eocd;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(entryCount), 24);
  record.writeBigUInt64LE(BigInt(entryCount), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}

/** Appends to a file handle, hashing and counting. */
class Output {
  private readonly hash = createHash('sha256');
  position = 0;

  constructor(private readonly handle: FileHandle) {}

  async write(bytes: Buffer): Promise<void> {
    this.hash.update(bytes);
    for (let done = 0; done < bytes.length;) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }

  result(): RawZipResult {
    return { sha256: this.hash.digest('hex'), sizeBytes: this.position };
  }
}

async function copySpan(source: FileHandle, from: number, to: number, out: Output, buffer: Buffer, name: string) {
  for (let at = from; at < to;) {
    const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, to - at), at);
    if (bytesRead === 0) throw new ZipFormatError(`entry "${name}" is truncated`);
    await out.write(buffer.subarray(0, bytesRead));
    at += bytesRead;
  }
}

async function writeParts(parts: readonly RawPart[], out: Output): Promise<Buffer[]> {
  const handles = new Map<string, FileHandle>();
  const buffer = Buffer.alloc(1024 * 1024);
  const centrals: Buffer[] = [];
  try {
    for (const { file, entry } of parts) {
      let source = handles.get(file);
      if (source === undefined) {
        source = await open(file, 'r');
        handles.set(file, source);
      }
      if (out.position > 0xfffffffe)
        throw new ZipFormatError('the archive would exceed 4 GiB, which deltas do not support');
      const central = Buffer.from(entry.central);
      central.writeUInt32LE(out.position, CENTRAL_OFFSET_FIELD);
      centrals.push(central);
      await copySpan(source, entry.localOffset, entry.end, out, buffer, entry.name);
    }
  } finally {
    for (const handle of handles.values()) await handle.close();
  }
  return centrals;
}

/** Writes `parts` in order as the zip `outFile`; throws (leaving nothing at `outFile`) when a source fails. */
export async function writeRawZip(parts: readonly RawPart[], outFile: string): Promise<RawZipResult> {
  const tmp = `${outFile}.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await open(tmp, 'wx');
  try {
    const out = new Output(handle);
    const centrals = await writeParts(parts, out);
    const directoryOffset = out.position;
    const directory = Buffer.concat(centrals);
    await out.write(directory);
    await out.write(endRecords(parts.length, directory.length, directoryOffset));
    await handle.close();
    renameSync(tmp, outFile);
    return out.result();
  } catch (error) {
    await handle.close().catch(() => undefined);
    rmSync(tmp, { force: true });
    throw error;
  }
}

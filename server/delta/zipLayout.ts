/**
 * A zip's raw layout, for copying entries between archives without recompressing them: each entry's
 * central directory record (as bytes) and the span of its local part (local header, compressed data,
 * data descriptor) up to the next entry. Bundles are written by server/export/zip.ts (yazl), whose
 * local parts follow each other with nothing between, so the span is exactly one entry's bytes.
 *
 * Only classic (non-zip64) entries are accepted: a bundle over 4 GiB would need its offsets rewritten
 * inside zip64 extra fields, which nothing produces today.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { readExactly, readZipDirectory, ZipFormatError } from '../zip/directory.js';

/** One entry as its bytes lie in the archive. */
export interface RawEntry {
  readonly name: string;
  /** The central directory record, exactly as stored (its local header offset included). */
  readonly central: Buffer;
  readonly localOffset: number;
  /** Where its local part ends: the next entry's local header, or the central directory. */
  readonly end: number;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
}

/** The entries of an archive in central directory order, and where that directory is. */
export interface ZipLayout {
  readonly file: string;
  readonly fileSize: number;
  readonly entries: readonly RawEntry[];
  readonly directoryOffset: number;
  readonly directorySize: number;
}

const CENTRAL_SIG = 0x02014b50;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
/** Offset of the local header offset field in a central record. */
export const CENTRAL_OFFSET_FIELD = 42;
/** A central directory larger than this is refused (a bundle of 500 000 files has about 60 MiB). */
const MAX_DIRECTORY_BYTES = 256 * 1024 * 1024;

function parseRecords(directory: Buffer, count: number): Omit<RawEntry, 'end'>[] {
  const records: Omit<RawEntry, 'end'>[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_SIZE > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIG) {
      throw new ZipFormatError('a central directory record is damaged');
    }
    const length = CENTRAL_SIZE + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30);
    const total = length + directory.readUInt16LE(at + 32);
    if (at + total > directory.length) throw new ZipFormatError('a central directory record is truncated');
    const central = Buffer.from(directory.subarray(at, at + total));
    const name = central.subarray(CENTRAL_SIZE, CENTRAL_SIZE + central.readUInt16LE(28)).toString('utf8');
    const compressedSize = central.readUInt32LE(20);
    const size = central.readUInt32LE(24);
    const localOffset = central.readUInt32LE(CENTRAL_OFFSET_FIELD);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) {
      throw new ZipFormatError(`entry "${name}" uses zip64 (over 4 GiB), which deltas do not support`);
    }
    records.push({ name, central, localOffset, method: central.readUInt16LE(10), compressedSize, size });
    at += total;
  }
  return records;
}

/** Reads the layout of the zip `file`; throws ZipFormatError for an archive whose entries overlap or escape. */
export function readZipLayout(file: string): ZipLayout {
  const fd = openSync(file, 'r');
  try {
    const directory = readZipDirectory(fd);
    if (directory.size > MAX_DIRECTORY_BYTES) throw new ZipFormatError('its central directory is too large');
    const records = parseRecords(readExactly(fd, directory.offset, directory.size), directory.entryCount);
    const byOffset = [...records].sort((a, b) => a.localOffset - b.localOffset);
    const ends = new Map<Omit<RawEntry, 'end'>, number>();
    byOffset.forEach((record, i) => {
      const end = byOffset[i + 1]?.localOffset ?? directory.offset;
      if (end < record.localOffset + LOCAL_SIZE + record.compressedSize) {
        throw new ZipFormatError(`entry "${record.name}" overlaps the next one or the central directory`);
      }
      ends.set(record, end);
    });
    return {
      file,
      fileSize: directory.fileSize,
      entries: records.map((r) => ({ ...r, end: ends.get(r) ?? directory.offset })),
      directoryOffset: directory.offset,
      directorySize: directory.size,
    };
  } finally {
    closeSync(fd);
  }
}

/** Bytes an entry takes in an archive: its local part and its central record. */
export function rawSize(entry: RawEntry): number {
  return entry.end - entry.localOffset + entry.central.length;
}

/**
 * A digest of everything an entry puts in an archive except where it lies (its central record with the
 * offset zeroed, then its local part): two entries with the same digest are interchangeable bytes.
 */
export async function rawDigests(layout: ZipLayout, names?: ReadonlySet<string>): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  const handle = await open(layout.file, 'r');
  const buffer = Buffer.alloc(1024 * 1024);
  try {
    for (const entry of layout.entries) {
      if (names !== undefined && !names.has(entry.name)) continue;
      const hash = createHash('sha256');
      const central = Buffer.from(entry.central);
      central.writeUInt32LE(0, CENTRAL_OFFSET_FIELD);
      hash.update(central);
      for (let at = entry.localOffset; at < entry.end;) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, entry.end - at), at);
        if (bytesRead === 0) throw new ZipFormatError(`entry "${entry.name}" is truncated`);
        hash.update(buffer.subarray(0, bytesRead));
        at += bytesRead;
      }
      digests.set(entry.name, hash.digest('hex'));
    }
  } finally {
    await handle.close();
  }
  return digests;
}

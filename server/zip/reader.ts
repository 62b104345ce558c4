/**
 * An open zip read the streaming way (what `verify` and `preview` use on bundles): the central directory
 * is listed record by record, and each entry's data comes as a checked stream, never a whole buffer.
 */
import { closeSync, openSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { centralEntries, readZipDirectory, ZipFormatError, type ZipDirectory, type ZipEntry } from './directory.js';
import { entryStream } from './entryData.js';

export { ZipFormatError, type ZipEntry } from './directory.js';

/** An open zip file; {@link ZipReader.close} releases it. */
export class ZipReader {
  private constructor(
    readonly file: string,
    private readonly fd: number,
    readonly directory: ZipDirectory,
  ) {}

  /** Opens `file` and reads its End Of Central Directory; throws ZipFormatError for what is not a zip. */
  static open(file: string): ZipReader {
    const fd = openSync(file, 'r');
    try {
      return new ZipReader(file, fd, readZipDirectory(fd));
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /** The entries, streamed from the central directory; refuses more than `maxEntries` before reading any. */
  *entries(maxEntries: number): Generator<ZipEntry> {
    if (this.directory.entryCount > maxEntries) {
      throw new ZipFormatError(`it declares ${this.directory.entryCount} entries, more than the ${maxEntries} allowed`);
    }
    yield* centralEntries(this.fd, this.directory);
  }

  /** `entry`'s data as a stream that fails past its declared size or on a CRC mismatch. */
  stream(entry: ZipEntry): Readable {
    return entryStream(this.file, this.fd, this.directory, entry);
  }

  /** `entry`'s data in memory, for entries the caller has checked to be at most `maxBytes` (declared). */
  async read(entry: ZipEntry, maxBytes: number): Promise<Buffer> {
    if (entry.size > maxBytes) {
      throw new ZipFormatError(`entry "${entry.name}" has ${entry.size} bytes, more than the ${maxBytes} read here`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of this.stream(entry))
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks);
  }

  /** Closes the file. */
  close(): void {
    closeSync(this.fd);
  }
}

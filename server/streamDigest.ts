/** SHA-256 and size of bytes as they stream to a file, so the file is never read back to be hashed. */
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through stage that hashes and counts what flows through it. */
export interface DigestMeter {
  /** Put it in the pipeline between the source and the file. */
  readonly stream: Transform;
  /** The SHA-256 (hex) and byte count, once the pipeline has finished. */
  readonly result: () => { readonly sha256: string; readonly sizeBytes: number };
}

/** A new {@link DigestMeter}. */
export function digestMeter(): DigestMeter {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), sizeBytes }) };
}

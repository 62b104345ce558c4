/** Caps on what one site import may unpack or copy. */

/** Limits of one import; every field can be overridden (tests use small ones). */
export interface ImportLimits {
  /** Total uncompressed bytes of all files. */
  readonly maxTotalBytes: number;
  /** Number of entries (files and folders). */
  readonly maxEntries: number;
  /** Largest allowed uncompressed/compressed ratio of one zip entry... */
  readonly maxRatio: number;
  /** ...and of the whole archive (declared total / zip file size)... */
  readonly maxArchiveRatio: number;
  /** ...both checked from this size on (tiny files compress absurdly well and are harmless). */
  readonly ratioMinBytes: number;
  /** Size of the zip file itself. */
  readonly maxZipBytes: number;
  /** Size of the zip's central directory (what is read to list it), checked before it is read. */
  readonly maxDirectoryBytes: number;
}

/**
 * Defaults: a large docs project (novu: 575 files, 29 MB) fits many times over; a zip bomb does not.
 * Text compresses about 5-20x and images barely; 200x for one file only happens with padding or crafted
 * data, and a whole docs project averaging 100x does not exist, while many small bomb entries (each
 * under the per-entry minimum) do: the archive ratio catches those. The central directory of 50,000
 * entries with long names is a few MB; 64 MiB leaves room and bounds what listing may read.
 */
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntries: 50_000,
  maxRatio: 200,
  maxArchiveRatio: 100,
  ratioMinBytes: 64 * 1024,
  maxZipBytes: 512 * 1024 * 1024,
  maxDirectoryBytes: 64 * 1024 * 1024,
};

/** `limits` over the defaults. */
export function importLimits(limits: Partial<ImportLimits> = {}): ImportLimits {
  return { ...DEFAULT_IMPORT_LIMITS, ...limits };
}

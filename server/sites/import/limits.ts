/** Caps on what one site import may unpack or copy. */

/** Limits of one import; every field can be overridden (tests use small ones). */
export interface ImportLimits {
  /** Total uncompressed bytes of all files. */
  readonly maxTotalBytes: number;
  /** Number of entries (files and folders). */
  readonly maxEntries: number;
  /** Largest allowed uncompressed/compressed ratio of one zip entry... */
  readonly maxRatio: number;
  /** ...checked for entries at least this large (tiny files compress absurdly well and are harmless). */
  readonly ratioMinBytes: number;
  /** Size of the zip file itself. */
  readonly maxZipBytes: number;
}

/**
 * Defaults: a large docs project (novu: 575 files, 29 MB) fits many times over; a zip bomb does not.
 * Text compresses about 5-20x and images barely; 200x only happens with padding or crafted data. The
 * zip is read into memory (adm-zip), hence its own, smaller cap.
 */
export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxTotalBytes: 1024 * 1024 * 1024,
  maxEntries: 50_000,
  maxRatio: 200,
  ratioMinBytes: 1024 * 1024,
  maxZipBytes: 512 * 1024 * 1024,
};

/** `limits` over the defaults. */
export function importLimits(limits: Partial<ImportLimits> = {}): ImportLimits {
  return { ...DEFAULT_IMPORT_LIMITS, ...limits };
}

/** `1.5 MB`-style sizes for error messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit] ?? 'TB'}`;
}

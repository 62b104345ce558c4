/** Size limits of feedback input. */

/** Largest NDJSON import accepted over HTTP (`OFFPRINT_IMPORT_MAX_BYTES` overrides). */
export const IMPORT_BODY_LIMIT_DEFAULT = 2 * 1024 * 1024 * 1024;

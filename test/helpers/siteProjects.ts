/** Temp docs projects and data dirs for the site tests. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../server/errors.js';
import { silentLogger } from '../../server/logger.js';
import { openRuntime, type Runtime } from '../../server/runtime.js';
import type { RenderedPage } from '../../server/sites/render/types.js';
import { tempDir } from './dataDirs.js';

/** test/fixtures/all-shapes: the project using every navigation shape. */
export const ALL_SHAPES = fileURLToPath(new URL('../fixtures/all-shapes', import.meta.url));
/** test/fixtures/legacy-mint: a mint.json project. */
export const LEGACY_MINT = fileURLToPath(new URL('../fixtures/legacy-mint', import.meta.url));
/** The real-world fixture shared by the team (used in place, never copied into the repo). */
export const NOVU = fileURLToPath(new URL('../../../shared/fixtures/novu-docs', import.meta.url));

/** The smallest valid docs.json, plus `extra` keys. */
export function docsJson(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Test', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['index'] }, ...extra };
}

/** Writes a project into a new temp dir: strings and buffers as they are, other values as JSON. */
export function writeProject(files: Record<string, unknown>): string {
  const dir = tempDir('offprint-site-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    const data = typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content, null, 2);
    writeFileSync(join(dir, path), data);
  }
  return dir;
}

/** Runs `fn` and returns the AppError it throws (fails the test when it throws nothing or something else). */
export function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError, nothing was thrown');
}

/** The messages of an AppError's details. */
export function detailMessages(error: AppError): string[] {
  return error.details.map((d) => d.message);
}

/** Opens a runtime (migrated SQLite file, install defaults) on a new temp data dir. */
export function openTempRuntime(): Runtime {
  return openRuntime(tempDir('offprint-data-'), silentLogger());
}

/** A rendered page body with nothing in it but a paragraph: for tests that look at the page shell around it. */
export const BLANK_BODY: RenderedPage = {
  html: '<p>Body</p>',
  headings: [],
  unknownComponents: [],
  missingImports: [],
  assets: [],
  text: 'Body',
  frontmatter: {},
  warnings: [],
};

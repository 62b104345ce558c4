/**
 * How a staging thread hands its loaded build to the import: through a file beside the build folder,
 * read once the thread has exited. Posting the model as one message made V8 serialize all of it into
 * one growing buffer while the thread's heap was still alive, then copy it into the parent. The thread
 * writes pages a batch at a time as it loads them and keeps none (a 10,000-page project's pages, with the
 * garbage of making them, were two thirds of its heap), then the rest of the build; the parent reads the
 * file after the thread is gone, so the model exists once at any moment.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { OpenApiOperation, SitePage, SiteModel } from '../project/model.js';
import type { StagedBuild, StagedParts } from './stage.js';
import { StringPool } from './stringPool.js';

/** Pages per record: a record's buffer stays around half a megabyte on real pages. */
export const PAGES_PER_RECORD = 500;

/** A page as written: its OpenAPI operation named by key (the operation itself is written once, in its spec). */
type WrittenPage = SitePage & { readonly operationKey?: string };

/**
 * A record of the file: pages a batch at a time in model order (keyed by their own `path` when read
 * back), then the build without its pages, with the operations pages named by key that no spec of the
 * build lists as that very object.
 */
type HandoverRecord =
  | { readonly kind: 'pages'; readonly pages: readonly WrittenPage[] }
  | { readonly kind: 'build'; readonly staged: StagedParts; readonly operations: readonly OpenApiOperation[] };

/** The hand-over file of the build staged in `dir`: a sibling, named like it, swept like it. */
export function handoverFile(dir: string): string {
  return `${dir}.model`;
}

/** Writes a staged build to its hand-over file as it is loaded: {@link HandoverWriter.page}s, then {@link HandoverWriter.finish}. */
export interface HandoverWriter {
  /** Adds the next page of the model (written with the next full batch). */
  page(page: SitePage): void;
  /** Writes the last pages and the rest of the build, and closes the file. */
  finish(staged: StagedParts): void;
  /** Closes and deletes the file (a staging that failed). */
  discard(): void;
}

function writeRecord(fd: number, record: HandoverRecord): void {
  const body = serialize(record);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  writeSync(fd, head);
  writeSync(fd, body);
}

/** Opens `file` (replaced if it exists) for a build, {@link PAGES_PER_RECORD} pages (or `pagesPerRecord`) a record. */
export function openHandover(file: string, pagesPerRecord = PAGES_PER_RECORD): HandoverWriter {
  let fd: number | null = openSync(file, 'w');
  let batch: WrittenPage[] = [];
  // The operation object each key written stands for: the first one met; another object under the same
  // key (no spec of this loader makes one) travels inside its page instead.
  const named = new Map<string, OpenApiOperation>();
  const open = (): number => {
    if (fd === null) throw new Error('the hand-over file is closed');
    return fd;
  };
  const flush = (): void => {
    if (batch.length > 0) writeRecord(open(), { kind: 'pages', pages: batch });
    batch = [];
  };
  const close = (): void => {
    if (fd !== null) closeSync(fd);
    fd = null;
  };
  return {
    page(page) {
      const { operation, ...rest } = page;
      if (operation !== undefined && (named.get(operation.key) ?? operation) === operation) {
        named.set(operation.key, operation);
        batch.push({ ...rest, operationKey: operation.key });
      } else {
        batch.push(page);
      }
      if (batch.length >= pagesPerRecord) flush();
    },
    finish(staged) {
      flush();
      const listed = specOperations(staged.model.specs);
      const operations = [...named.values()].filter((op) => listed.get(op.key) !== op);
      writeRecord(open(), { kind: 'build', staged, operations });
      close();
    },
    discard() {
      close();
      rmSync(file, { force: true });
    },
  };
}

function specOperations(specs: SiteModel['specs']): Map<string, OpenApiOperation> {
  return new Map([...specs.values()].flatMap((spec) => spec.operations.map((op) => [op.key, op] as const)));
}

/** Reads `count` bytes at the file position, or null at the end of the file. */
function readExactly(fd: number, count: number): Buffer | null {
  const buffer = Buffer.alloc(count);
  let got = 0;
  while (got < count) {
    const read = readSync(fd, buffer, got, count - got, null);
    if (read === 0) break;
    got += read;
  }
  if (got === 0) return null;
  if (got < count) throw new Error('the staged build file is cut short');
  return buffer;
}

function* records(fd: number, strings: StringPool): Generator<HandoverRecord> {
  for (;;) {
    const head = readExactly(fd, 4);
    if (head === null) return;
    const body = readExactly(fd, head.readUInt32LE(0));
    if (body === null) throw new Error('the staged build file is cut short');
    // Written by openHandover in a thread of this process, from these types only.
    const record = deserialize(body) as HandoverRecord;
    strings.shareAll(record);
    yield record;
  }
}

function restore(page: WrittenPage, operations: ReadonlyMap<string, OpenApiOperation>): SitePage {
  if (page.operationKey === undefined) return page;
  const { operationKey, ...rest } = page;
  const operation = operations.get(operationKey);
  if (operation === undefined) throw new Error(`the staged build file names an unknown operation: ${operationKey}`);
  return { ...rest, operation };
}

/** Reads the build an {@link openHandover} writer wrote to `file`, then deletes the file. */
export function readStagedBuild(file: string): StagedBuild {
  const fd = openSync(file, 'r');
  try {
    const written = new Map<string, WrittenPage>();
    let build: Extract<HandoverRecord, { kind: 'build' }> | null = null;
    for (const record of records(fd, new StringPool())) {
      if (build !== null) throw new Error('the staged build file goes on after its build');
      if (record.kind === 'build') build = record;
      else for (const page of record.pages) written.set(page.path, page);
    }
    if (build === null) throw new Error('the staged build file is cut short: it ends before the build');
    const { staged } = build;
    const operations = specOperations(staged.model.specs);
    for (const op of build.operations) operations.set(op.key, op);
    const pages = new Map<string, SitePage>();
    for (const [path, page] of written) pages.set(path, restore(page, operations));
    return { ...staged, model: { ...staged.model, pages } };
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}

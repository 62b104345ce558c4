/**
 * How a staging thread hands its loaded build to the import: through a file beside the build folder,
 * read once the thread has exited. Posting the model as one message made V8 serialize all of it into
 * one growing buffer while the thread's heap was still alive, then copy it into the parent: a
 * 10,000-page import's RSS rose by ~35 MB for a quarter of a second, its highest point but one. Written
 * a batch of pages at a time and read after the thread is gone, the model exists once at any moment.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { OpenApiOperation, SitePage, SiteModel } from '../project/model.js';
import type { StagedBuild } from './stage.js';

/** Pages per record: a record's buffer stays around half a megabyte on real pages. */
export const PAGES_PER_RECORD = 500;

/** A page as written: its OpenAPI operation named by key (the operation itself is written once, in its spec). */
type WrittenPage = Omit<SitePage, 'operation'> & { readonly operationKey?: string };

/** A record of the file: the build without its pages first, then its pages a batch at a time, in model order. */
type HandoverRecord =
  | { readonly kind: 'pages'; readonly pages: readonly (readonly [string, WrittenPage])[] }
  | { readonly kind: 'build'; readonly staged: StagedBuild };

/** The hand-over file of the build staged in `dir`: a sibling, named like it, swept like it. */
export function handoverFile(dir: string): string {
  return `${dir}.model`;
}

function writeRecord(fd: number, record: HandoverRecord): void {
  const body = serialize(record);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length);
  writeSync(fd, head);
  writeSync(fd, body);
}

/** Writes `staged` to `file` (replaced if it exists), {@link PAGES_PER_RECORD} pages (or `pagesPerRecord`) a record. */
export function writeStagedBuild(file: string, staged: StagedBuild, pagesPerRecord = PAGES_PER_RECORD): void {
  const { model } = staged;
  // Operations reached from the specs are written there; a page names its own by key.
  const inSpecs = new Set<OpenApiOperation>([...model.specs.values()].flatMap((spec) => spec.operations));
  const fd = openSync(file, 'w');
  try {
    writeRecord(fd, { kind: 'build', staged: { ...staged, model: { ...model, pages: new Map() } } });
    let batch: [string, WrittenPage][] = [];
    for (const [path, page] of model.pages) {
      const { operation, ...rest } = page;
      batch.push([
        path,
        operation !== undefined && inSpecs.has(operation) ? { ...rest, operationKey: operation.key } : page,
      ]);
      if (batch.length < pagesPerRecord) continue;
      writeRecord(fd, { kind: 'pages', pages: batch });
      batch = [];
    }
    if (batch.length > 0) writeRecord(fd, { kind: 'pages', pages: batch });
  } finally {
    closeSync(fd);
  }
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

function* records(fd: number): Generator<HandoverRecord> {
  for (;;) {
    const head = readExactly(fd, 4);
    if (head === null) return;
    const body = readExactly(fd, head.readUInt32LE(0));
    if (body === null) throw new Error('the staged build file is cut short');
    // Written by writeStagedBuild in a thread of this process, from these types only.
    yield deserialize(body) as HandoverRecord;
  }
}

function restore(page: WrittenPage, operations: ReadonlyMap<string, OpenApiOperation>): SitePage {
  if (page.operationKey === undefined) return page;
  const { operationKey, ...rest } = page;
  const operation = operations.get(operationKey);
  if (operation === undefined) throw new Error(`the staged build file names an unknown operation: ${operationKey}`);
  return { ...rest, operation };
}

/** Reads the build {@link writeStagedBuild} wrote to `file`, then deletes the file. */
export function readStagedBuild(file: string): StagedBuild {
  const fd = openSync(file, 'r');
  try {
    const read = records(fd);
    const first = read.next();
    if (first.done === true || first.value.kind !== 'build')
      throw new Error('the staged build file does not start with the build');
    const { staged } = first.value;
    const operations = new Map(
      [...staged.model.specs.values()].flatMap((spec) => spec.operations.map((op) => [op.key, op] as const)),
    );
    const pages = new Map<string, SitePage>();
    for (const record of read) {
      if (record.kind !== 'pages') throw new Error('the staged build file holds a second build');
      for (const [path, page] of record.pages) pages.set(path, restore(page, operations));
    }
    const model: SiteModel = { ...staged.model, pages };
    return { ...staged, model };
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}

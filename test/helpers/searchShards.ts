/**
 * Test support for the sharded search index: build one in memory from search records, search it the
 * way the page does (counting the files a query loads), or write it as a bundle's script folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSearchShards, MemorySink, type ShardOptions } from '../../server/sites/search/shards.js';
import { searchIndexDir } from '../../server/sites/search/file.js';
import { createShardedSearch, type ShardedSearch } from '../../server/sites/theme/client/searchShards.js';
import { searchScript, type SearchDoc, type ShownDoc } from '../../server/sites/theme/searchFormat.js';

/** An index held in memory: its files by name (JSON text). */
export async function memoryShards(docs: Iterable<SearchDoc>, options?: ShardOptions): Promise<Map<string, string>> {
  const sink = new MemorySink();
  await buildSearchShards(docs, sink, options);
  return sink.files;
}

/** A search over in-memory files, with the names it loaded (each once). */
export function searchOver(files: ReadonlyMap<string, string>): { engine: ShardedSearch; loaded: string[] } {
  const loaded: string[] = [];
  const engine = createShardedSearch((name) => {
    loaded.push(name);
    const json = files.get(name);
    return json === undefined ? Promise.reject(new Error(`no ${name}`)) : Promise.resolve(JSON.parse(json));
  });
  return { engine, loaded };
}

/** Writes the files as a bundle does (`<name>.js` scripts) into `dir`. */
export function writeShardScripts(files: ReadonlyMap<string, string>, dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, json] of files) writeFileSync(join(dir, `${name}.js`), searchScript(name, json));
}

/** Every doc a build folder's stored index holds, in id order. */
export function storedDocs(rootDir: string): ShownDoc[] {
  const read = (name: string): unknown =>
    JSON.parse(readFileSync(join(searchIndexDir(rootDir), `${name}.json`), 'utf8'));
  const { docs, chunk } = read('manifest') as { docs: number; chunk: number };
  const out: ShownDoc[] = [];
  for (let j = 0; j * chunk < docs; j++) out.push(...(read(`d${j}`) as { docs: ShownDoc[] }).docs);
  return out;
}

/**
 * The manifest's file entries: each file's size and SHA-256 as its bytes are, read through one buffer
 * reused from file to file (a file shorter than the one before, empty, or an exact multiple of the read
 * size leaves nothing of another file in its digest), in the order the files are listed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeFile, describeFiles } from '../server/export/manifest.js';
import { writeProject } from './helpers/siteProjects.js';

const KB = 1024;

/** Contents of various sizes around the 64 KB read: the largest first, so later reads are shorter. */
const CONTENTS: Record<string, Buffer> = {
  'big/page.html': randomBytes(200 * KB + 7),
  'exact.bin': randomBytes(128 * KB),
  'one-more.bin': randomBytes(64 * KB + 1),
  'small.css': Buffer.from('body { margin: 0 }\n'),
  'empty.txt': Buffer.alloc(0),
  'deep/er/last.js': randomBytes(3 * KB),
};

const writeFiles = (): string => writeProject(CONTENTS);

const expected = (path: string): { path: string; size: number; sha256: string } => {
  const content = CONTENTS[path] ?? Buffer.alloc(0);
  return { path, size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
};

describe('the manifest entries of a bundle folder', () => {
  it('gives each file its own size and SHA-256, in the order listed, through one reused buffer', async () => {
    const dir = writeFiles();
    const paths = Object.keys(CONTENTS);
    const asked: string[] = [];
    const files = await describeFiles(dir, paths, (path) => asked.push(path));
    expect(files).toEqual(paths.map(expected));
    expect(asked).toEqual(paths);
    const reversed = [...paths].reverse();
    expect(await describeFiles(dir, reversed)).toEqual(reversed.map(expected));
  });

  it('describes one file alone, and stops at the check that runs before a file', async () => {
    const dir = writeFiles();
    expect(await describeFile(dir, 'one-more.bin')).toEqual(expected('one-more.bin'));
    const stop = new Error('over budget');
    await expect(
      describeFiles(dir, Object.keys(CONTENTS), (path) => {
        if (path === 'small.css') throw stop;
      }),
    ).rejects.toBe(stop);
  });

  it('fails on a file that is not there', async () => {
    await expect(describeFile(writeFiles(), 'missing.html')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

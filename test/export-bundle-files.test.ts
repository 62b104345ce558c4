/** Writing the bundle's files: nothing a site names may land outside the bundle folder, or be a name Windows refuses. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPortableFile, pageFile, writeBundleFile } from '../server/export/bundleFiles.js';

describe('writeBundleFile', () => {
  it('writes a file in its folders inside the bundle', () => {
    const bundleDir = join(mkdtempSync(join(tmpdir(), 'offprint-bundle-')), 'bundle');
    writeBundleFile(bundleDir, pageFile('/guides/v1..2/intro'), 'x');
    expect(readFileSync(join(bundleDir, 'guides', 'v1..2', 'intro.html'), 'utf8')).toBe('x');
  });

  it('refuses a file that would land outside the bundle, and writes nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'offprint-bundle-'));
    const bundleDir = join(root, 'work', 'bundle');
    for (const file of [pageFile('/../../escaped'), 'a/../../../escaped.html', 'a/./b.html', 'a\0b.html']) {
      expect(() => writeBundleFile(bundleDir, file, 'x'), file).toThrow(/outside the bundle|not a bundle file/);
    }
    expect(existsSync(join(root, 'escaped.html'))).toBe(false);
    expect(existsSync(join(root, 'work', 'escaped.html'))).toBe(false);
  });

  it('refuses a . or .. segment between backslashes, which Windows reads as separators', () => {
    const root = mkdtempSync(join(tmpdir(), 'offprint-bundle-'));
    const bundleDir = join(root, 'work', 'bundle');
    for (const file of ['a\\..\\..\\..\\escaped.html', 'a/..\\..\\escaped.html', 'a\\.\\b.html']) {
      expect(() => writeBundleFile(bundleDir, file, 'x'), file).toThrow(/outside the bundle|not a bundle file/);
    }
    expect(existsSync(bundleDir)).toBe(false);
  });
});

describe('isPortableFile', () => {
  it('accepts names every system unpacks', () => {
    for (const file of ['index.html', 'guides/v1..2/intro.html', 'guides/dot..html', 'con-tent.html', 'coms.html']) {
      expect(isPortableFile(file), file).toBe(true);
    }
  });

  it('refuses a segment Windows refuses, in any place of the path', () => {
    const refused = ['a:b.html', 'dir:x/page.html', 'g/lt<x>.html', 'g/q"x.html', 'g/p|x.html', 'g/q?x.html'];
    refused.push('g/star*.html', 'g/a\\b.html', 'g/tab\tx.html', 'dir./x.html', 'dir /x.html', 'g/x.html ');
    refused.push('aux.html', 'g/CON.html', 'g/com1.txt.html', 'g/LPT9.html', 'g/nul .html', 'prn/x.html');
    for (const file of refused) expect(isPortableFile(file), file).toBe(false);
  });
});

/** Safe zip extraction: hostile archives are refused before anything is written. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../server/bytes.js';
import { importLimits } from '../server/sites/import/limits.js';
import { extractZip, unsafeEntryName } from '../server/sites/import/zip.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { tempDir } from './helpers/dataDirs.js';
import { ALL_SHAPES, appErrorOf, detailMessages, docsJson } from './helpers/siteProjects.js';

const S_IFLNK = 0o120000;

/** A zip with a valid docs project plus whatever `tweak` adds. */
function buildZip(tweak: (zip: AdmZip) => void): AdmZip {
  const zip = new AdmZip();
  zip.addFile('docs.json', Buffer.from(JSON.stringify(docsJson())));
  zip.addFile('index.mdx', Buffer.from('---\ntitle: Home\n---\n'));
  tweak(zip);
  return zip;
}

/** Adds an entry, then forces its raw name (adm-zip's addFile would sanitise it). */
function addRaw(zip: AdmZip, name: string, content = 'x'): AdmZip.IZipEntry {
  const entry = zip.addFile('placeholder', Buffer.from(content));
  entry.entryName = name;
  return entry;
}

/** Writes `zip` into `<sandbox>/upload.zip` and extracts it into `<sandbox>/target`. */
function attempt(zip: AdmZip, limits = importLimits()) {
  const sandbox = tempDir('offprint-zip-');
  const file = join(sandbox, 'upload.zip');
  writeFileSync(file, zip.toBuffer());
  const target = join(sandbox, 'target');
  const run = () => extractZip(file, target, limits, 'upload.zip');
  return { sandbox, target, run };
}

/** Asserts the extraction is refused with `message`, and that nothing was written anywhere. */
function expectRefused(zip: AdmZip, message: string, limits = importLimits()): void {
  const { sandbox, target, run } = attempt(zip, limits);
  const error = appErrorOf(run);
  expect(error.status).toBe(400);
  expect(detailMessages(error)).toEqual([`upload.zip: ${message}`]);
  expect(existsSync(target)).toBe(false);
  expect(readdirSync(sandbox)).toEqual(['upload.zip']);
}

describe('hostile zips', () => {
  it('refuses entries that climb out of the target', () => {
    expectRefused(
      buildZip((z) => addRaw(z, '../x')),
      'entry "../x" contains ".."',
    );
    expectRefused(
      buildZip((z) => addRaw(z, 'docs/../../x.mdx')),
      'entry "docs/../../x.mdx" contains ".."',
    );
  });

  it('refuses absolute paths, drive letters and backslashes', () => {
    expectRefused(
      buildZip((z) => addRaw(z, '/tmp/offprint-evil.txt')),
      'entry "/tmp/offprint-evil.txt" is an absolute path',
    );
    expectRefused(
      buildZip((z) => addRaw(z, 'C:/evil.txt')),
      'entry "C:/evil.txt" starts with a drive letter',
    );
    expectRefused(
      buildZip((z) => addRaw(z, 'images\\..\\..\\evil.txt')),
      'entry "images\\..\\..\\evil.txt" contains a backslash',
    );
    expect(existsSync('/tmp/offprint-evil.txt')).toBe(false);
  });

  it('refuses a drive letter at the start of a name inside the wrapping folder the project is unpacked from', () => {
    const zip = new AdmZip();
    zip.addFile('docs-main/docs.json', Buffer.from(JSON.stringify(docsJson())));
    zip.addFile('docs-main/index.mdx', Buffer.from('# Home\n'));
    addRaw(zip, 'docs-main/C:/x.mdx', '# X\n');
    expectRefused(zip, 'entry "docs-main/C:/x.mdx" starts with a drive letter');
  });

  it('refuses symbolic links (unix mode in the external attributes)', () => {
    expectRefused(
      buildZip((z) => {
        const link = z.addFile('images/passwd.png', Buffer.from('/etc/passwd'));
        link.attr = ((S_IFLNK | 0o777) << 16) >>> 0;
      }),
      'entry "images/passwd.png" is a symbolic link',
    );
  });

  it('refuses names equal but for case or Unicode normalization', () => {
    expectRefused(
      buildZip((z) => {
        z.addFile('caf\u00e9.mdx', Buffer.from('x'));
        z.addFile('Cafe\u0301.mdx', Buffer.from('y'));
      }),
      'entry "Cafe\u0301.mdx" appears twice',
    );
  });

  it('refuses more entries than allowed', () => {
    const zip = buildZip((z) => {
      for (let i = 0; i < 9; i++) z.addFile(`page-${i}.mdx`, Buffer.from('x'));
    });
    expectRefused(zip, 'it has 11 entries, more than the 10 allowed', importLimits({ maxEntries: 10 }));
  });

  it('refuses an entry with a bomb-like compression ratio, and too much data in total', () => {
    const zeros = Buffer.alloc(512 * 1024);
    const bomb = buildZip((z) => z.addFile('images/huge.png', zeros));
    // Entries are compressed when the zip is written: read the size back from the bytes.
    const compressed = new AdmZip(bomb.toBuffer()).getEntry('images/huge.png')?.header.compressedSize ?? 0;
    expect(compressed).toBeGreaterThan(0);
    expect(compressed).toBeLessThan(zeros.length / 100);
    expectRefused(
      bomb,
      `entry "images/huge.png" expands ${Math.round(zeros.length / compressed)}x (${formatBytes(compressed)} -> 512 KB), more than the 100x allowed`,
      importLimits({ maxRatio: 100, ratioMinBytes: 64 * 1024 }),
    );
    expectRefused(
      buildZip((z) => z.addFile('images/big.png', zeros)),
      'its files add up to more than the 256 KB allowed',
      importLimits({ maxTotalBytes: 256 * 1024, maxRatio: 100_000, maxArchiveRatio: 100_000 }),
    );
  });

  it('refuses a file that is not a zip, and a zip larger than allowed', () => {
    const sandbox = tempDir();
    const file = join(sandbox, 'fake.zip');
    writeFileSync(file, 'PK\u0003\u0004 but not really a zip');
    expect(appErrorOf(() => extractZip(file, join(sandbox, 't'), importLimits(), 'fake.zip')).message).toMatch(
      /^The zip cannot be imported: not a readable zip file/,
    );
    const { run } = attempt(
      buildZip(() => undefined),
      importLimits({ maxZipBytes: 100 }),
    );
    expect(appErrorOf(run).message).toMatch(
      /^The zip cannot be imported: the zip is \d+ bytes, more than the 100 bytes allowed$/,
    );
  });

  it('names unsafe entry names precisely', () => {
    expect(unsafeEntryName('a/b.mdx')).toBeUndefined();
    expect(unsafeEntryName('a/..b/c..d.mdx')).toBeUndefined();
    expect(unsafeEntryName('a\u0000b')).toBe('contains a NUL byte');
  });
});

describe('valid zips', () => {
  it('extracts a project, also from inside a single wrapping folder, skipping macOS junk', () => {
    const zip = new AdmZip();
    zip.addLocalFolder(ALL_SHAPES, 'shapes-main');
    zip.addFile('__MACOSX/shapes-main/._docs.json', Buffer.from('junk'));
    const { target, run } = attempt(zip);
    const result = run();
    expect(result.strippedPrefix).toBe('shapes-main');
    expect(existsSync(join(target, '__MACOSX'))).toBe(false);
    expect(readFileSync(join(target, 'docs.json'), 'utf8')).toBe(readFileSync(join(ALL_SHAPES, 'docs.json'), 'utf8'));
    const fromZip = loadSiteProject(target);
    const fromFolder = loadSiteProject(ALL_SHAPES);
    expect(fromZip.navigation).toEqual(fromFolder.navigation);
    expect([...fromZip.pages.keys()]).toEqual([...fromFolder.pages.keys()]);
  });

  it('unpacks only the project of a repository zip, from the folder that holds its config', () => {
    const zip = new AdmZip();
    zip.addLocalFolder(ALL_SHAPES, 'tool-main/docs');
    zip.addFile('tool-main/CONTRIBUTING.md', Buffer.from('# Contributing'));
    zip.addFile('tool-main/src/index.ts', Buffer.from('export {};'));
    // Not where a project is looked for: a package's own files, and anything deeper than three folders.
    zip.addFile('tool-main/node_modules/pkg/docs.json', Buffer.from('{}'));
    zip.addFile('tool-main/a/b/c/d/docs.json', Buffer.from('{}'));
    const { target, run } = attempt(zip);
    expect(run().strippedPrefix).toBe('tool-main/docs');
    expect(readFileSync(join(target, 'docs.json'), 'utf8')).toBe(readFileSync(join(ALL_SHAPES, 'docs.json'), 'utf8'));
    expect(existsSync(join(target, 'src'))).toBe(false);
    expect(existsSync(join(target, 'CONTRIBUTING.md'))).toBe(false);
    expect([...loadSiteProject(target).pages.keys()]).toEqual([...loadSiteProject(ALL_SHAPES).pages.keys()]);
  });
});

describe('zips without one project', () => {
  it('names the folders of several projects at the same depth instead of picking one', () => {
    const zip = new AdmZip();
    zip.addLocalFolder(ALL_SHAPES, 'site/v1');
    zip.addLocalFolder(ALL_SHAPES, 'site/v2');
    expectRefused(zip, 'docs.json or mint.json in site/v1/, site/v2/; import one of them on its own');
  });

  it('says where it looked when no folder has a config', () => {
    const zip = new AdmZip();
    zip.addFile('notes/index.mdx', Buffer.from('---\ntitle: Home\n---\n'));
    zip.addFile('node_modules/pkg/docs.json', Buffer.from('{}'));
    expectRefused(zip, 'no docs.json or mint.json at its root, nor in its folders 3 levels down');
  });
});

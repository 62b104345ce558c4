/**
 * `offprint verify` on a real exported bundle and on tampered copies of it: a changed byte, an extra or
 * missing file, an entry escaping the folder, a symbolic link, and references leaving the bundle.
 */
import AdmZip from 'adm-zip';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { referenceProblem, verifyBundle } from '../server/export/verify.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { AIR_GAPPED, exportFixture, exportOnce, importExportFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

interface Manifest {
  files: { path: string; size: number; sha256: string }[];
}

needsChromium().describe('offprint verify', () => {
  let bundle: string;
  const dir = tempDir('offprint-verify-');
  let n = 0;

  /** A copy of the bundle changed by `change`, written with adm-zip. */
  const tampered = (change: (zip: AdmZip) => void): string => {
    const zip = new AdmZip(bundle);
    change(zip);
    const file = join(dir, `tampered-${++n}.zip`);
    zip.writeZip(file);
    return file;
  };

  beforeAll(async () => {
    const site = await importExportFixture(exportFixture());
    const { outFile } = await exportOnce(site, {
      options: { ...AIR_GAPPED, paths: ['/', '/guides/intro', '/extras/diagram', '/extras/links'] },
    });
    bundle = outFile;
  }, 60_000);

  it('accepts the bundle as exported (exit code 0)', async () => {
    expect(await verifyBundle(bundle)).toMatchObject({ ok: true, problems: [], pages: 4 });
    const run = await cli(['verify', bundle, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true, problems: [] });
  });

  it('catches a changed byte (exit code 1, naming the file)', async () => {
    const file = tampered((zip) => {
      const html = zip.readAsText('guides/intro.html');
      zip.updateFile('guides/intro.html', Buffer.from(html.replace('Introduction', 'Introductioo')));
    });
    expect((await verifyBundle(file)).problems).toEqual([
      'guides/intro.html does not match its SHA-256 in the manifest',
    ]);
    const run = await cli(['verify', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('guides/intro.html does not match its SHA-256 in the manifest');
  });

  it('catches an extra file and a missing one', async () => {
    const file = tampered((zip) => {
      zip.addFile('extra.txt', Buffer.from('not in the manifest'));
      zip.deleteFile('robots.txt');
    });
    expect((await verifyBundle(file)).problems.sort()).toEqual([
      'extra.txt is in the bundle but not in the manifest',
      'robots.txt is in the manifest but not in the bundle',
    ]);
  });

  it('catches an entry that would escape the folder, and a symbolic link', async () => {
    const zip = new AdmZip(bundle);
    zip.addFile('zz/evil.txt', Buffer.from('escape'));
    // adm-zip refuses to write ".." itself: the name is patched (same length) in the local and central headers.
    const escaped = Buffer.from(zip.toBuffer().toString('latin1').split('zz/evil.txt').join('../evil.txt'), 'latin1');
    const file = join(dir, 'escape.zip');
    writeFileSync(file, escaped);
    expect((await verifyBundle(file)).problems).toContain(
      'entry "../evil.txt" contains "..": it would escape the bundle folder',
    );
    const link = new AdmZip();
    link.addFile('link', Buffer.from('/etc/passwd'));
    const entry = link.getEntry('link');
    if (entry === null) throw new Error('no entry');
    entry.header.attr = (0o120777 << 16) >>> 0;
    const linkFile = join(dir, 'link.zip');
    link.writeZip(linkFile);
    expect((await verifyBundle(linkFile)).problems).toContain('entry "link" is a symbolic link');
  });

  it('catches references to missing files, absolute paths and resources from outside', async () => {
    const file = tampered((zip) => {
      const html = zip
        .readAsText('index.html')
        .replace(
          '</body>',
          '<img src="_assets/nope.png"><script src="https://cdn.example.com/x.js"></script><a href="/guides/intro">x</a></body>',
        );
      zip.updateFile('index.html', Buffer.from(html));
      // The manifest is updated too: only the references are wrong.
      const manifest = JSON.parse(zip.readAsText('manifest.json')) as Manifest;
      const described = manifest.files.find((f) => f.path === 'index.html');
      if (described === undefined) throw new Error('index.html not described');
      described.size = Buffer.byteLength(html);
      described.sha256 = createHash('sha256').update(html).digest('hex');
      zip.updateFile('manifest.json', Buffer.from(JSON.stringify(manifest)));
    });
    expect((await verifyBundle(file)).problems.sort()).toEqual([
      'index.html loads https://cdn.example.com/x.js from outside the bundle',
      'index.html refers to /guides/intro by an absolute path (breaks when opened from disk)',
      'index.html refers to _assets/nope.png, which is not in the bundle',
      // The manifest was edited without signing it again: the signature says so too.
      'the signature does not match manifest.json: the manifest or manifest.json.sig was altered',
    ]);
  });

  it('says what a reference is allowed to be', () => {
    const files = new Set(['index.html', 'guides/a.html', '_assets/x.css']);
    expect(referenceProblem('#top', 'link', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('mailto:a@b.c', 'link', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('data:image/png;base64,AA', 'resource', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('https://example.com/', 'link', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('../index.html#x', 'link', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('../_assets/x.css', 'resource', 'guides/a.html', files)).toBeNull();
    expect(referenceProblem('//cdn.example.com/a.js', 'resource', 'guides/a.html', files)).toMatch(/outside/);
    expect(referenceProblem('../../etc/passwd', 'link', 'guides/a.html', files)).toMatch(/outside the bundle/);
    expect(referenceProblem('javascript:alert(1)', 'link', 'guides/a.html', files)).toMatch(/not a bundle file/);
    expect(referenceProblem('./', 'link', 'guides/a.html', files)).toMatch(/not in the bundle/);
  });

  it('refuses what is not a zip', async () => {
    const file = join(dir, 'not.zip');
    writeFileSync(file, readFileSync(bundle).subarray(0, 100));
    expect((await verifyBundle(file)).ok).toBe(false);
  });
});

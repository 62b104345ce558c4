/**
 * Every `offprint` command that reads a file or folder it is given (a bundle, a delta, an NDJSON file, a
 * docs folder or zip, a public key) refuses one that does not exist, or a folder where a file is expected,
 * in the same words before doing anything: the path as it resolved, what was expected, exit code 2 and the
 * command's help, nothing on stdout.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { helpHint, listProjects } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';

describe('a file that does not exist', () => {
  it('reads the same in every command that takes a path', async () => {
    const dataDir = tempDir();
    const d = ['--data-dir', dataDir];
    const [sample] = await listProjects(dataDir);
    const project = sample?.projectId ?? '';
    const gone = join(tempDir(), 'gone');
    const noFile = (command: string, path = gone, flagName = ''): string =>
      `offprint: ${flagName}no such file: ${path}\n${helpHint(command)}`;
    const noSource = (command: string, flagName = ''): string =>
      `offprint: ${flagName}no such file or folder: ${gone}\n${helpHint(command)}`;
    const cases: [string[], string][] = [
      [['preview', gone], noFile('preview')],
      [['preview', gone, '--json'], noFile('preview')],
      [['verify', gone], noFile('verify')],
      [['verify', gone, '--json'], noFile('verify')],
      [['diff', gone, dataDir], noFile('diff')],
      [['delta', gone, gone, '--out', join(dataDir, 'd.zip')], noFile('delta')],
      [['apply', gone, gone, '--out', join(dataDir, 'n.zip')], noFile('apply')],
      [['feedback', 'import', '--project', project, gone], noFile('feedback')],
      [['feedback', 'import', '--project', project, gone, '--json'], noFile('feedback')],
      [['sites', 'import', '--project', project, gone], noSource('sites')],
      [
        ['projects', 'create', '--name', 'N', '--domain', 'n.example', '--source', gone],
        noSource('projects', '--source: '),
      ],
      [['pack', gone, '--out', join(dataDir, 'p.zip')], noSource('pack')],
      [['verify', join(dataDir, 'x.zip'), '--public-key', gone], noFile('verify', gone, '--public-key: ')],
    ];
    for (const [args, stderr] of cases) {
      expect({ args, ...(await cli([...args, ...d])) }).toEqual({ args, code: 2, stdout: '', stderr });
    }
    // Nothing was created by the refused `projects create`.
    expect((await listProjects(dataDir)).map((p) => p.domain)).toEqual(['sample-docs.localhost']);
  });

  it('refuses a folder where a file is expected, in the same words', async () => {
    const dataDir = tempDir();
    const folder = join(tempDir(), 'a-folder');
    mkdirSync(folder);
    const [sample] = await listProjects(dataDir);
    const isFolder = (command: string): string => `offprint: ${folder} is a folder, not a file\n${helpHint(command)}`;
    const cases: [string[], string][] = [
      [['verify', folder], isFolder('verify')],
      [['preview', folder], isFolder('preview')],
      [['feedback', 'import', '--project', sample?.projectId ?? '', folder], isFolder('feedback')],
    ];
    for (const [args, stderr] of cases) {
      expect({ args, ...(await cli([...args, '--data-dir', dataDir])) }).toEqual({ args, code: 2, stdout: '', stderr });
    }
  });

  it('refuses an --out whose folder does not exist, in the same words, before any work', async () => {
    const dataDir = tempDir();
    const site = tempDir();
    const zip = join(site, 'docs.json');
    writeFileSync(zip, '{}');
    const nowhere = join(tempDir(), 'no-such-folder');
    const cannot = (command: string): string =>
      `offprint: --out: cannot write a file in ${nowhere}: no such folder\n${helpHint(command)}`;
    const cases: [string[], string][] = [
      [['signing-key', 'export', '--out', join(nowhere, 'k.pem')], cannot('signing-key')],
      [['pack', site, '--out', join(nowhere, 'p.zip')], cannot('pack')],
      [['export', '--domain', 'sample-docs.localhost', '--out', join(nowhere, 'x.zip')], cannot('export')],
      [['delta', zip, zip, '--out', join(nowhere, 'd.zip')], cannot('delta')],
      [['apply', zip, zip, '--out', join(nowhere, 'n.zip')], cannot('apply')],
    ];
    for (const [args, stderr] of cases) {
      expect({ args, ...(await cli([...args, '--data-dir', dataDir])) }).toEqual({ args, code: 2, stdout: '', stderr });
    }
  });
});

/** Importing sites into a data dir: atomic re-import, folder and zip sources, CLI commands. */
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, describe, expect, it } from 'vitest';
import { findSite } from '../server/db/sites.js';
import { ulid } from '../server/domain/ids.js';
import { createProject, defaultOrganizationId, listAllProjects } from '../server/domain/organizations.js';
import { createProjectWithSite } from '../server/domain/projectWithSite.js';
import { getCurrentSite, importSite, sitesRoot } from '../server/domain/sites.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import {
  ALL_SHAPES,
  appErrorOf,
  docsJson,
  LEGACY_MINT,
  openTempRuntime,
  writeProject,
} from './helpers/siteProjects.js';

const rt = openTempRuntime();
afterAll(() => rt.close());
/** A new project without a site. */
const newProject = (domain: string): string =>
  createProject(rt, { orgId: defaultOrganizationId(rt), name: domain, domain }).id;

/** Build folders of a project, as on disk. */
const builds = (projectId: string): string[] => readdirSync(join(sitesRoot(rt.dataDir), projectId)).sort();

function zipOf(folder: string): string {
  const zip = new AdmZip();
  zip.addLocalFolder(folder);
  const file = join(tempDir(), 'site.zip');
  zip.writeZip(file);
  return file;
}

describe('importSite', () => {
  it('imports a folder, then atomically replaces it; failed re-imports leave the old build serving', () => {
    const projectId = newProject('a.localhost');
    expect(getCurrentSite(rt, projectId)).toBeNull();

    const first = importSite(rt, projectId, ALL_SHAPES);
    expect(first.previousBuildId).toBeNull();
    expect(builds(projectId)).toEqual([first.buildId]);
    const current = getCurrentSite(rt, projectId);
    expect(current?.buildId).toBe(first.buildId);
    expect(current?.model.counts.pages).toBe(24);
    // Cached per build: the same model object until the build changes.
    expect(getCurrentSite(rt, projectId)?.model).toBe(current?.model);
    expect(findSite(rt.db, projectId)).toMatchObject({
      sourceKind: 'folder',
      sourcePath: ALL_SHAPES,
      pageCount: 24,
      problemCount: 4,
    });

    // A broken config, a hostile zip and a missing source: each refused, nothing changes or stays behind.
    const broken = writeProject({ 'docs.json': '{ "name": ' });
    const hostile = new AdmZip();
    hostile.addFile('docs.json', Buffer.from(JSON.stringify(docsJson())));
    hostile.addFile('placeholder', Buffer.from('x')).entryName = '../../escape.mdx';
    const hostileFile = join(tempDir(), 'hostile.zip');
    hostile.writeZip(hostileFile);
    for (const source of [broken, hostileFile, join(tempDir(), 'missing')]) {
      expect(appErrorOf(() => importSite(rt, projectId, source)).status).toBe(400);
      expect(getCurrentSite(rt, projectId)?.buildId).toBe(first.buildId);
      expect(builds(projectId)).toEqual([first.buildId]);
    }
    expect(existsSync(join(rt.dataDir, 'sites', 'escape.mdx'))).toBe(false);
    expect(existsSync(join(rt.dataDir, 'escape.mdx'))).toBe(false);

    // A good re-import switches the row and deletes the previous build's folder.
    const second = importSite(rt, projectId, LEGACY_MINT);
    expect(second.previousBuildId).toBe(first.buildId);
    expect(builds(projectId)).toEqual([second.buildId]);
    const replaced = getCurrentSite(rt, projectId);
    expect(replaced?.buildId).toBe(second.buildId);
    expect(replaced?.model.configFile).toBe('mint.json');
    expect(replaced?.rootDir).toBe(join(rt.dataDir, 'sites', projectId, second.buildId));
  });

  it('deletes leftovers of crashed imports, but not a build another import may still be writing', () => {
    const projectId = newProject('leftovers.localhost');
    const crashed = ulid(Date.now() - 2 * 60 * 60 * 1000);
    const running = ulid(Date.now());
    for (const build of [crashed, running])
      mkdirSync(join(sitesRoot(rt.dataDir), projectId, build), { recursive: true });
    const imported = importSite(rt, projectId, LEGACY_MINT);
    expect(builds(projectId)).toEqual([imported.buildId, running].sort());
  });

  it('imports a zip the same way as the folder it was made from', () => {
    const id = newProject('zip.localhost');
    const fromZip = importSite(rt, id, zipOf(ALL_SHAPES));
    expect(findSite(rt.db, id)).toMatchObject({ sourceKind: 'zip', buildId: fromZip.buildId });
    const fromFolder = loadSiteProject(ALL_SHAPES);
    expect([...fromZip.model.pages.keys()]).toEqual([...fromFolder.pages.keys()]);
    expect(fromZip.model.navigation).toEqual(fromFolder.navigation);
    expect(getCurrentSite(rt, id)?.model).toBe(fromZip.model);
  });

  it('imports a repository folder from the folder that holds its docs, and only that folder', () => {
    const repo = writeProject({
      'package.json': '{}',
      'src/index.ts': 'export {};',
      'node_modules/pkg/docs.json': '{}',
      '.github/docs.json': '{}',
      'docs/docs.json': docsJson(),
      'docs/index.mdx': '---\ntitle: Home\n---\n',
    });
    const imported = importSite(rt, newProject('repo.localhost'), repo);
    expect(imported.projectFolder).toBe('docs');
    expect([...imported.model.pages.keys()]).toEqual(['index']);
    expect(existsSync(join(imported.model.rootDir, 'src'))).toBe(false);
    expect(existsSync(join(imported.model.rootDir, 'package.json'))).toBe(false);
  });

  it('skips symbolic links of a folder source and refuses unknown projects', () => {
    const dir = writeProject({ 'docs.json': docsJson(), 'index.mdx': '---\ntitle: Home\n---\n' });
    symlinkSync('/etc/passwd', join(dir, 'passwd.png'));
    const imported = importSite(rt, newProject('links.localhost'), dir);
    expect(imported.skippedLinks).toEqual(['passwd.png']);
    expect(existsSync(join(imported.model.rootDir, 'passwd.png'))).toBe(false);
    expect(appErrorOf(() => importSite(rt, 'prj_missing', dir)).status).toBe(404);
    expect(existsSync(join(sitesRoot(rt.dataDir), 'prj_missing'))).toBe(false);
  });

  it('refuses a folder whose project holds a file or folder named with a drive letter, as a zip entry is', () => {
    // Its pages would be bundle files named C:/x.html, which the bundle's zip writer refuses as absolute.
    const dir = writeProject({ 'docs.json': docsJson(), 'index.mdx': '# Home\n', 'C:/x.mdx': '# X\n' });
    const id = newProject('drive.localhost');
    const error = appErrorOf(() => importSite(rt, id, dir));
    expect(error.status).toBe(400);
    expect(error.message).toBe('The folder cannot be imported: "C:" starts with a drive letter');
    expect(findSite(rt.db, id)).toBeUndefined();
  });

  it('refuses a non-zip file and a folder holding the data dir, leaving no folder behind', () => {
    const id = newProject('refused.localhost');
    const text = join(tempDir(), 'notes.txt');
    writeFileSync(text, 'hello');
    expect(appErrorOf(() => importSite(rt, id, text)).message).toBe('The site source must be a folder or a .zip file');
    expect(appErrorOf(() => importSite(rt, id, rt.dataDir)).message).toBe(
      'The site source contains the data directory',
    );
  });

  it('creates a project with its site in one step, or not at all', () => {
    const before = listAllProjects(rt).length;
    const broken = writeProject({ 'docs.json': docsJson({ colors: {} }) });
    const input = { orgId: defaultOrganizationId(rt), name: 'B', domain: 'b.localhost' };
    expect(appErrorOf(() => createProjectWithSite(rt, input, broken)).status).toBe(400);
    expect(listAllProjects(rt).length).toBe(before);
    expect(readdirSync(join(sitesRoot(rt.dataDir), '.staging'))).toEqual([]);

    const { project: created, imported } = createProjectWithSite(rt, input, ALL_SHAPES);
    expect(getCurrentSite(rt, created.id)?.buildId).toBe(imported.buildId);
    expect(imported.model.rootDir).toBe(join(rt.dataDir, 'sites', created.id, imported.buildId));
    expect(existsSync(join(imported.model.rootDir, 'docs.json'))).toBe(true);
    // The domain is taken now: refused before anything is copied.
    expect(appErrorOf(() => createProjectWithSite(rt, input, ALL_SHAPES)).message).toBe('Domain is already in use');
    expect(readdirSync(join(sitesRoot(rt.dataDir), '.staging'))).toEqual([]);
  });
});

describe('CLI', () => {
  it('offprint sites import prints a summary, or JSON', async () => {
    const dataDir = tempDir();
    const created = await cli([
      'projects',
      'create',
      '--data-dir',
      dataDir,
      '--name',
      'C',
      '--domain',
      'c.localhost',
      '--json',
    ]);
    const { projectId } = JSON.parse(created.stdout) as { projectId: string };
    const json = await cli(['sites', 'import', '--data-dir', dataDir, '--project', projectId, '--json', ALL_SHAPES]);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(parsed).toEqual({
      projectId,
      buildId: expect.stringMatching(/^[0-9A-Z]{26}$/) as unknown,
      pages: 24,
      problems: 4,
      problemList: expect.any(Array) as unknown,
      // No server runs on this data dir: no URL to open yet.
      siteUrl: null,
    });
    const listed = parsed['problemList'] as { code: string; file: string; message: string }[];
    expect(listed).toHaveLength(4);
    for (const problem of listed) expect(Object.keys(problem).sort()).toEqual(['code', 'file', 'message']);

    const text = await cli(['sites', 'import', '--data-dir', dataDir, '--project', projectId, LEGACY_MINT]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^Imported the site of prj_\w+ \(build \w+, from mint\.json\): 6 pages \(6 in the navigation, 0 reachable by URL only\), 0 redirects\n/,
    );
    // The fixture's mint.json `analytics.ga4` becomes an integration: the summary names it as not loaded.
    expect(text.stdout.split('\n').slice(1)).toEqual([
      'Scripts the site asks for, loaded only if named in the allowedScripts setting (offprint settings set allowedScripts NAME,...): ga4',
      'No problems found.',
      // No server runs on this data dir: where the URL will be found.
      'The site is served by `offprint serve` (see `offprint projects list` for its URL).',
      '',
    ]);

    // One problem is "1 problem", not "1 problems".
    const one = writeProject({ 'docs.json': docsJson({ filterSidebar: true }), 'index.mdx': '# Home\n' });
    const single = await cli(['sites', 'import', '--data-dir', dataDir, '--project', projectId, one]);
    expect(single.stdout.split('\n')).toContain('1 problem (unknown-config 1):');

    const bad = await cli([
      'sites',
      'import',
      '--data-dir',
      dataDir,
      '--project',
      projectId,
      writeProject({ 'docs.json': docsJson({ theme: 7 }) }),
    ]);
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'offprint: docs.json is not a valid docs configuration: docs.json: theme: must be a string, found number 7\n' +
        '  - docs.json: theme: must be a string, found number 7\n',
    });
    const usage = await cli(['sites', 'import', '--data-dir', dataDir, ALL_SHAPES]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--project ID is required');
  });

  it('counts the problems behind summary entries ("and 20 more broken links in this file") in its totals', async () => {
    // 150 broken links: a.mdx's 30 (10 listed, one entry for 20), 9 pages' 10 each, then one entry for the
    // last 3 pages' 30; 25 unknown config keys (20 named, one entry for 5); 22 unknown icons (20, one for 2).
    const files: Record<string, unknown> = {};
    const links = (page: string, n: number) =>
      Array.from({ length: n }, (_, i) => `- [${i}](/${page}-gone-${i})`).join('\n');
    files['a.mdx'] = `---\ntitle: A\n---\n\n${links('a', 30)}\n`;
    const others = Array.from({ length: 12 }, (_, i) => `b${String(i + 1).padStart(2, '0')}`);
    for (const page of others) files[`${page}.mdx`] = `---\ntitle: ${page}\n---\n\n${links(page, 10)}\n`;
    const icons = Array.from({ length: 22 }, (_, i) => `<Icon icon="no-such-icon-${i}" />`).join('\n');
    files['index.mdx'] = `---\ntitle: Home\n---\n\n${icons}\n`;
    const unknownKeys = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`zzUnknownKey${i}`, true]));
    files['docs.json'] = docsJson({ ...unknownKeys, navigation: { pages: ['index', 'a', ...others] } });
    const source = writeProject(files);

    const dataDir = tempDir();
    const created = await cli([
      ...['projects', 'create', '--data-dir', dataDir, '--name', 'E', '--domain', 'e.localhost'],
      ...['--source', source],
    ]);
    expect(created.code).toBe(0);
    const lines = created.stdout.split('\n');
    expect(lines).toContain('197 problems (unknown-config 25, unknown-icon 22, broken-link 150):');
    // The 20 lines shown are the 20 named keys: 177 problems are left.
    expect(lines).toContain('  ... and 177 more');

    const projectId = /prj_\w+/.exec(created.stdout)?.[0] ?? '';
    const json = await cli(['sites', 'import', '--data-dir', dataDir, '--project', projectId, '--json', source]);
    const parsed = JSON.parse(json.stdout) as {
      problems: number;
      problemList: { code: string; message: string; count?: number }[];
    };
    expect(parsed.problems).toBe(197);
    // Only summary entries carry a count, and the listed entries stand for every problem.
    expect(parsed.problemList.filter((p) => p.count !== undefined).map((p) => [p.code, p.count, p.message])).toEqual([
      ['unknown-config', 5, 'and 5 more keys that are not docs.json settings Offprint knows; ignored'],
      ['unknown-icon', 2, 'and 2 more icon names no shipped icon set has'],
      ['broken-link', 20, 'and 20 more broken links in this file'],
      ['broken-link', 30, 'and 30 more broken links in 3 more files, this one and those after it'],
    ]);
    expect(parsed.problemList.reduce((n, p) => n + (p.count ?? 1), 0)).toBe(197);
  });

  it('says which folder of the source the project came from', async () => {
    const repo = writeProject({ 'docs/docs.json': docsJson(), 'docs/index.mdx': '---\ntitle: Home\n---\n' });
    const created = await cli([
      ...['projects', 'create', '--data-dir', tempDir(), '--name', 'R', '--domain', 'r.localhost'],
      ...['--source', repo],
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^Imported the site of prj_\w+ \(build \w+, from docs\/docs\.json\): 1 page \(/m);
  });

  it('offprint projects create --source creates and imports, or leaves nothing behind', async () => {
    const dataDir = tempDir();
    const failed = await cli([
      'projects',
      'create',
      '--data-dir',
      dataDir,
      '--name',
      'D',
      '--domain',
      'd.localhost',
      '--source',
      join(dataDir, 'nope'),
    ]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`--source: no such file or folder: ${join(dataDir, 'nope')}`);
    const list = await cli(['projects', 'list', '--data-dir', dataDir, '--json']);
    expect((JSON.parse(list.stdout) as { projects: { domain: string }[] }).projects.map((p) => p.domain)).toEqual([
      'sample-docs.localhost',
    ]);

    const ok = await cli([
      'projects',
      'create',
      '--data-dir',
      dataDir,
      '--name',
      'D',
      '--domain',
      'd.localhost',
      '--source',
      zipOf(ALL_SHAPES),
      '--json',
    ]);
    expect(ok.code).toBe(0);
    const { projectId, buildId, pages, problems } = JSON.parse(ok.stdout) as Record<string, unknown>;
    expect([pages, problems]).toEqual([24, 4]);
    expect(readdirSync(join(dataDir, 'sites', String(projectId)))).toEqual([buildId]);
  });
});

/**
 * What the desktop app's native dialogs lead to (main/desktopActions.ts), against a real running
 * Offprint: an import from a picked folder or zip serves the new site at once; a cancelled dialog does
 * nothing; a bad request from the page is refused before a dialog opens; "Save to..." copies a
 * completed export's bundle byte for byte and leaves no partial file. The dialogs are the only fake:
 * Electron's are not here, and they only return a path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { pino } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import { importSiteFromPicker, saveBundleToPicked, type NativeDialogs } from '../main/desktopActions.js';
import { findExportJob } from '../server/db/exportJobs.js';
import { listProjects } from '../server/db/projects.js';
import { startExportJob } from '../server/domain/exports/jobs.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { startOffprint, type RunningOffprint } from '../server/host.js';
import { lazyPlaywrightBackend } from '../server/jobs/backend.js';
import { fileDigest, tempDir } from './helpers/dataDirs.js';
import { needsChromium } from './helpers/needs.js';
import { SERVE_MINI } from './helpers/siteServe.js';

let offprint: RunningOffprint;
let orgId: string;
let projectId: string;

/** Dialogs that answer with fixed paths and record what they were asked. */
function dialogs(answers: { source?: string | null; target?: string | null }) {
  const asked: string[] = [];
  const fake: NativeDialogs = {
    pickImportSource: (kind) => (asked.push(`source:${kind}`), Promise.resolve(answers.source ?? null)),
    pickSaveTarget: (name) => (asked.push(`save:${name}`), Promise.resolve(answers.target ?? null)),
  };
  return { fake, asked };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

needsChromium().describe('desktop dialog actions', () => {
  beforeAll(async () => {
    offprint = await startOffprint({
      dataDir: tempDir(),
      logger: pino({ level: 'silent' }),
      port: 0,
      renderBackend: lazyPlaywrightBackend(),
    });
    orgId = defaultOrganizationId(offprint.runtime);
    const project = listProjects(offprint.runtime.db)[0];
    if (project === undefined) throw new Error('a fresh install has its default project');
    projectId = project.id;
  });
  afterAll(() => offprint?.close());

  needsChromium().it('imports a picked folder and serves it at once', async () => {
    const { fake, asked } = dialogs({ source: SERVE_MINI });
    const outcome = await importSiteFromPicker({ offprint, orgId }, fake, { projectId, source: 'folder' });
    expect(asked).toEqual(['source:folder']);
    expect(outcome).toMatchObject({ projectId, sourcePath: SERVE_MINI });
    expect(outcome?.pages).toBeGreaterThan(3);
    const page = await fetch(`${outcome?.siteUrl}/guides/intro`);
    expect(page.status).toBe(200);
  });

  needsChromium().it('imports a picked zip; a cancelled dialog does nothing', async () => {
    const zip = join(tempDir(), 'docs.zip');
    const archive = new AdmZip();
    archive.addLocalFolder(SERVE_MINI);
    archive.writeZip(zip);
    const picked = await importSiteFromPicker({ offprint, orgId }, dialogs({ source: zip }).fake, {
      projectId,
      source: 'zip',
    });
    expect(picked?.sourcePath).toBe(zip);
    expect(await importSiteFromPicker({ offprint, orgId }, dialogs({}).fake, { projectId, source: 'zip' })).toBeNull();
  });

  needsChromium().it('refuses a malformed request before any dialog opens', async () => {
    const { fake, asked } = dialogs({ source: SERVE_MINI, target: '/tmp/x.zip' });
    await expect(importSiteFromPicker({ offprint, orgId }, fake, { projectId, source: '/etc' })).rejects.toThrow(
      /invalid request/,
    );
    await expect(importSiteFromPicker({ offprint, orgId }, fake, 'guides')).rejects.toThrow(/invalid request/);
    await expect(saveBundleToPicked({ offprint, orgId }, fake, { jobId: 'job_x', path: '/tmp' })).rejects.toThrow(
      /invalid request/,
    );
    expect(asked).toEqual([]);
  });

  needsChromium().it(
    'saves a completed bundle to the picked place, byte for byte',
    async () => {
      const domain = listProjects(offprint.runtime.db)[0]?.domain ?? '';
      const job = startExportJob(offprint.runtime, { orgId, domain, deployment: 'air-gapped' });
      while (findExportJob(offprint.runtime.db, job.id)?.status !== 'completed') {
        expect(findExportJob(offprint.runtime.db, job.id)?.status).not.toBe('failed');
        await sleep(250);
      }
      const media = tempDir('offprint-media-');
      const target = join(media, 'docs.zip');
      const { fake, asked } = dialogs({ target });
      const saved = await saveBundleToPicked({ offprint, orgId }, fake, { jobId: job.id });
      expect(asked).toEqual([`save:${domain}-${job.id}.zip`]);
      const row = findExportJob(offprint.runtime.db, job.id);
      expect(saved).toEqual({ path: target, sizeBytes: row?.bundleSize, sha256: row?.bundleSha256 });
      expect(fileDigest(target)).toBe(row?.bundleSha256);
      expect(readdirSync(media)).toEqual(['docs.zip']);
      expect(readFileSync(target).subarray(0, 2).toString()).toBe('PK');
      expect(await saveBundleToPicked({ offprint, orgId }, dialogs({}).fake, { jobId: job.id })).toBeNull();
      await expect(saveBundleToPicked({ offprint, orgId }, fake, { jobId: 'job_unknown' })).rejects.toThrow(/not/i);
      expect(existsSync(`${target}.partial`)).toBe(false);
    },
    180_000,
  );
});

/**
 * The dependency rule is enforced by lint (eslint.layers.js): for each rule, a snippet that breaks it,
 * linted as if it were a file of that folder, gets the rule's error, and one that keeps it gets none.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

/** The messages of rule `ruleId` for `code` linted as `filePath` (an existing file of that folder). */
async function errors(code: string, filePath: string, ruleId = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

beforeAll(() => {
  // The project's own config, without the type-aware rules (they need whole programs, not snippets).
  eslint = new ESLint({
    overrideConfig: [
      { ...tseslint.configs.disableTypeChecked, languageOptions: { parserOptions: { projectService: false } } },
    ],
  });
});

describe('lint: where each folder may import from', () => {
  const cases: { rule: string; file: string; bad: string; good: string }[] = [
    {
      rule: 'a library never imports domain',
      file: 'server/sites/project/load.ts',
      bad: "import { getCurrentSite } from '../../domain/sites.js';",
      good: "import { ValidationError } from '../../errors.js';",
    },
    {
      rule: 'a library never imports the site servers',
      file: 'server/sites/search/index.ts',
      bad: "import { pageHtml } from '../serve/pages.js';",
      good: "import { renderPageSource } from '../sandbox/page.js';",
    },
    {
      rule: 'a library (.tsx too) never imports db',
      file: 'server/sites/render/components/html.tsx',
      bad: "import { findSite } from '../../../db/sites.js';",
      good: "import { styleEntries } from '../style.js';",
    },
    {
      rule: 'a library never imports the export pipeline or jobs',
      file: 'server/exportSpec/pages.ts',
      bad: "import { runExport } from '../export/run.js';\nimport { ExportWorker } from '../jobs/worker.js';",
      good: "import type { SiteModel } from '../sites/project/model.js';",
    },
    {
      rule: 'db imports nothing of ours but its own folder and root basics',
      file: 'server/db/sites.ts',
      bad: "import { buildDir } from '../domain/siteBuilds.js';",
      good: "import type { DeploymentKind } from '../types.js';",
    },
    {
      rule: 'domain never imports http, routes, cli or the site servers',
      file: 'server/domain/sites.ts',
      bad: "import { listen } from '../http/server.js';\nimport { pageHtml } from '../sites/serve/pages.js';",
      good: "import { findSite } from '../db/sites.js';",
    },
    {
      rule: 'domain never imports export or jobs (they reach domain through the site servers)',
      file: 'server/domain/exports/jobs.ts',
      bad: "import { runExport } from '../../export/run.js';",
      good: "import { listExportPages } from '../../exportSpec/pages.js';",
    },
    {
      rule: 'export and jobs never import domain',
      file: 'server/jobs/worker.ts',
      bad: "import { startExportJob } from '../domain/exports/jobs.js';",
      good: "import { runExport } from '../export/run.js';",
    },
    {
      rule: 'signing (a library) never imports db or domain: keys are files, not rows',
      file: 'server/signing/keyStore.ts',
      bad: "import { findOrganization } from '../db/organizations.js';\nimport { requireOrganization } from '../domain/organizations.js';",
      good: "import { signingKeysDir } from '../dataPaths.js';",
    },
    {
      rule: 'delta never imports domain, db or the bundle server',
      file: 'server/delta/apply.ts',
      bad: "import { findExportJob } from '../db/exportJobs.js';\nimport { unpackBundle } from '../bundleServer/unpack.js';",
      good: "import { verifyDetached } from '../signing/ed25519.js';",
    },
    {
      rule: 'pack never imports domain or db',
      file: 'server/pack/pack.ts',
      bad: "import { importSite } from '../domain/sites.js';\nimport { findSite } from '../db/sites.js';",
      good: "import { writeDeterministicZip } from '../export/zip.js';",
    },
    {
      rule: 'a library never imports pack',
      file: 'server/sites/project/load.ts',
      bad: "import { packProject } from '../../pack/pack.js';",
      good: "import { readRemoteAssets } from './remote.js';",
    },
    {
      rule: 'the bundle server never imports domain, db, the CLI or the routes',
      file: 'server/bundleServer/server.ts',
      bad: "import { findSite } from '../db/sites.js';\nimport { importSite } from '../domain/sites.js';\nimport { runCli } from '../cli/main.js';\nimport { createApp } from '../routes/app.js';",
      good: "import { verifyBundle } from '../export/verify.js';",
    },
    {
      rule: 'the export pipeline never imports the jobs that run it',
      file: 'server/export/run.ts',
      bad: "import { ExportWorker } from '../jobs/worker.js';",
      good: "import { listenPrivateSite } from '../sites/serve/privateSite.js';",
    },
    {
      rule: 'http never imports the routes built on it',
      file: 'server/http/route.ts',
      bad: "import { createApp } from '../routes/app.js';",
      good: "import { ValidationError } from '../errors.js';",
    },
    {
      rule: 'the site servers never import the export pipeline, jobs or routes',
      file: 'server/sites/serve/app.ts',
      bad: "import { runExport } from '../../export/run.js';\nimport { createApp } from '../../routes/app.js';",
      good: "import { readerFeedbackEnabled } from '../../domain/readerFeedback.js';",
    },
  ];

  for (const { rule, file, bad, good } of cases) {
    it(rule, async () => {
      const found = await errors(bad, file);
      expect(found.length, found.join('\n')).toBe(bad.split('\n').length);
      expect(await errors(good, file)).toEqual([]);
    });
  }

  it('Koa stays out of domain and db', async () => {
    expect(await errors("import Koa from 'koa';", 'server/domain/sites.ts')).toHaveLength(1);
    expect(await errors("import Router from '@koa/router';", 'server/db/sites.ts')).toHaveLength(1);
  });

  it('only one module loads better-sqlite3, playwright-core; only main/ loads electron', async () => {
    expect(await errors("import Database from 'better-sqlite3';", 'server/db/sites.ts')).toHaveLength(1);
    expect(await errors("import Database from 'better-sqlite3';", 'server/db/connection.ts')).toEqual([]);
    expect(await errors("import { chromium } from 'playwright-core';", 'server/render/cdp.ts')).toHaveLength(1);
    expect(await errors("import { chromium } from 'playwright-core';", 'server/render/chromium.ts')).toEqual([]);
    expect(await errors("import { app } from 'electron';", 'server/host.ts')).toHaveLength(1);
  });

  it('the dashboard takes only types from server/', async () => {
    const file = 'renderer/src/api.ts';
    expect(await errors("import { startOffprint } from '../../server/host.js';", file)).toHaveLength(1);
    expect(await errors("import type { RunningOffprint } from '../../server/host.js';", file)).toEqual([]);
  });

  it('errors are made by the factories of server/errors.ts', async () => {
    const code = "import { AppError } from '../errors.js';\nexport const e = new AppError(400, 'x');";
    expect(await errors(code, 'server/domain/sites.ts', 'no-restricted-syntax')).toHaveLength(1);
    expect(await errors(code, 'server/errors.ts', 'no-restricted-syntax')).toEqual([]);
  });
});

/** The `offprint` administration commands: orgs, projects, keys. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { databaseFile } from '../server/config.js';
import { listOrganizations } from '../server/db/organizations.js';
import { listKeys } from '../server/domain/apiKeys.js';
import { defaultOrganizationId } from '../server/domain/organizations.js';
import { cli } from './helpers/cli.js';
import { helpHint, inspect, json } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';

describe('orgs create', () => {
  it('creates an organization on each plan (free by default) and prints {"orgId"}', async () => {
    const dataDir = tempDir();
    const made: Record<string, string> = {};
    for (const plan of ['free', 'pro', 'enterprise', undefined]) {
      const args = ['orgs', 'create', '--name', `Org ${plan ?? 'default'}`, '--json', '--data-dir', dataDir];
      const out = json<Record<string, string>>(await cli(plan === undefined ? args : [...args, '--plan', plan]));
      expect(Object.keys(out)).toEqual(['orgId']);
      expect(out['orgId']).toMatch(/^org_[0-9a-f]{16}$/);
      made[plan ?? 'default'] = out['orgId'] ?? '';
    }
    const orgs = inspect(dataDir, (rt) => listOrganizations(rt.db));
    expect(Object.fromEntries(orgs.map((o) => [o.id, [o.name, o.plan]]))).toMatchObject({
      [made['free'] ?? '']: ['Org free', 'free'],
      [made['pro'] ?? '']: ['Org pro', 'pro'],
      [made['enterprise'] ?? '']: ['Org enterprise', 'enterprise'],
      [made['default'] ?? '']: ['Org default', 'free'],
    });
    expect(orgs).toHaveLength(5);
  });

  it('refuses a plan that does not exist, and a missing or blank name, as usage errors', async () => {
    const dataDir = tempDir();
    expect(await cli(['orgs', 'create', '--name', 'X', '--plan', 'gold', '--data-dir', dataDir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: --plan must be one of free, pro, enterprise (got "gold")\n${helpHint('orgs')}`,
    });
    expect(await cli(['orgs', 'create', '--data-dir', dataDir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: --name is required\n${helpHint('orgs')}`,
    });
    expect(await cli(['orgs', 'create', '--name', '  ', '--data-dir', dataDir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: --name: must not be empty\n${helpHint('orgs')}`,
    });
    // Usage errors are found before the data dir is touched.
    expect(existsSync(databaseFile(dataDir))).toBe(false);
  });
});

describe('projects', () => {
  it('creates projects (domain lowercased), lists them as JSON, and refuses a domain already taken', async () => {
    const dataDir = tempDir();
    const org = json<{ orgId: string }>(
      await cli(['orgs', 'create', '--name', 'Acme', '--json', '--data-dir', dataDir]),
    );
    const first = json<{ projectId: string }>(
      await cli([
        'projects',
        'create',
        '--name',
        'Docs',
        '--domain',
        'Docs.Example.COM',
        '--json',
        '--data-dir',
        dataDir,
      ]),
    );
    expect(Object.keys(first)).toEqual(['projectId']);
    const second = json<{ projectId: string }>(
      await cli([
        'projects',
        'create',
        '--name',
        'Acme API',
        '--domain',
        'api.acme.test',
        '--org',
        org.orgId,
        '--json',
        '--data-dir',
        dataDir,
      ]),
    );

    const dup = await cli([
      'projects',
      'create',
      '--name',
      'Again',
      '--domain',
      'DOCS.example.com',
      '--data-dir',
      dataDir,
    ]);
    expect(dup).toEqual({
      code: 1,
      stdout: '',
      stderr: 'offprint: Domain is already in use\n  - domain: docs.example.com already belongs to another project\n',
    });

    // The default organization by its setting: it and Acme were made by one process, maybe in one millisecond.
    const defaultOrg = inspect(dataDir, (rt) => defaultOrganizationId(rt));
    const listed = json<{ projects: Record<string, unknown>[] }>(
      await cli(['projects', 'list', '--json', '--data-dir', dataDir]),
    );
    expect(listed.projects).toHaveLength(3);
    const sample = listed.projects[0];
    expect(sample).toEqual({
      projectId: sample?.['projectId'],
      name: 'Sample docs',
      domain: 'sample-docs.localhost',
      orgId: defaultOrg,
      siteUrl: null,
    });
    expect(listed.projects.slice(1)).toEqual([
      { projectId: first.projectId, name: 'Docs', domain: 'docs.example.com', orgId: defaultOrg, siteUrl: null },
      { projectId: second.projectId, name: 'Acme API', domain: 'api.acme.test', orgId: org.orgId, siteUrl: null },
    ]);
    const acme = json<{ projects: Record<string, unknown>[] }>(
      await cli(['projects', 'list', '--org', org.orgId, '--json', '--data-dir', dataDir]),
    );
    expect(acme.projects.map((p) => p['projectId'])).toEqual([second.projectId]);
    const table = await cli(['projects', 'list', '--data-dir', dataDir]);
    expect(table.stdout.split('\n')[0]).toMatch(/^PROJECT +NAME +DOMAIN +ORG +SITE$/);
    // No server runs on this data dir: no site URL yet.
    expect(table.stdout.split('\n').find((line) => line.startsWith(second.projectId))).toMatch(/ -$/);
  });

  it.each([
    'https://docs.example.com',
    'docs.example.com:8080',
    'docs.example.com/guide',
    'docs.example.com.',
    '-docs.example.com',
    'docs..example.com',
    'docs_example.com',
    '',
  ])('refuses the domain %j as a usage error', async (domain) => {
    const dataDir = tempDir();
    expect(await cli(['projects', 'create', '--name', 'P', `--domain=${domain}`, '--data-dir', dataDir])).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: --domain: must be a bare hostname such as docs.example.com (no scheme, port or path)\n${helpHint('projects')}`,
    });
  });

  it('refuses an organization that does not exist', async () => {
    const dataDir = tempDir();
    const args = ['--org', 'org_0000000000000000', '--data-dir', dataDir];
    expect(await cli(['projects', 'create', '--name', 'P', '--domain', 'p.example', ...args])).toEqual({
      code: 1,
      stdout: '',
      stderr: `offprint: organization org_0000000000000000 was not found in the data dir ${dataDir}\nRun \`offprint projects list\` to see the organizations of its projects (ORG column).\n`,
    });
    expect(await cli(['projects', 'list', ...args])).toMatchObject({ code: 1, stdout: '' });
    expect(await cli(['keys', 'create', ...args])).toMatchObject({ code: 1, stdout: '' });
  });
});

describe('keys', () => {
  it('creates ({"key","keyId"}), lists and revokes keys, per organization', async () => {
    const dataDir = tempDir();
    const org = json<{ orgId: string }>(
      await cli(['orgs', 'create', '--name', 'Acme', '--json', '--data-dir', dataDir]),
    );
    const created = json<{ key: string; keyId: string }>(
      await cli(['keys', 'create', '--name', 'deploy', '--org', org.orgId, '--json', '--data-dir', dataDir]),
    );
    expect(Object.keys(created)).toEqual(['key', 'keyId']);
    expect(created.key).toMatch(/^offp_[0-9A-Za-z]{38}$/);
    expect(created.keyId).toMatch(/^key_[0-9a-f]{16}$/);
    const other = json<{ key: string; keyId: string }>(await cli(['keys', 'create', '--json', '--data-dir', dataDir]));

    const all = json<{ keys: Record<string, unknown>[] }>(await cli(['keys', 'list', '--json', '--data-dir', dataDir]));
    expect(all.keys.map((k) => [k['keyId'], k['name']])).toEqual([
      [created.keyId, 'deploy'],
      [other.keyId, 'Admin key'],
    ]);
    expect(all.keys[0]).toEqual({
      keyId: created.keyId,
      orgId: org.orgId,
      name: 'deploy',
      prefix: created.key.slice(0, 9),
      last4: created.key.slice(-4),
      createdAt: all.keys[0]?.['createdAt'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(new Date(String(all.keys[0]?.['createdAt'])).toISOString()).toBe(all.keys[0]?.['createdAt']);
    const acme = json<{ keys: { keyId: string }[] }>(
      await cli(['keys', 'list', '--org', org.orgId, '--json', '--data-dir', dataDir]),
    );
    expect(acme.keys.map((k) => k.keyId)).toEqual([created.keyId]);

    const revoked = json<{ keyId: string; revokedAt: string }>(
      await cli(['keys', 'revoke', created.keyId, '--json', '--data-dir', dataDir]),
    );
    expect(Object.keys(revoked)).toEqual(['keyId', 'revokedAt']);
    expect(revoked.keyId).toBe(created.keyId);
    const after = inspect(dataDir, (rt) => listKeys(rt).find((k) => k.id === created.keyId));
    expect(after?.revokedAt).toBe(Date.parse(revoked.revokedAt));

    const plain = await cli(['keys', 'revoke', other.keyId, '--data-dir', dataDir]);
    expect(plain).toEqual({ code: 0, stdout: `Revoked API key ${other.keyId}\n`, stderr: '' });
  });

  it('shows the key once in plain output too', async () => {
    const dataDir = tempDir();
    const out = await cli(['keys', 'create', '--data-dir', dataDir]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(
      /^Created API key key_[0-9a-f]{16} for organization org_[0-9a-f]{16}\.\nKey \(shown once, store it now\): offp_[0-9A-Za-z]{38}\n$/,
    );
  });
});

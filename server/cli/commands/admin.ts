/** `offprint orgs|projects|keys ...`: administration of a data dir. */
import { z } from 'zod';
import { PLANS } from '../../db/organizations.js';
import { createApiKey, listKeys, revokeKey } from '../../domain/apiKeys.js';
import { HostnameSchema } from '../../domain/hostname.js';
import {
  createOrganization,
  createProject,
  defaultOrganizationId,
  listAllProjects,
} from '../../domain/organizations.js';
import { createProjectWithSiteAndIndex } from '../../domain/projectWithSite.js';
import { readServerInfo } from '../../serverFile.js';
import { flag, onePositional, parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, table, UsageError, write, type CliIo } from '../io.js';
import { inputPath } from '../inputs.js';
import { awaitSiteUrl, importJson, importSummary, siteUrlLine } from './sites.js';

const NameSchema = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

function iso(ms: number | null): string {
  return ms === null ? '-' : new Date(ms).toISOString();
}

/** `offprint orgs create --name NAME [--plan free|pro|enterprise]` */
export async function orgsCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'create') throw new UsageError(`unknown orgs command: ${sub ?? '(none)'} (expected: create)`);
  const { values, positionals } = parseCommandArgs(rest, {
    name: { type: 'string' },
    plan: { type: 'string', default: 'free' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const name = flag('name', NameSchema, values.name);
  const plan = flag('plan', z.enum(PLANS), values.plan);
  return withRuntime(io, values['data-dir'], async (rt) => {
    const org = createOrganization(rt, { name, plan });
    if (values.json) await printJson(io, { orgId: org.id });
    else await write(io.stdout, `Created organization ${org.id} (${org.name}, ${org.plan} plan)\n`);
    return 0;
  });
}

/** `offprint projects create|list` */
export async function projectsCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'create') {
    const { values, positionals } = parseCommandArgs(rest, {
      name: { type: 'string' },
      domain: { type: 'string' },
      org: { type: 'string' },
      source: { type: 'string' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
    const name = flag('name', NameSchema, values.name);
    const domain = flag('domain', HostnameSchema, values.domain);
    const source = values.source === undefined ? undefined : inputPath(values.source, 'file or folder', '--source');
    return withRuntime(io, values['data-dir'], async (rt) => {
      const input = { orgId: values.org ?? defaultOrganizationId(rt), name, domain };
      if (source !== undefined) {
        // Project and site are committed together: a failed import leaves no project behind.
        const { project, imported } = await createProjectWithSiteAndIndex(rt, input, source);
        const siteUrl = await awaitSiteUrl(rt.dataDir, project.id);
        if (values.json) await printJson(io, importJson(imported, siteUrl));
        else {
          await write(io.stdout, `Created project ${project.id} (${project.name}, ${project.domain})\n`);
          await write(io.stdout, importSummary(imported) + siteUrlLine(siteUrl));
        }
        return 0;
      }
      const project = createProject(rt, input);
      if (values.json) await printJson(io, { projectId: project.id });
      else await write(io.stdout, `Created project ${project.id} (${project.name}, ${project.domain})\n`);
      return 0;
    });
  }
  if (sub === 'list') {
    const { values, positionals } = parseCommandArgs(rest, { org: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
    return withRuntime(io, values['data-dir'], async (rt) => {
      // Site URLs exist only while a server runs on this data dir (it publishes them in server.json).
      const running = readServerInfo(rt.dataDir);
      const projects = listAllProjects(rt, values.org).map((p) => ({
        projectId: p.id,
        name: p.name,
        domain: p.domain,
        orgId: p.orgId,
        siteUrl: running?.sites[p.id] ?? null,
      }));
      if (values.json) await printJson(io, { projects });
      else
        await write(
          io.stdout,
          table(
            ['PROJECT', 'NAME', 'DOMAIN', 'ORG', 'SITE'],
            projects.map((p) => [p.projectId, p.name, p.domain, p.orgId, p.siteUrl ?? '-']),
          ),
        );
      return 0;
    });
  }
  throw new UsageError(`unknown projects command: ${sub ?? '(none)'} (expected: create, list)`);
}

/** `offprint keys create|list|revoke` */
export async function keysCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'create') {
    const { values, positionals } = parseCommandArgs(rest, {
      org: { type: 'string' },
      name: { type: 'string', default: 'Admin key' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
    const name = flag('name', NameSchema, values.name);
    return withRuntime(io, values['data-dir'], async (rt) => {
      const created = createApiKey(rt, { orgId: values.org ?? defaultOrganizationId(rt), name });
      if (values.json) await printJson(io, { key: created.key, keyId: created.row.id });
      else {
        await write(
          io.stdout,
          `Created API key ${created.row.id} for organization ${created.row.orgId}.\n` +
            `Key (shown once, store it now): ${created.key}\n`,
        );
      }
      return 0;
    });
  }
  if (sub === 'list') {
    const { values, positionals } = parseCommandArgs(rest, { org: { type: 'string' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
    return withRuntime(io, values['data-dir'], async (rt) => {
      const keys = listKeys(rt, values.org).map((k) => ({
        keyId: k.id,
        orgId: k.orgId,
        name: k.name,
        prefix: k.prefix,
        last4: k.last4,
        createdAt: iso(k.createdAt),
        lastUsedAt: k.lastUsedAt === null ? null : iso(k.lastUsedAt),
        revokedAt: k.revokedAt === null ? null : iso(k.revokedAt),
      }));
      if (values.json) await printJson(io, { keys });
      else {
        await write(
          io.stdout,
          table(
            ['KEY ID', 'NAME', 'KEY', 'ORG', 'CREATED', 'LAST USED', 'REVOKED'],
            keys.map((k) => [
              k.keyId,
              k.name,
              `${k.prefix}…${k.last4}`,
              k.orgId,
              k.createdAt,
              k.lastUsedAt ?? '-',
              k.revokedAt ?? '-',
            ]),
          ),
        );
      }
      return 0;
    });
  }
  if (sub === 'revoke') {
    const { values, positionals } = parseCommandArgs(rest, {});
    const keyId = onePositional(positionals, 'KEYID');
    return withRuntime(io, values['data-dir'], async (rt) => {
      const key = revokeKey(rt, keyId);
      if (values.json) await printJson(io, { keyId: key.id, revokedAt: iso(key.revokedAt) });
      else await write(io.stdout, `Revoked API key ${key.id}\n`);
      return 0;
    });
  }
  throw new UsageError(`unknown keys command: ${sub ?? '(none)'} (expected: create, list, revoke)`);
}

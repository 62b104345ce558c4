/**
 * Every `offprint` command that is given something the data dir does not have (a project, an organization,
 * a domain, an API key, a feedback item, a signing key) says the same way what was not found, in which data
 * dir, and which command lists what there is; exit code 1, nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { listProjects } from './helpers/cliChecks.js';
import { tempDir } from './helpers/dataDirs.js';

const PRJ = 'prj_0000000000000000';
const ORG = 'org_0000000000000000';

describe('not found', () => {
  it('reads the same in every command, naming the thing, the data dir and the command that lists them', async () => {
    const dataDir = tempDir();
    const d = ['--data-dir', dataDir];
    const [sample] = await listProjects(dataDir);
    const project = sample?.projectId ?? '';
    const inDir = `in the data dir ${dataDir}`;
    const noProject = `offprint: project ${PRJ} was not found ${inDir}\nRun \`offprint projects list\` to see the projects there.\n`;
    const noOrg = `offprint: organization ${ORG} was not found ${inDir}\nRun \`offprint projects list\` to see the organizations of its projects (ORG column).\n`;
    const cases: [string[], string][] = [
      [['sites', 'import', '--project', PRJ, dataDir], noProject],
      [['feedback', 'export', '--project', PRJ], noProject],
      [['feedback', 'import', '--project', PRJ, '-'], noProject],
      [['feedback', 'status', '--project', PRJ, 'fb_1', '--status', 'resolved'], noProject],
      [['feedback', 'history', '--project', PRJ, 'fb_1'], noProject],
      [['projects', 'create', '--name', 'P', '--domain', 'p.example', '--org', ORG], noOrg],
      [['projects', 'list', '--org', ORG], noOrg],
      [['keys', 'create', '--org', ORG], noOrg],
      [['keys', 'list', '--org', ORG], noOrg],
      [['keys', 'list', '--org', ORG, '--json'], noOrg],
      [['signing-key', 'show', '--org', ORG], noOrg],
      [
        ['keys', 'revoke', 'key_0000000000000000'],
        `offprint: API key key_0000000000000000 was not found ${inDir}\nRun \`offprint keys list\` to see the API keys there.\n`,
      ],
      [
        ['export', '--domain', 'nowhere.test', '--out', `${dataDir}/x.zip`],
        `offprint: no project has the domain nowhere.test ${inDir}\nRun \`offprint projects list\` to see the projects there (DOMAIN column).\n`,
      ],
      [
        ['feedback', 'history', '--project', project, 'fb_missing'],
        `offprint: feedback fb_missing was not found in project ${project} ${inDir}\nRun \`offprint feedback export --project ${project}\` to see its feedback.\n`,
      ],
    ];
    for (const [args, stderr] of cases) {
      expect({ args, ...(await cli([...args, ...d])) }).toEqual({ args, code: 1, stdout: '', stderr });
    }
  });
});

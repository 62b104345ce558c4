/** `offprint feedback import|export`: NDJSON in from a file or stdin, out with filters, round trip exact. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { cli, type CliResult } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';

/** The import file: every variant, optional fields left out, offsets, date-only, unknown times. */
const INPUT = [
  {
    id: 'e-ctx-1',
    path: '/guide',
    comment: 'Clear "quotes",\nnewline ✓',
    createdAt: '2026-01-31T10:05:00+01:00',
    status: 'resolved',
    source: 'contextual',
    helpful: true,
    contact: 'reader@example.com',
  },
  {
    id: 'e-ctx-2',
    path: '/guide',
    comment: null,
    createdAt: '2026-01-31T09:05:00.000Z',
    status: 'pending',
    source: 'contextual',
    helpful: false,
    contact: null,
  },
  {
    id: 'e-code-1',
    path: '/api',
    comment: 'typo',
    createdAt: '2026-01-30',
    status: 'in_progress',
    source: 'code_snippet',
    code: 'const a = 1;\n\tconsole.log(a);',
    filename: 'a.ts',
    lang: 'typescript',
  },
  { id: 'e-code-2', path: '/api', createdAt: '2026-01-29T23:59:59.999Z', source: 'code_snippet', code: '' },
  {
    id: 'e-agent-1',
    path: '/agents',
    comment: '🤖 said',
    createdAt: '2026-02-01T00:00:00Z',
    status: 'dismissed',
    source: 'agent',
  },
  { id: 'e-thumb-up', path: '/guide', createdAt: '2026-01-31T12:00:00Z', source: 'thumbs_only', helpful: true },
  { id: 'e-thumb-down', path: '/guide', createdAt: null, status: 'resolved', source: 'thumbs_only', helpful: false },
  { id: 'e-thumb-none', path: '/faq', source: 'thumbs_only' },
  { id: 'e-agent-null', path: '/agents', createdAt: null, source: 'agent' },
];

/** The export of INPUT, newest first (ties by id, descending; unknown times last), in the API's field order. */
const EXPORTED = [
  {
    id: 'e-agent-1',
    path: '/agents',
    comment: '🤖 said',
    createdAt: '2026-02-01T00:00:00.000Z',
    status: 'dismissed',
    source: 'agent',
  },
  {
    id: 'e-thumb-up',
    path: '/guide',
    comment: null,
    createdAt: '2026-01-31T12:00:00.000Z',
    status: 'pending',
    source: 'thumbs_only',
    helpful: true,
  },
  {
    id: 'e-ctx-2',
    path: '/guide',
    comment: null,
    createdAt: '2026-01-31T09:05:00.000Z',
    status: 'pending',
    source: 'contextual',
    helpful: false,
    contact: null,
  },
  {
    id: 'e-ctx-1',
    path: '/guide',
    comment: 'Clear "quotes",\nnewline ✓',
    createdAt: '2026-01-31T09:05:00.000Z',
    status: 'resolved',
    source: 'contextual',
    helpful: true,
    contact: 'reader@example.com',
  },
  {
    id: 'e-code-1',
    path: '/api',
    comment: 'typo',
    createdAt: '2026-01-30T00:00:00.000Z',
    status: 'in_progress',
    source: 'code_snippet',
    code: 'const a = 1;\n\tconsole.log(a);',
    filename: 'a.ts',
    lang: 'typescript',
  },
  {
    id: 'e-code-2',
    path: '/api',
    comment: null,
    createdAt: '2026-01-29T23:59:59.999Z',
    status: 'pending',
    source: 'code_snippet',
    code: '',
    filename: null,
    lang: null,
  },
  { id: 'e-thumb-none', path: '/faq', comment: null, createdAt: null, status: 'pending', source: 'thumbs_only' },
  {
    id: 'e-thumb-down',
    path: '/guide',
    comment: null,
    createdAt: null,
    status: 'resolved',
    source: 'thumbs_only',
    helpful: false,
  },
  { id: 'e-agent-null', path: '/agents', comment: null, createdAt: null, status: 'pending', source: 'agent' },
];

const ndjson = (objects: readonly unknown[]): string => objects.map((o) => `${JSON.stringify(o)}\n`).join('');
const pick = (...ids: string[]): string => ndjson(ids.map((id) => EXPORTED.find((e) => e.id === id)));

/** A fresh data dir and the id of its default project. */
async function freshProject(): Promise<{ dataDir: string; projectId: string }> {
  const dataDir = tempDir();
  const listed = await cli(['projects', 'list', '--json', '--data-dir', dataDir]);
  const projectId = (JSON.parse(listed.stdout) as { projects: { projectId: string }[] }).projects[0]?.projectId ?? '';
  return { dataDir, projectId };
}

function ok(result: CliResult): string {
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

describe('feedback import and export', () => {
  let source: { dataDir: string; projectId: string };
  let file: string;
  const exportFrom = async (p: { dataDir: string; projectId: string }, ...filters: string[]): Promise<string> =>
    ok(await cli(['feedback', 'export', '--project', p.projectId, ...filters, '--data-dir', p.dataDir]));

  beforeAll(async () => {
    source = await freshProject();
    file = join(tempDir(), 'feedback.ndjson');
    writeFileSync(file, ndjson(INPUT));
  });

  it('imports a file, and reports the same file again as all duplicates', async () => {
    const args = ['feedback', 'import', '--project', source.projectId, file, '--data-dir', source.dataDir];
    expect(JSON.parse(ok(await cli([...args, '--json'])))).toEqual({ lines: 9, imported: 9, duplicates: 0 });
    expect(ok(await cli(args))).toBe(
      `Imported 0 feedback entries into ${source.projectId} (9 lines, 9 already present)\n`,
    );
  });

  it('exports every entry as NDJSON in the API shape, newest first, keeping thumbs-only votes', async () => {
    expect(await exportFrom(source)).toBe(ndjson(EXPORTED));
  });

  it.each([
    [
      ['--source', 'thumbs_only'],
      ['e-thumb-up', 'e-thumb-none', 'e-thumb-down'],
    ],
    [['--source', 'code_snippet', '--status', 'in_progress'], ['e-code-1']],
    [
      ['--status', ' resolved , pending '],
      ['e-thumb-up', 'e-ctx-2', 'e-ctx-1', 'e-code-2', 'e-thumb-none', 'e-thumb-down', 'e-agent-null'],
    ],
    [
      ['--date-from', '2026-01-31', '--date-to', '2026-02-01'],
      ['e-thumb-up', 'e-ctx-2', 'e-ctx-1'],
    ],
    [
      ['--date-from', '2026-01-31T10:05:00+01:00', '--date-to', '2026-01-31T12:00:00Z'],
      ['e-ctx-2', 'e-ctx-1'],
    ],
    [['--dateFrom', '2026-01-30', '--dateTo', '2026-01-30T00:00:00.001Z'], ['e-code-1']],
    [['--date-to', '2026-01-30'], ['e-code-2']],
    [['--source', 'agent', '--status', 'dismissed', '--date-from', '2026-02-01'], ['e-agent-1']],
    [['--source', 'contextual', '--status', 'dismissed'], []],
  ])('exports with filters %j', async (filters, ids) => {
    expect(await exportFrom(source, ...filters)).toBe(pick(...ids));
  });

  it('round-trips exactly: export, import into a fresh project from stdin, export again', async () => {
    const first = await exportFrom(source);
    const target = await freshProject();
    const imported = await cli(
      ['feedback', 'import', '--project', target.projectId, '-', '--json', '--data-dir', target.dataDir],
      { stdin: first },
    );
    expect(JSON.parse(ok(imported))).toEqual({ lines: 9, imported: 9, duplicates: 0 });
    expect(await exportFrom(target)).toBe(first);
  });

  it('round-trips a filtered export too', async () => {
    const filtered = await exportFrom(source, '--source', 'thumbs_only');
    const target = await freshProject();
    ok(
      await cli(['feedback', 'import', '--project', target.projectId, '-', '--data-dir', target.dataDir], {
        stdin: filtered,
      }),
    );
    expect(await exportFrom(target)).toBe(filtered);
  });

  it('round-trips through the built binary, stdin and stdout being real pipes', async () => {
    const target = await freshProject();
    const env = { OFFPRINT_DATA_DIR: target.dataDir };
    const imported = await runBinary(['feedback', 'import', '--project', target.projectId, '-'], {
      stdin: ndjson(INPUT),
      env,
    });
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    const exported = await runBinary(['feedback', 'export', '--project', target.projectId], { env });
    expect(exported).toEqual({ code: 0, signal: null, stdout: ndjson(EXPORTED), stderr: '' });
  });

  it('imports nothing from a file with one bad line, listing the problems on stderr, exit 1', async () => {
    const target = await freshProject();
    const bad = join(tempDir(), 'bad.ndjson');
    const lines = ndjson(INPUT).split('\n');
    lines.splice(4, 0, '{"path":"/x","source":"agent","createdAt":"31/01/2026"}', '{oops');
    writeFileSync(bad, lines.join('\n'));
    const result = await cli(['feedback', 'import', '--project', target.projectId, bad, '--data-dir', target.dataDir]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'offprint: Import rejected: 2 problems found; nothing was imported\n' +
        '  - line 5: createdAt: "31/01/2026" is not an ISO 8601 date or date-time\n' +
        '  - line 6: not valid JSON\n',
    });
    expect(await exportFrom(target)).toBe('');
  });

  it('refuses --json with --format csv, which would print CSV where a script expects JSON', async () => {
    const args = ['feedback', 'export', '--project', source.projectId, '--data-dir', source.dataDir];
    expect(await cli([...args, '--format', 'csv', '--json'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'offprint: --json asks for JSON, --format csv for CSV: give one (feedback export writes NDJSON, one JSON object a line, by default)\n' +
        'See `offprint feedback --help`.\n',
    });
    // NDJSON is JSON lines: --json with it, or alone, is the default export.
    expect(ok(await cli([...args, '--json']))).toBe(ndjson(EXPORTED));
  });

  it('fails cleanly on a missing file or project', async () => {
    const missing = join(tempDir(), 'nope.ndjson');
    const noFile = await cli([
      'feedback',
      'import',
      '--project',
      source.projectId,
      missing,
      '--data-dir',
      source.dataDir,
    ]);
    expect(noFile).toEqual({
      code: 2,
      stdout: '',
      stderr: `offprint: no such file: ${missing}\nSee \`offprint feedback --help\`.\n`,
    });
    const noProject = await cli([
      'feedback',
      'export',
      '--project',
      'prj_0000000000000000',
      '--data-dir',
      source.dataDir,
    ]);
    expect(noProject).toEqual({
      code: 1,
      stdout: '',
      stderr: `offprint: project prj_0000000000000000 was not found in the data dir ${source.dataDir}\nRun \`offprint projects list\` to see the projects there.\n`,
    });
  });
});

/** The import report names the project components that threw while the pages rendered. */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

interface Listed {
  readonly code: string;
  readonly file: string;
  readonly message: string;
  readonly count?: number;
}

/** Imports `files` as a new project: its human summary and its listed `component-failed` problems. */
async function importProject(files: Record<string, unknown>): Promise<{ summary: string; failed: Listed[] }> {
  const dataDir = tempDir();
  const args = ['projects', 'create', '--data-dir', dataDir, '--name', 'F', '--domain', 'f.localhost'];
  const created = await cli([...args, '--source', writeProject(files), '--json']);
  expect(created.code).toBe(0);
  const { problemList } = JSON.parse(created.stdout) as { problemList: Listed[] };
  const again = await cli([
    'projects',
    'create',
    '--data-dir',
    tempDir(),
    '--name',
    'F',
    '--domain',
    'f.localhost',
    '--source',
    writeProject(files),
  ]);
  expect(again.code).toBe(0);
  return { summary: again.stdout, failed: problemList.filter((p) => p.code === 'component-failed') };
}

const SNIPPET = [
  'export const McpSetup = ({ client }) => <a href={client.url}>Set up</a>;',
  'export const Table = ({ rows }) => <ul>{rows.map((r) => <li key={r}>{r}</li>)}</ul>;',
  'export const Loud = () => { throw "\\u001b[31mred alert\\nat line 2"; };',
  'export const Fine = () => <p>Fine component</p>;',
].join('\n');

describe('failing components in the import report', () => {
  it('names each component that threw once, where it first failed, with what it threw', async () => {
    const page = (title: string, body: string): string =>
      `---\ntitle: ${title}\n---\n\nimport { McpSetup, Table, Loud, Fine } from '/snippets/parts.jsx';\n\n${body}\n`;
    const { failed, summary } = await importProject({
      'docs.json': docsJson({ navigation: { pages: ['a', 'b', 'c'] } }),
      'a.mdx': page('A', 'Before.\n\n<Fine />\n\n<Table rows={["x"]} />\n\nAfter.'),
      'b.mdx': page('B', '<McpSetup />\n\n<Table />\n\n<Loud />'),
      'c.mdx': page('C', '<McpSetup />'),
      'snippets/parts.jsx': SNIPPET,
    });
    expect(failed).toEqual([
      {
        code: 'component-failed',
        file: 'b.mdx',
        message:
          '<McpSetup> failed while rendering, so the page shows nothing in its place ' +
          "(it threw: Cannot read properties of undefined (reading 'url')) (used on 2 pages)",
      },
      {
        code: 'component-failed',
        file: 'b.mdx',
        message:
          '<Table> failed while rendering, so the page shows nothing in its place ' +
          "(it threw: Cannot read properties of undefined (reading 'map'))",
      },
      {
        code: 'component-failed',
        file: 'b.mdx',
        // The first line only, without the escape character a terminal would obey.
        message: '<Loud> failed while rendering, so the page shows nothing in its place (it threw: [31mred alert)',
      },
    ]);
    expect(summary).toContain('3 problems (component-failed 3):');
    expect(summary).toContain('component-failed  b.mdx: <Loud> failed while rendering');
    expect(summary).not.toContain('\u001b');
  });

  it('names twenty and counts the rest in one line', async () => {
    const names = Array.from({ length: 23 }, (_, i) => `Broken${String.fromCharCode(65 + i)}`);
    const snippet = names.map((n) => `export const ${n} = () => { throw new Error('${n} broke'); };`).join('\n');
    const { failed } = await importProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': `---\ntitle: Home\n---\n\nimport { ${names.join(', ')} } from '/snippets/broken.jsx';\n\n${names.map((n) => `<${n} />`).join('\n\n')}\n`,
      'snippets/broken.jsx': snippet,
    });
    expect(failed).toHaveLength(21);
    expect(failed[0]?.message).toMatch(/^<BrokenA> failed while rendering.*\(it threw: BrokenA broke\)$/);
    expect(failed[20]).toEqual({
      code: 'component-failed',
      file: 'index.mdx',
      message: 'and 3 more components that failed while rendering',
      count: 3,
    });
  });
});

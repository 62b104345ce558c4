/** The import report names the components a site's pages use that neither Mintlify nor the project defines. */
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

/** Imports `files` as a new project and returns its listed `unknown-component` problems. */
async function componentProblems(files: Record<string, unknown>): Promise<Listed[]> {
  const created = await cli([
    ...['projects', 'create', '--data-dir', tempDir(), '--name', 'U', '--domain', 'u.localhost'],
    ...['--source', writeProject(files), '--json'],
  ]);
  expect(created.code).toBe(0);
  const { problemList } = JSON.parse(created.stdout) as { problemList: Listed[] };
  return problemList.filter((p) => p.code === 'unknown-component');
}

describe('unknown components in the import report', () => {
  it('names each undefined component once, where it is first used, with a built-in it may misspell', async () => {
    const problems = await componentProblems({
      'docs.json': docsJson({ navigation: { pages: ['a', 'b'] } }),
      'a.mdx': '---\ntitle: A\n---\n\n<Acordion title="Setup">Install it.</Acordion>\n\n<Mystery>one</Mystery>\n',
      'b.mdx': [
        '---\ntitle: B\n---\n',
        "import Greeting from '/snippets/greeting.mdx';\n",
        '<Mystery>two</Mystery>\n',
        '<Greeting />\n',
        '<Note>Built in.</Note>\n',
        '<Radix.Popover.Trigger>three</Radix.Popover.Trigger>\n',
      ].join('\n'),
      'snippets/greeting.mdx': 'Hello from a snippet.\n',
    });
    expect(problems).toEqual([
      {
        code: 'unknown-component',
        file: 'a.mdx',
        message:
          '<Acordion> is not a component Mintlify or the project defines, so its content is shown without it ' +
          '(did you mean <Accordion>?)',
      },
      {
        code: 'unknown-component',
        file: 'a.mdx',
        message:
          '<Mystery> is not a component Mintlify or the project defines, so its content is shown without it ' +
          '(used on 2 pages)',
      },
      {
        code: 'unknown-component',
        file: 'b.mdx',
        message:
          '<Radix.Popover.Trigger> is not a component Mintlify or the project defines, so its content is shown without it',
      },
    ]);
  });

  it('names twenty and counts the rest in one line', async () => {
    const tags = Array.from(
      { length: 25 },
      (_, i) => `<Widget${String.fromCharCode(65 + i)}>x</Widget${String.fromCharCode(65 + i)}>`,
    );
    const problems = await componentProblems({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': `---\ntitle: Home\n---\n\n${tags.join('\n\n')}\n`,
    });
    expect(problems).toHaveLength(21);
    expect(problems[0]?.message).toMatch(/^<WidgetA> is not a component/);
    expect(problems[20]).toEqual({
      code: 'unknown-component',
      file: 'index.mdx',
      message: 'and 5 more components that neither Mintlify nor the project defines',
      count: 5,
    });
  });
});

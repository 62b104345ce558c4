/**
 * The import report names each brace in a page's text that opens no valid expression: the page renders
 * with the brace shown as text (render/compile/strayBraces.ts) instead of failing whole, and the author
 * learns where to escape it (on Mintlify such a page shows only a parsing-error placeholder).
 */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

interface Listed {
  readonly code: string;
  readonly file: string;
  readonly message: string;
}

describe('stray braces in the import report', () => {
  it('lists each as an mdx-syntax problem of its page, and no page as failed', async () => {
    const created = await cli([
      ...['projects', 'create', '--data-dir', tempDir(), '--name', 'B', '--domain', 'b.localhost'],
      ...[
        '--source',
        writeProject({
          'docs.json': docsJson({ navigation: { pages: ['brace'] } }),
          'brace.mdx':
            '---\ntitle: Brace\n---\n\n## First\n\nSend { "json": 1 } as the body.\n\n## Second\n\nA lone { brace.\n',
        }),
        '--json',
      ],
    ]);
    expect(created.code).toBe(0);
    const { problemList } = JSON.parse(created.stdout) as { problemList: Listed[] };
    expect(problemList.filter((p) => p.code === 'render-failed')).toEqual([]);
    expect(problemList.filter((p) => p.code === 'mdx-syntax')).toEqual([
      {
        code: 'mdx-syntax',
        file: 'brace.mdx',
        message:
          'MDX syntax: the `{` at line 7:6 opens no valid expression (Could not parse expression with acorn); shown as text',
      },
      {
        code: 'mdx-syntax',
        file: 'brace.mdx',
        message:
          'MDX syntax: the `{` at line 11:8 opens no valid expression (Unexpected end of file in expression, ' +
          'expected a corresponding closing brace for `{`); shown as text',
      },
    ]);
  });
});

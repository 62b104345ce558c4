/**
 * A page that is not valid MDX is reported in plain words first (what is wrong, at which line:column), with
 * the compiler's own message after it: in the page's error box, its `render failed:` warning (which the
 * export's warnings quote) and the import report's render-failed problem.
 */
import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { render } from './fixtures/render/harness.js';

const CASES: [string, string][] = [
  [
    '# Title\n\nexport const limits = {;\n\nText\n',
    'MDX syntax error at line 3:24: an import/export statement could not be parsed ' +
      '(Could not parse import/exports with acorn: Unexpected token)',
  ],
  [
    // A brace in text that opens no valid expression is shown as text (strayBraces.ts); in an attribute it fails.
    '# Title\n\n<Card title={1 +}>x</Card>\n',
    'MDX syntax error at line 3:17: a JavaScript expression in braces could not be parsed ' +
      '(Could not parse expression with acorn: Unexpected token)',
  ],
  [
    '# Title\n\n<Note>\nBroken unclosed note\n',
    'MDX syntax error at line 3:1: the tag <Note> is never closed (Expected a closing tag for `<Note>` (3:1-3:7))',
  ],
  [
    '# Title\n\n<Steps>\n</Step>\n',
    'MDX syntax error at line 4:1: the closing tag </Step> does not match the open tag <Steps> ' +
      '(Unexpected closing tag `</Step>`, expected corresponding closing tag for `<Steps>` (3:1-3:8))',
  ],
  [
    '# Title\n\n<Card title=>x</Card>\n',
    'MDX syntax error at line 3:13: a JSX tag is malformed (Unexpected character `>` (U+003E) before attribute ' +
      'value, expected a character that can start an attribute value, such as `"`, `\'`, or `{`)',
  ],
];

describe('MDX syntax errors in plain words', () => {
  it('puts what is wrong and where first in the error box and the warning, the compiler after', async () => {
    for (const [source, reason] of CASES) {
      const page = await render(source);
      expect({ source, box: page.dom.querySelector('.op-render-error-message')?.text }).toEqual({
        source,
        box: reason,
      });
      expect(page.warnings).toContain(`render failed: ${reason}`);
    }
  });

  it('says the same in the import report, the page named by its file, hidden or outside the navigation too', async () => {
    const [source, reason] = CASES[0] ?? ['', ''];
    // Pages a reader can open though search never lists them (kodediy's Doxygen pages, off the navigation).
    const project = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['bad', 'hidden'] } }),
      'bad.mdx': source,
      'hidden.mdx': `---\ntitle: Hidden\nhidden: true\n---\n\n${source}`,
      'offnav.mdx': '# Off the navigation\n\n| Field | About |\n| - | - |\n| uid | a<br>4-byte UID |\n',
    });
    const created = await cli([
      ...['projects', 'create', '--data-dir', tempDir(), '--name', 'S', '--domain', 's.localhost', '--json'],
      ...['--source', project],
    ]);
    const { problemList } = JSON.parse(created.stdout) as {
      problemList: { code: string; file: string; message: string }[];
    };
    expect(problemList.filter((p) => p.code === 'render-failed')).toEqual([
      { code: 'render-failed', file: 'bad.mdx', message: `bad: ${reason}` },
      { code: 'render-failed', file: 'hidden.mdx', message: `hidden: ${reason.replace('line 3', 'line 8')}` },
      {
        code: 'render-failed',
        file: 'offnav.mdx',
        message: expect.stringContaining('offnav: MDX syntax error at line 5:') as string,
      },
    ]);
  });
});

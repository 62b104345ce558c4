/** CodeGroup / examples whose blocks come from imported snippets (Firecrawl writes every sample so). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, type Rendered } from './fixtures/render/harness.js';

const FILES: Record<string, string> = {
  'snippets/py.mdx': '```python Python\nprint("hi")\n```\n\n\n',
  'snippets/js.mdx': '```js Node\nconsole.log("hi");\n```\n',
  'snippets/curl.mdx': '```bash\ncurl https://example.com/{path}\n```\n',
  'snippets/two.mdx': '```go Go\nfmt.Println()\n```\n\n```rust Rust\nprintln!();\n```\n',
  'snippets/prose.mdx': 'Some **prose**, not code.\n',
};

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'offprint-codegroup-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('CodeGroup of snippet components', () => {
  let page: Rendered;
  beforeAll(async () => {
    const source = [
      'import Py from "/snippets/py.mdx";',
      'import Js from "/snippets/js.mdx";',
      'import Curl from "/snippets/curl.mdx";',
      'import Two from "/snippets/two.mdx";',
      'import Prose from "/snippets/prose.mdx";',
      '',
      '<CodeGroup>',
      '',
      '  <Py />',
      '',
      '  <Js />',
      '  <Curl path="v2/scrape" />',
      '',
      '</CodeGroup>',
      '',
      '<CodeGroup>',
      '<Two />',
      '<Prose />',
      '</CodeGroup>',
    ].join('\n');
    page = await render(source, { root: site() });
  });

  it("labels each tab by the snippet's block title or language, as if the fence were written inline", () => {
    const [group] = page.dom.querySelectorAll('.op-code-group');
    expect(group?.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual(['Python', 'Node', 'Bash']);
    expect(group?.querySelector('.op-code-title')).toBeNull();
    expect(group?.querySelectorAll('[role="tabpanel"] pre').map((p) => p.text)).toEqual([
      'print("hi")',
      'console.log("hi");',
      'curl https://example.com/v2/scrape',
    ]);
  });

  it('gives every block of a many-block snippet a tab, and keeps other children as they were', () => {
    const [, group] = page.dom.querySelectorAll('.op-code-group');
    expect(group?.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual(['Go', 'Rust', 'Tab 2']);
  });
});

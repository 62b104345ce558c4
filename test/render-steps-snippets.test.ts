/** `<Steps>` whose `<Step>`s come from imported snippets (Trigger.dev writes its setup steps so). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render, type Rendered } from './fixtures/render/harness.js';

const FILES: Record<string, string> = {
  'snippets/init.mdx': '<Step title="Run `init`">\n\nRun the CLI.\n\n</Step>\n',
  'snippets/dev.mdx': '<Step title="Run dev">\n\nWatch {framework}.\n\n</Step>\n',
  'snippets/two.mdx': '<Step title="Test">\n\nTest it.\n\n</Step>\n\n<Step title="View">\n\nView it.\n\n</Step>\n',
  'snippets/prose.mdx': 'Some **prose**, no step.\n',
};

function site(): string {
  const root = mkdtempSync(join(tmpdir(), 'offprint-steps-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('Steps of snippet components', () => {
  let page: Rendered;
  beforeAll(async () => {
    const source = [
      'import Init from "/snippets/init.mdx";',
      'import Dev from "/snippets/dev.mdx";',
      'import Two from "/snippets/two.mdx";',
      'import Prose from "/snippets/prose.mdx";',
      '',
      '<Steps titleSize="h3">',
      '<Step title="Create an account">',
      'Sign up.',
      '</Step>',
      '',
      '<Init />',
      '<Dev framework="Next.js" />',
      '<Two />',
      '</Steps>',
      '',
      '<Steps>',
      '  <Prose />',
      '  <Step title="Last">Done.</Step>',
      '</Steps>',
    ].join('\n');
    page = await render(source, { root: site() });
  });

  it("numbers a snippet's steps in order with the inline ones, as Mintlify (which inlines snippets) does", () => {
    const [steps] = page.dom.querySelectorAll('.op-steps');
    expect(steps?.querySelectorAll('.op-step-number').map((n) => n.text)).toEqual(['1', '2', '3', '4', '5']);
    expect(steps?.querySelectorAll('.op-step-title').map((t) => t.text)).toEqual([
      'Create an account',
      'Run `init`',
      'Run dev',
      'Test',
      'View',
    ]);
    expect(steps?.querySelectorAll('.op-step-body').map((b) => b.text.trim())[2]).toBe('Watch Next.js.');
  });

  it("gives a snippet's steps the group's title size, so they are headings in the page's table of contents", () => {
    const [steps] = page.dom.querySelectorAll('.op-steps');
    expect(steps?.querySelectorAll('h3.op-step-title')).toHaveLength(5);
  });

  it('keeps a snippet without steps as it was and counts only steps', () => {
    const [, steps] = page.dom.querySelectorAll('.op-steps');
    expect(steps?.text).toContain('Some prose, no step.');
    expect(steps?.querySelectorAll('.op-step-number').map((n) => n.text)).toEqual(['1']);
  });
});

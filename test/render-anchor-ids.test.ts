/**
 * Anchor ids as Mintlify makes them: Mintlify's slugs for headings and titled components (not GitHub's:
 * runtime/slugs.ts), `param-<kebab name>` for ParamField / ResponseField, `-2`, `-3` for repeats
 * page-wide, explicit ids kept, and the same ids in the TOC.
 */
import { describe, expect, it } from 'vitest';
import { render } from './fixtures/render/harness.js';

const PAGE = [
  '## 1. Connect to a warehouse',
  '## Click here to get started.',
  '## Setup',
  '## Setup',
  '## 🚀 Launch day',
  '## Using the `<Preferences />` component',
  '## Configuration options {#config}',
  '## Привет, мир',
  '### 设置 指南',
  '<AccordionGroup>\n<Accordion title="Installation steps">a</Accordion>\n<Accordion title="Why? (FAQ)" id="faq">b</Accordion>\n</AccordionGroup>',
  '<Steps>\n<Step title="Install the CLI">x</Step>\n<Step title="Setup">y</Step>\n</Steps>',
  '<Tabs>\n<Tab title="Node.js">n</Tab>\n<Tab title="Python 3">p</Tab>\n</Tabs>',
  '<ParamField query="userId" type="string">u</ParamField>',
  '<ParamField path="FASTMCP_SERVER_AUTH">f</ParamField>',
  '<ResponseField name="max_tokens" type="number">m</ResponseField>',
  '<ResponseField name="iconType" type="string">i</ResponseField>',
  '<ResponseField name="userId" type="string">again</ResponseField>',
].join('\n\n');

describe('anchor ids', () => {
  it('gives headings Mintlify’s slugs, numbers repeats -2, -3 and keeps explicit ids', async () => {
    const page = await render(PAGE);
    expect(page.dom.querySelectorAll('h2, h3').map((h) => h.id)).toEqual([
      '1-connect-to-a-warehouse',
      'click-here-to-get-started',
      'setup',
      'setup-2',
      '🚀-launch-day',
      'using-the-preferences-/-component',
      'config',
      'привет-мир',
      '设置-指南',
    ]);
    expect(page.headings.slice(0, 4).map((h) => h.id)).toEqual([
      '1-connect-to-a-warehouse',
      'click-here-to-get-started',
      'setup',
      'setup-2',
    ]);
    const links = page.dom.querySelectorAll('h2 a.op-heading-anchor').map((a) => a.getAttribute('href'));
    expect(links[0]).toBe('#1-connect-to-a-warehouse');
  });

  it('gives accordions, steps and tabs the slug of their title (or their id), counted with the headings', async () => {
    const page = await render(PAGE);
    expect(page.dom.querySelectorAll('details.op-accordion').map((a) => a.id)).toEqual(['installation-steps', 'faq']);
    expect(page.dom.querySelectorAll('.op-step').map((s) => s.id)).toEqual(['install-the-cli', 'setup-3']);
    // A step without titleSize is no heading, so not in the TOC (Mintlify's remarkExtractTableOfContents).
    expect(page.headings.map((h) => h.id)).not.toContain('setup-3');
    const tabIds = page.dom.querySelectorAll('.op-tabs:not(.op-code-group) [role="tabpanel"]').map((t) => t.id);
    expect(tabIds.some((id) => id.includes('node-js'))).toBe(true);
    expect(tabIds.some((id) => id.includes('python-3'))).toBe(true);
  });

  it('gives ParamField and ResponseField `param-` and the name in kebab case', async () => {
    const page = await render(PAGE);
    expect(page.dom.querySelectorAll('[data-op-field]').map((f) => f.id)).toEqual([
      'param-user-id',
      'param-fastmcp-server-auth',
      'param-max-tokens',
      'param-icon-type',
      'param-user-id-2',
    ]);
  });
});

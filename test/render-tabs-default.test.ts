/** Tabs as Mintlify's Tabs reads them: defaultTabIndex clamped into the tabs there are; untitled tabs named. */
import { describe, expect, it } from 'vitest';
import { render } from './fixtures/render/harness.js';

const TABS = (index: string): string =>
  `<Tabs defaultTabIndex={${index}}>\n<Tab title="One">1</Tab>\n<Tab title="Two">2</Tab>\n<Tab title="Three">3</Tab>\n</Tabs>`;

async function selected(index: string): Promise<string | undefined> {
  const page = await render(TABS(index));
  return page.dom.querySelector('.op-tab[aria-selected="true"]')?.getAttribute('data-op-tab');
}

describe('tabs defaultTabIndex', () => {
  it('selects the last tab for an index past the end', async () => {
    expect(await selected('7')).toBe('Three');
  });

  it('selects the first tab for a negative index, and the named one otherwise', async () => {
    expect(await selected('-2')).toBe('One');
    expect(await selected('1')).toBe('Two');
  });
});

describe('untitled tabs', () => {
  it('read "Tab Title", as Mintlify names a tab with no title, each with its own panel', async () => {
    const page = await render('<Tabs>\n<Tab title="Named">1</Tab>\n<Tab>2</Tab>\n<Tab>3</Tab>\n</Tabs>');
    expect(page.dom.querySelectorAll('.op-tab-label').map((l) => l.text)).toEqual(['Named', 'Tab Title', 'Tab Title']);
    const panels = page.dom.querySelectorAll('.op-tab-panel').map((p) => p.getAttribute('id'));
    expect(new Set(panels).size).toBe(3);
  });
});

/**
 * The export's missing-anchor check agrees with the page script (theme/client/anchors.ts): a fragment
 * naming an id, an id in another case, a heading's GitHub-style alias or a text whose Mintlify slug is
 * an id (punctuation the id drops, `#tui-mode%3A-interactive-development`) lands and keeps its fragment;
 * anything else is repaired to its page. Ids holding `&` (Mintlify keeps it) are read decoded.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AnchorIndex } from '../server/export/anchors.js';
import { parseHtml } from '../server/export/refs.js';

const TARGET =
  '<h2 id="fees-&amp;-billing" data-op-alias="fees--billing">Fees &amp; billing</h2>' +
  '<h2 id="what’s-next" data-op-alias="whats-next">What’s next?</h2>' +
  '<h3 id="tui-mode-interactive-development">TUI Mode: Interactive Development</h3>';

// The last landing link keeps the colon its heading's id drops, as Continue's docs link it.
const LINKS = [
  '#fees-&-billing',
  '#fees--billing',
  '#Whats-Next',
  '#what%E2%80%99s-next',
  '#tui-mode%3A-interactive-development',
  '#nowhere',
];

describe('export anchor check', () => {
  it('keeps links that land on an id, a case variant or an alias, and repairs the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-anchors-'));
    const index = new AnchorIndex(pino({ level: 'silent' }));
    const other = LINKS.map((href) => `<a href="page.html${href}">x</a>`).join('');
    writeFileSync(join(dir, 'from.html'), other);
    const own = parseHtml(TARGET + LINKS.map((href) => `<a href="${href}">x</a>`).join(''));
    index.record('page.html', own);
    index.record('from.html', parseHtml(other));
    index.repair(dir);
    expect(own.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([...LINKS.slice(0, 5), '#']);
    const repaired = parseHtml(readFileSync(join(dir, 'from.html'), 'utf8'));
    expect(repaired.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      ...LINKS.slice(0, 5).map((href) => `page.html${href}`),
      'page.html',
    ]);
    expect(index.brokenLinks.map((link) => link.href)).toEqual(['page.html#nowhere', '#nowhere']);
  });
});

/** Update (changelog entry) as Mintlify's Update source lays out its side column. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('update', () => {
  it('lists tags before the description, as Mintlify does', async () => {
    const page = await render('<Update label="v1" description="First" tags={["A", "B"]}>Body</Update>');
    const meta = one(page.dom, '.op-update-meta');
    expect(meta.childNodes.map((n) => n.rawText)).toEqual(['v1', 'AB', 'First']);
  });

  it('shows each tag once, trimmed, and none that is blank', async () => {
    const page = await render('<Update label="v2" tags={["API", " API", "", "SDK"]}>Body</Update>');
    expect(page.dom.querySelectorAll('.op-update-tag').map((t) => t.text)).toEqual(['API', 'SDK']);
  });

  it("carries Mintlify's update-container class, which projects' CSS selects an entry by", async () => {
    const page = await render('<Update label="v3">Body</Update>');
    expect(one(page.dom, '.op-update').classList.contains('update-container')).toBe(true);
  });
});

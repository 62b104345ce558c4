/** Browser globals project components use while rendering on the server: btoa/atob. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('base64 in project code', () => {
  it('renders a component that builds a deep link with btoa, and decodes it back with atob', async () => {
    const page = await render(
      [
        'export const Deep = ({ url }) => {',
        '  const config = btoa(JSON.stringify({ url }));',
        '  return <a className="deep" data-back={atob(config)} href={`cursor://install?config=${config}`}>Add</a>;',
        '};',
        '',
        '<Deep url="https://mcp.example.com/v2/mcp" />',
        '',
        'export const Sizes = () => <span className="sizes">{["", "a", "ab", "abc", "\\u00ff"].map((s) => btoa(s)).join(" ")}</span>;',
        '',
        '<Sizes />',
      ].join('\n'),
    );
    expect(page.warnings).toEqual([]);
    const link = one(page.dom, 'a.deep');
    const config = Buffer.from(JSON.stringify({ url: 'https://mcp.example.com/v2/mcp' })).toString('base64');
    expect(link.getAttribute('href')).toBe(`cursor://install?config=${config}`);
    expect(link.getAttribute('data-back')).toBe(JSON.stringify({ url: 'https://mcp.example.com/v2/mcp' }));
    expect(one(page.dom, 'span.sizes').text).toBe(' YQ== YWI= YWJj /w==');
  });
});

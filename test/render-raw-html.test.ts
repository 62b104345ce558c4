/** Raw HTML handed to React by project code (`dangerouslySetInnerHTML`), as Mintlify shows it. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('dangerouslySetInnerHTML', () => {
  it('shows the HTML of a shared string (Helicone writes every "Create an API key" step so)', async () => {
    const page = await render(
      [
        'export const strings = {',
        '  key: `Log into <a href="https://www.helicone.ai" target="_blank">Helicone</a> or <b class="x">create</b> &amp; go.`,',
        '  verify: (tool) => `Calls to ${tool} are logged. See the <a href="/guides/start">guide</a>.`,',
        '};',
        '',
        '<div className="one" dangerouslySetInnerHTML={{ __html: strings.key }} />',
        '',
        '<div className="two" dangerouslySetInnerHTML={{ __html: strings.verify("Azure") }} />',
        '',
        'export const Box = () => <section className="three" dangerouslySetInnerHTML={{ __html: "<p style=\\"color: red\\">In <code>a &lt; b</code></p><table><tr><td colspan=\\"2\\">cell</td></tr></table>" }} />;',
        '',
        '<Box />',
      ].join('\n'),
    );
    expect(page.warnings).toEqual([]);
    const first = one(page.dom, 'div.one');
    expect(first.text).toBe('Log into Helicone or create & go.');
    expect(one(first, 'a').getAttribute('href')).toBe('https://www.helicone.ai');
    expect(one(first, 'b').getAttribute('class')).toBe('x');
    expect(one(page.dom, 'div.two a').getAttribute('href')).toBe('/guides/start');
    expect(one(page.dom, 'div.two').text).toBe('Calls to Azure are logged. See the guide.');
    const third = one(page.dom, 'section.three');
    expect(one(third, 'p').getAttribute('style')).toBe('color:red');
    expect(one(third, 'p code').text).toBe('a < b');
    expect(one(third, 'td').getAttribute('colspan')).toBe('2');
  });

  it('keeps bare boolean attributes and SVG attributes (<details open>, <video controls>, stroke-width)', async () => {
    const page = await render(
      [
        '<div className="bools" dangerouslySetInnerHTML={{ __html: \'<details open><summary>More</summary>Body</details><video controls muted src="/v.mp4"></video><input type="checkbox" checked disabled value="on"><select><option value="b" selected>B</option></select><svg viewBox="0 0 24 24"><path stroke-width="2" xlink:href="#a" d="M1 1"/></svg>\' }} />',
      ].join('\n'),
    );
    const bools = one(page.dom, 'div.bools');
    expect(one(bools, 'details').getAttribute('open')).toBe('');
    expect(one(bools, 'video').getAttribute('controls')).toBe('');
    const input = one(bools, 'input');
    expect(input.getAttribute('checked')).toBe('');
    expect(input.getAttribute('disabled')).toBe('');
    expect(input.getAttribute('value')).toBe('on');
    expect(one(bools, 'option').getAttribute('value')).toBe('b');
    expect(one(bools, 'svg').getAttribute('viewBox')).toBe('0 0 24 24');
    expect(one(bools, 'path').getAttribute('stroke-width')).toBe('2');
  });

  it('drops what would run code: handlers, script URLs, scripts', async () => {
    const page = await render(
      [
        'export const Bad = () => <div className="bad" dangerouslySetInnerHTML={{ __html: \'<img src="/x.png" onerror="alert(1)"><a href=" javascript:alert(2)" title="javascript: the language">go</a><script>alert(3)</script><iframe srcdoc="<b>x</b>"></iframe>\' }} />;',
        '',
        '<Bad />',
        '',
        '<script dangerouslySetInnerHTML={{ __html: "alert(4)" }} />',
      ].join('\n'),
    );
    const bad = one(page.dom, 'div.bad');
    expect(page.html).not.toContain('alert(');
    expect(page.html).not.toContain('srcdoc');
    expect(one(bad, 'a').text).toBe('go');
    expect(one(bad, 'a').getAttribute('href')).toBeUndefined();
    expect(one(bad, 'a').getAttribute('title')).toBe('javascript: the language');
  });
});

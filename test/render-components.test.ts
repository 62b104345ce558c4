/** The component catalogue rendered from a fixture page that uses every built-in component once or more. */
import { beforeAll, describe, expect, it } from 'vitest';
import { one, render, renderFixture, type Rendered } from './fixtures/render/harness.js';

let page: Rendered;
beforeAll(async () => {
  page = await renderFixture('components.mdx');
});

describe('component catalogue', () => {
  it('renders without reporting anything unknown, missing or failing', () => {
    expect(page.unknownComponents).toEqual([]);
    expect(page.missingImports).toEqual([]);
    expect(page.warnings).toEqual([]);
    expect(page.frontmatter).toMatchObject({ title: 'Every component', keywords: ['fixture'] });
  });

  it('renders the six preset callouts and a tinted custom callout', () => {
    const kinds = page.dom.querySelectorAll('.op-callout').map((c) => c.getAttribute('data-callout'));
    expect(kinds).toEqual(['note', 'info', 'tip', 'warning', 'check', 'danger', 'custom']);
    expect(one(page.dom, '.op-callout-warning .op-callout-content').text).toBe('Warning text');
    const custom = one(page.dom, '.op-callout-custom');
    expect(custom.getAttribute('style')).toContain('--op-callout-color:#ff0000');
    expect(one(custom, '.op-callout-icon [data-icon="rocket"] svg')).toBeTruthy();
  });

  it('lays out columns and cards; a linked card links its title instead of nesting anchors', () => {
    const grids = page.dom.querySelectorAll('.op-columns');
    expect(grids.map((g) => g.getAttribute('data-cols'))).toEqual(['3', '2']);
    expect(grids[0]?.querySelectorAll('.op-column')).toHaveLength(2);
    const [linked, plain] = page.dom.querySelectorAll('.op-card');
    expect(linked?.classList.contains('op-card-linked')).toBe(true);
    expect(linked?.querySelector('a.op-card-anchor')?.getAttribute('href')).toBe('/guides/start');
    expect(linked?.querySelector('.op-card-cta')?.text).toBe('Read');
    expect(linked?.querySelector('.op-card-body a')?.getAttribute('href')).toBe('/elsewhere');
    expect(linked?.querySelector('.op-card-body a.op-card-anchor')).toBeNull();
    expect(plain?.classList.contains('op-card-horizontal')).toBe(true);
    expect(plain?.classList.contains('op-card-tip')).toBe(true);
    expect(plain?.querySelector('img.op-card-img')?.getAttribute('src')).toBe('/images/card.png');
    expect(plain?.querySelector('[data-icon="github"] svg.op-svg-fa-brands')).toBeTruthy();
  });

  it('renders Tile, Panel and Frame (caption, hint, autoplaying video)', () => {
    const tile = one(page.dom, 'a.op-tile');
    expect(tile.getAttribute('href')).toBe('/tiles/one');
    expect(one(tile, '.op-tile-title').text).toBe('Tile title');
    expect(one(page.dom, 'aside.op-panel[data-op-panel]').text).toBe('Panel content');
    const frame = one(page.dom, 'figure.op-frame');
    expect(one(page.dom, '.op-frame-hint').text).toBe('A hint');
    expect(one(frame, 'figcaption.op-frame-caption').text).toBe('A caption');
    const video = one(page.dom, '.op-frame video');
    for (const flag of ['muted', 'loop', 'playsinline', 'autoplay']) expect(video.hasAttribute(flag)).toBe(true);
  });

  it('renders accordions as details elements with ids', () => {
    const group = one(page.dom, '.op-accordion-group');
    const items = group.querySelectorAll('details.op-accordion');
    expect(items.map((d) => d.id)).toEqual(['first-accordion', 'second-accordion']);
    expect(items[0]?.hasAttribute('open')).toBe(true);
    expect(items[1]?.hasAttribute('open')).toBe(false);
    expect(items[0]?.querySelector('.op-accordion-description')?.text).toBe('More');
    expect(items[1]?.querySelector('.op-accordion-body')?.text.trim()).toBe('Accordion two body');
  });

  it('numbers steps, anchors their titles and honours titleSize and icons', () => {
    const steps = page.dom.querySelectorAll('.op-steps .op-step');
    expect(steps.map((s) => s.id)).toEqual(['install-the-cli', 'configure', 'deploy']);
    expect(steps[0]?.querySelector('.op-step-number')?.text).toBe('1');
    expect(steps[1]?.querySelector('.op-step-marker [data-icon="settings"]')).toBeTruthy();
    expect(steps[2]?.querySelector('.op-step-number')?.text).toBe('3');
    expect(steps[2]?.querySelector('h2.op-step-title a')?.getAttribute('href')).toBe('#deploy');
  });

  it('renders param and response fields with their badges and nested expandables', () => {
    const param = one(page.dom, '[data-op-field="param"]');
    expect(one(param, '.op-field-name').text).toBe('limit');
    expect(one(param, '.op-field-location').text).toBe('query');
    expect(one(param, '.op-field-type').text).toBe('number');
    expect(one(param, '.op-field-required')).toBeTruthy();
    expect(one(param, '.op-field-default code').text).toBe('10');
    const user = one(page.dom, '#param-user');
    expect(one(user, '.op-field-pill').text).toBe('nullable');
    expect(one(user, '.op-field-deprecated')).toBeTruthy();
    const expandable = one(user, 'details.op-expandable');
    expect(one(expandable, '.op-expandable-show').text).toBe('Show user fields');
    expect(one(expandable, '#param-id .op-field-name').text).toBe('id');
  });

  it('renders tabs with the default tab selected and the others hidden', () => {
    const tabs = one(page.dom, '.op-tabs:not(.op-code-group)');
    const buttons = tabs.querySelectorAll('[role="tab"]');
    expect(buttons.map((b) => b.getAttribute('data-op-tab'))).toEqual(['macOS', 'Linux']);
    expect(buttons.map((b) => b.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(buttons[0]?.querySelector('[data-icon="apple"]')).toBeTruthy();
    const panels = tabs.querySelectorAll('[role="tabpanel"]');
    expect(panels.map((p) => p.hasAttribute('hidden'))).toEqual([true, false]);
    expect(panels[0]?.id).toBe(buttons[0]?.getAttribute('aria-controls'));
  });

  it('renders inline Icon, Badge and Tooltip', () => {
    const icon = one(page.dom, '.op-icon-inline');
    expect(icon.getAttribute('data-icon')).toBe('rocket');
    expect(icon.getAttribute('style')).toContain('width:24px');
    expect(icon.getAttribute('style')).toContain('color:#00ff00');
    const badge = one(page.dom, '.op-badge');
    expect(badge.classList.contains('op-badge-blue')).toBe(true);
    expect(badge.classList.contains('op-badge-pill')).toBe(true);
    const tooltip = one(page.dom, '[data-op-tooltip]');
    expect(one(tooltip, '.op-tooltip-trigger').text).toBe('tooltip');
    expect(one(tooltip, '.op-tooltip-headline').text).toBe('Term');
    expect(one(tooltip, 'a.op-tooltip-cta').getAttribute('href')).toBe('/docs');
  });

  it('renders Update entries with tags and an anchor', () => {
    const update = one(page.dom, '[data-op-update]');
    // Mintlify turns a `.` into `-`; GitHub's id (`v20`) stays reachable as the alias.
    expect(update.id).toBe('v2-0');
    expect(update.getAttribute('data-op-alias')).toBe('v20');
    expect(update.getAttribute('data-tags')).toBe('feature,fix');
    expect(update.querySelectorAll('.op-update-tag').map((t) => t.text)).toEqual(['feature', 'fix']);
  });

  it('renders trees from Tree.Folder/Tree.File and from a Markdown list', () => {
    const [jsxTree, listTree] = page.dom.querySelectorAll('[data-op-tree]');
    expect(jsxTree?.querySelector('details.op-tree-folder .op-tree-name')?.text).toBe('src');
    expect(jsxTree?.querySelector('.op-tree-highlight .op-tree-name')?.text).toBe('index.ts');
    expect(listTree?.querySelectorAll('.op-tree-folder > summary .op-tree-name').map((n) => n.text)).toEqual(['app']);
    expect(listTree?.querySelectorAll('.op-tree-file .op-tree-name').map((n) => n.text)).toEqual([
      'page.tsx',
      'README.md',
    ]);
  });

  it('renders request/response examples as titled code tabs', () => {
    const request = one(page.dom, '[data-op-example="request"]');
    expect(request.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual(['cURL', 'Python']);
    expect(request.querySelectorAll('.op-code-title')).toHaveLength(0);
    const response = one(page.dom, '[data-op-example="response"]');
    expect(one(response, '[data-op-code]').getAttribute('data-lang')).toBe('json');
  });

  it('gives a Prompt its children as written, indentation under the tag removed, to copy and open in Cursor', async () => {
    const source = [
      '<Prompt description="Write docs" actions={["copy", "cursor"]}>',
      '  You are a **technical writer**.',
      '',
      '  - Use the second person.',
      '    - Keep it short.',
      '</Prompt>',
      '',
      'Before <Prompt>Say *hi*</Prompt> inline.',
    ].join('\n');
    const rendered = await render(source);
    const [block, inline] = rendered.dom.querySelectorAll('[data-op-prompt]');
    const written = 'You are a **technical writer**.\n\n- Use the second person.\n  - Keep it short.';
    expect(block?.getAttribute('data-op-prompt-text')).toBe(written);
    expect(block?.querySelector('a.op-prompt-cursor')?.getAttribute('href')).toContain(encodeURIComponent(written));
    expect(block?.querySelector('.op-prompt-body strong')?.text).toBe('technical writer');
    expect(inline?.getAttribute('data-op-prompt-text')).toBe('Say *hi*');
  });

  it('renders Prompt, View, Visibility and Color', () => {
    const prompt = one(page.dom, '[data-op-prompt]');
    expect(one(prompt, '.op-prompt-body').text.trim()).toBe('Write a test.');
    expect(one(prompt, '[data-op-copy-prompt]')).toBeTruthy();
    expect(one(prompt, 'a.op-prompt-cursor').getAttribute('href')).toContain('Write%20a%20test.');
    expect(page.dom.querySelectorAll('[data-op-view]').map((v) => v.getAttribute('data-op-view'))).toEqual([
      'JavaScript',
      'Python',
    ]);
    expect(page.text).toContain('Shown to humans');
    expect(page.html).not.toContain('Only for agents');
    const items = page.dom.querySelectorAll('.op-color-item');
    expect(items.map((i) => i.getAttribute('data-op-copy-value'))).toEqual(['#0f172a', '#ffffff']);
    expect(items[1]?.getAttribute('style')).toContain('--op-swatch-dark:#000000');
  });

  it('renders Heading, noAnchor JSX headings, images with zoom flags, tables and math', () => {
    expect(one(page.dom, 'h3#quiet-heading').querySelector('.op-heading-anchor')).toBeNull();
    expect(one(page.dom, 'h2#jsx-heading').querySelector('.op-heading-anchor')).toBeNull();
    expect(one(page.dom, 'h2#callouts .op-heading-anchor').getAttribute('href')).toBe('#callouts');
    const noZoom = one(page.dom, 'img[src="/images/nozoom.png"]');
    expect(noZoom.hasAttribute('data-op-zoom')).toBe(false);
    expect(noZoom.getAttribute('data-op-actions')).toBe('copy');
    expect(one(page.dom, 'img[src="/images/md.png"]').hasAttribute('data-op-zoom')).toBe(true);
    expect(one(page.dom, '.op-table table th').getAttribute('style')).toContain('text-align:left');
    expect(one(page.dom, '.katex-display .katex-html')).toBeTruthy();
    expect(page.html).not.toContain('<math');
  });

  it('lists every referenced project file as an asset', () => {
    expect([...page.assets].sort()).toEqual(
      [
        '/files/spec.pdf',
        '/images/card.png',
        '/images/framed.png',
        '/images/md.png',
        '/images/nozoom.png',
        '/images/tile.svg',
        '/videos/demo.mp4',
      ].sort(),
    );
  });

  it('produces search text without markup or icon noise', () => {
    expect(page.text).toContain('Card body with a link.');
    expect(page.text).toContain('Accordion one body');
    expect(page.text).not.toMatch(/<|svg|Copy code/);
  });
});

describe('inline Markdown in a caption', () => {
  it('makes strong, emphasis, code and safe links of a Frame caption written as a string', async () => {
    const caption =
      '**Green**: healthy, *amber* _waits_, `flag.on`; see [rollouts](/concepts/rollouts) ' +
      'or [this](javascript:alert(1)); snake_case_name stays';
    const page = await render(`<Frame caption="${caption}">\n  <img src="/images/x.png" />\n</Frame>`);
    const figcaption = one(page.dom, 'figcaption.op-frame-caption');
    expect(figcaption.innerHTML).toBe(
      '<strong>Green</strong>: healthy, <em>amber</em> <em>waits</em>, <code>flag.on</code>; see ' +
        '<a href="/concepts/rollouts">rollouts</a> or [this](javascript:alert(1)); snake_case_name stays',
    );
  });
});

describe('icons and HTML props', () => {
  it('resolves Font Awesome names first with the fontawesome library, and paths as images', async () => {
    const page = await render('<Icon icon="house" iconType="solid" /> <Icon icon="/icons/logo.svg" />', {
      iconLibrary: 'fontawesome',
    });
    expect(one(page.dom, '[data-icon="house"] svg').classList.contains('op-svg-fa-solid')).toBe(true);
    expect(one(page.dom, 'img.op-icon-img').getAttribute('src')).toBe('/icons/logo.svg');
    expect(page.assets).toEqual(['/icons/logo.svg']);
  });

  it('falls back to Font Awesome brands for a name Lucide lacks, and renders GitHub.Repo as a link', async () => {
    const page = await render('<Icon icon="react" />\n\n<GitHub.Repo repo="https://github.com/novuhq/novu" />');
    expect(one(page.dom, '[data-icon="react"] svg').classList.contains('op-svg-fa-brands')).toBe(true);
    expect(one(page.dom, 'a.op-github-repo').getAttribute('href')).toBe('https://github.com/novuhq/novu');
    expect(one(page.dom, '.op-github-repo-name').text).toBe('novuhq/novu');
    expect(page.unknownComponents).toEqual([]);
  });

  it('renders a page Mention as a link named after the page, and a user Mention without the email', async () => {
    const page = await render(
      'See <Mention page="/guides/getting-started" /> or ask <Mention user="wintergreen@example.com" />.',
    );
    const link = one(page.dom, 'a.op-mention-page');
    expect(link.getAttribute('href')).toBe('/guides/getting-started');
    expect(link.text).toBe('Getting started');
    expect(one(page.dom, '.op-mention-user').text).toBe('@wintergreen');
    expect(page.dom.text).not.toContain('example.com');
    expect(page.unknownComponents).toEqual([]);
  });

  it('renders a Timeline: each item its title, date, coloured marker (with its icon) and content', async () => {
    const page = await render(
      [
        '<Timeline>',
        '  <Timeline.Item title="v2.0 released" date="2025-03-01" icon="bug" color="red">',
        '    Major release.',
        '  </Timeline.Item>',
        '  <Timeline.Item title="v1.0 released" date="2024-11-01" color="teal">Initial release.</Timeline.Item>',
        '</Timeline>',
      ].join('\n'),
    );
    const items = one(page.dom, '.op-timeline[data-op-timeline]').querySelectorAll('.op-timeline-item');
    expect(items.map((i) => i.querySelector('.op-timeline-title')?.text)).toEqual(['v2.0 released', 'v1.0 released']);
    expect(items.map((i) => i.querySelector('.op-timeline-date')?.text)).toEqual(['2025-03-01', '2024-11-01']);
    expect(items.map((i) => i.querySelector('.op-timeline-body')?.text.trim())).toEqual([
      'Major release.',
      'Initial release.',
    ]);
    expect(items[0]?.classList.contains('op-timeline-red')).toBe(true);
    expect(items[0]?.querySelector('.op-timeline-marker [data-icon="bug"] svg')).toBeTruthy();
    expect(items[1]?.classList.contains('op-timeline-gray')).toBe(true);
    expect(page.unknownComponents).toEqual([]);
  });

  it('renders a Popup as a focusable wrapper holding its trigger and its floating content', async () => {
    const page = await render(
      [
        '<Popup>',
        '  <PopupTrigger>',
        '    <button>Click me</button>',
        '  </PopupTrigger>',
        '  <PopupContent>',
        '    **Server-Side Rendering**: rendered on the server.',
        '  </PopupContent>',
        '</Popup>',
      ].join('\n'),
    );
    const popup = one(page.dom, '.op-popup[data-op-popup]');
    expect(popup.getAttribute('tabindex')).toBe('0');
    expect(one(popup, '.op-popup-trigger button').text).toBe('Click me');
    const content = one(popup, '.op-popup-content[role="dialog"]');
    expect(one(content, 'strong').text).toBe('Server-Side Rendering');
    expect(page.unknownComponents).toEqual([]);
  });

  it('draws Graph data as an SVG chart: bars per row, a line per series with a legend, pie slices', async () => {
    const page = await render(
      [
        '<Graph type="bar" title="Sales by region" xKey="region" yKey="sales">',
        '  {[{ region: "North", sales: 4200 }, { region: "South", sales: 3800 }, { region: "East", sales: 5100 }]}',
        '</Graph>',
        '',
        '<Graph type="line" title="Revenue vs Expenses" xKey="month">',
        '  {{',
        '    data: [{ month: "Jan", revenue: 4000, expenses: 2400 }, { month: "Feb", revenue: 3000, expenses: 1398 }],',
        '    series: [{ key: "revenue", label: "Revenue", color: "#22c55e" }, { key: "expenses", label: "Expenses" }]',
        '  }}',
        '</Graph>',
        '',
        '<Graph type="donut" title="Browser usage">',
        '  {[{ browser: "Chrome", value: 65 }, { browser: "Safari", value: 35 }]}',
        '</Graph>',
      ].join('\n'),
    );
    const [bar, line, donut] = page.dom.querySelectorAll('figure.op-graph');
    expect(bar?.querySelector('figcaption')?.text).toBe('Sales by region');
    expect(bar?.querySelectorAll('svg rect')).toHaveLength(3);
    expect(bar?.querySelectorAll('text').map((t) => t.text)).toEqual(expect.arrayContaining(['North', 'East']));
    const lines = line?.querySelectorAll('svg polyline') ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[0]?.getAttribute('stroke')).toBe('#22c55e');
    expect(line?.querySelectorAll('.op-graph-legend li').map((li) => li.text)).toEqual(['Revenue', 'Expenses']);
    expect(donut?.querySelectorAll('svg path')).toHaveLength(2);
    expect(donut?.querySelector('circle.op-graph-hole')).toBeTruthy();
    expect(donut?.querySelectorAll('.op-graph-legend li').map((li) => li.text)).toEqual(['Chrome', 'Safari']);
    expect(page.unknownComponents).toEqual([]);
  });

  it('renders nothing for an unknown icon name and says so in warnings', async () => {
    const page = await render('<Icon icon="no-such-icon-anywhere" /> after');
    expect(page.dom.querySelector('.op-icon')).toBeNull();
    expect(page.text).toBe('after');
    expect(page.warnings).toEqual(['unknown icon "no-such-icon-anywhere"']);
  });

  it('accepts HTML spellings (class, string style) on JSX elements and resolves page-relative images', async () => {
    const page = await render(
      '<div class="box" style="max-width: 50%; --gap: 2px">x</div>\n\n<img src="../img/a.png" />',
      {
        file: 'guides/deep/page.mdx',
      },
    );
    const div = one(page.dom, 'div.box');
    expect(div.getAttribute('style')).toBe('max-width:50%;--gap:2px');
    expect(one(page.dom, 'img').getAttribute('src')).toBe('/guides/img/a.png');
    expect(page.assets).toEqual(['/guides/img/a.png']);
  });

  it('leaves an empty link target and a bare ?query pointing at the page itself, as the browser reads them', async () => {
    // pipecat's fundamentals/recording-audio page: "upload chunked audio to AWS cloud storage [here]()".
    const page = await render('See [here]() or [the second tab](?tab=2), and [a sibling](./other).', {
      file: 'guides/deep/page.mdx',
    });
    expect(page.dom.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      '',
      '?tab=2',
      '/guides/deep/other',
    ]);
  });
});

/**
 * Legacy mint.json conversion cases found in real projects: tabs with no pages, anchor order and colours,
 * feedback.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { writeProject } from './helpers/siteProjects.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\nText.\n`;

/** A mint.json project with `extra` keys and a page file for each navigation page. */
function mintProject(extra: Record<string, unknown>, files: Record<string, string> = {}): string {
  return writeProject({
    'mint.json': {
      name: 'Legacy',
      colors: { primary: '#0D9373' },
      navigation: [
        { group: 'Start', pages: ['introduction'] },
        { group: 'Wallet', pages: ['wallet/overview'] },
      ],
      ...extra,
    },
    'introduction.mdx': page('Introduction'),
    'wallet/overview.mdx': page('Wallet'),
    ...files,
  });
}

describe('mint.json tabs', () => {
  it('makes a tab no group falls under a link to its page, or leaves it out, in config order', () => {
    const dir = mintProject(
      {
        primaryTab: { name: 'Documentation' },
        tabs: [
          // No page starts with docs/ and there is no docs page: a dead tab, left out.
          { name: 'Documentation', url: 'docs' },
          { name: 'Changelog', url: 'changelog' },
          { name: 'Wallet', url: 'wallet' },
          { name: 'Status', url: 'https://status.example.org' },
        ],
      },
      { 'changelog.mdx': page('Changelog') },
    );
    expect(loadSiteProject(dir).config.navigation).toEqual({
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'Start', pages: ['introduction'] }] },
        { tab: 'Changelog', href: '/changelog' },
        { tab: 'Wallet', groups: [{ group: 'Wallet', pages: ['wallet/overview'] }] },
        { tab: 'Status', href: 'https://status.example.org' },
      ],
    });
  });

  it('does not let a tab with no pages hide the anchors that hold the groups', () => {
    const dir = mintProject({
      tabs: [{ name: 'API Reference', url: 'api-reference' }],
      anchors: [
        { name: 'Wallet', icon: 'wallet', url: 'wallet' },
        { name: 'Discord', icon: 'discord', url: 'https://discord.example.org' },
      ],
    });
    const model = loadSiteProject(dir);
    expect(model.config.navigation['tabs']).toBeUndefined();
    const { sections, global } = model.navigation;
    expect([...sections, ...global].map((s) => [s.division, s.label])).toEqual([
      ['anchor', 'Documentation'],
      ['anchor', 'Wallet'],
      ['anchor', 'Discord'],
    ]);
    expect(model.problems).toEqual([]);
  });
});

describe('mint.json anchors', () => {
  it('keeps link anchors where the config lists them among the anchors that hold groups', () => {
    const dir = mintProject(
      {
        anchors: [
          { name: 'Wallet', icon: 'wallet', url: 'wallet' },
          { name: 'Blog', icon: 'newspaper', url: 'https://blog.example.org' },
          { name: 'FAQ', icon: 'question', url: 'faq' },
          { name: 'GitHub', icon: 'github', url: 'https://github.com/example/docs' },
          // No page starts with sdk/ and there is no sdk page: a dead link, left out.
          { name: 'SDK', icon: 'code', url: 'sdk' },
        ],
        navigation: [
          { group: 'Start', pages: ['introduction'] },
          { group: 'Wallet', pages: ['wallet/overview'] },
          { group: 'FAQ', pages: ['faq/about'] },
        ],
      },
      { 'faq/about.mdx': page('About') },
    );
    const { sections, global } = loadSiteProject(dir).navigation;
    expect([...sections, ...global].map((s) => [s.label, s.href ?? s.items.length])).toEqual([
      ['Documentation', 1],
      ['Wallet', 1],
      ['Blog', 'https://blog.example.org'],
      ['FAQ', 1],
      ['GitHub', 'https://github.com/example/docs'],
    ]);
  });

  it('makes anchors of a config without sections links to their pages, leaving out those leading nowhere', () => {
    const dir = mintProject(
      {
        anchors: [
          { name: 'Changelog', icon: 'clock', url: 'changelog' },
          { name: 'SDK', icon: 'code', url: 'sdk/' },
          { name: 'Blog', icon: 'newspaper', url: 'https://blog.example.org' },
        ],
        navigation: [{ group: 'Start', pages: ['introduction'] }],
      },
      { 'changelog.mdx': page('Changelog') },
    );
    const { global } = loadSiteProject(dir).navigation;
    expect(global.map((s) => [s.label, s.href])).toEqual([
      ['Changelog', '/changelog'],
      ['Blog', 'https://blog.example.org'],
    ]);
  });
});

describe('mint.json anchor colours', () => {
  const gradient = 'linear-gradient(45deg, #0D9373, #07C983)';
  const both = (css: string): { light: string; dark: string } => ({ light: css, dark: css });

  it('gives every anchor without its own colour the colors.anchors gradient, top and link anchors too', () => {
    const dir = mintProject({
      colors: { primary: '#0D9373', anchors: { from: '#0D9373', to: '#07C983' } },
      topAnchor: { name: 'Home', icon: 'house' },
      anchors: [
        { name: 'Wallet', icon: 'wallet', url: 'wallet' },
        { name: 'Blog', icon: 'newspaper', url: 'https://blog.example.org' },
      ],
    });
    const model = loadSiteProject(dir);
    const { sections, global } = model.navigation;
    expect([...sections, ...global].map((s) => [s.label, s.color])).toEqual([
      ['Home', both(gradient)],
      ['Wallet', both(gradient)],
      ['Blog', both(gradient)],
    ]);
    expect(model.problems).toEqual([]);
  });

  it("draws an anchor's own colour, one colour or a gradient with via, over colors.anchors", () => {
    const dir = mintProject({
      colors: { primary: '#0D9373', anchors: '#123456' },
      anchors: [
        { name: 'Wallet', icon: 'wallet', url: 'wallet', color: { from: '#FF7F57', via: '#fff', to: '#9563FF' } },
        { name: 'Blog', icon: 'newspaper', url: 'https://blog.example.org', color: '#FF9900' },
      ],
    });
    const { sections, global } = loadSiteProject(dir).navigation;
    expect([...sections, ...global].map((s) => [s.label, s.color])).toEqual([
      ['Documentation', both('#123456')],
      ['Wallet', both('linear-gradient(45deg, #FF7F57, #fff, #9563FF)')],
      ['Blog', both('#FF9900')],
    ]);
  });

  it('leaves the anchor colour unset without colors.anchors or an own colour', () => {
    const dir = mintProject({ anchors: [{ name: 'Wallet', icon: 'wallet', url: 'wallet' }] });
    const { sections } = loadSiteProject(dir).navigation;
    expect(sections.map((s) => s.color)).toEqual([undefined, undefined]);
  });
});

describe('mint.json feedback', () => {
  const feedbackOf = (extra: Record<string, unknown>): boolean =>
    loadSiteProject(mintProject(extra)).settings.readerFeedback;

  it('turns the reader feedback widget off with hideFeedbackButtons, whatever feedback says', () => {
    expect(feedbackOf({ hideFeedbackButtons: true })).toBe(false);
    expect(feedbackOf({ hideFeedbackButtons: true, feedback: { thumbsRating: true } })).toBe(false);
    expect(feedbackOf({ hideFeedbackButtons: false })).toBe(true);
  });

  it('follows feedback.thumbsRating when a feedback object is written, and stays on without one', () => {
    expect(feedbackOf({ feedback: { thumbsRating: true } })).toBe(true);
    expect(feedbackOf({ feedback: { thumbsRating: false } })).toBe(false);
    // Edit and issue links have no offline counterpart: they do not turn the page rating on.
    expect(feedbackOf({ feedback: { suggestEdit: true, raiseIssue: true } })).toBe(false);
    expect(feedbackOf({})).toBe(true);
  });

  it('leaves no mint.json feedback key in the converted config, keeping other integrations', () => {
    const model = loadSiteProject(
      mintProject({ hideFeedbackButtons: true, analytics: { ga4: { measurementId: 'G-TEST' } } }),
    );
    expect(model.config['hideFeedbackButtons']).toBeUndefined();
    expect(model.config.integrations).toEqual({ ga4: { measurementId: 'G-TEST' }, telemetry: { enabled: false } });
    expect(model.problems).toEqual([]);
  });
});

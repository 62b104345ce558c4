/**
 * A snippet's components keep who they are when Offprint guards them (a component that throws renders
 * nothing instead of failing the page): a parent that looks at its children finds each child's component
 * by its name or by identity, as on Mintlify. twentyhq/twenty's TranslatableCard takes its title from the
 * child whose `type.name` is 'TranslatableCardTitle'; its cards had no title and the title ran into the text.
 */
import { describe, expect, it } from 'vitest';
import { render } from './fixtures/render/harness.js';
import { writeProject } from './helpers/siteProjects.js';

const CARD = [
  'export const CardTitle = ({ children }) => <>{children}</>;',
  '',
  'export const TitledCard = ({ children, ...props }) => {',
  "  let title = '';",
  '  const content = [];',
  '  React.Children.toArray(children).forEach((child) => {',
  "    if (child?.type?.name === 'CardTitle') title = child.props.children;",
  '    else content.push(child);',
  '  });',
  '  return <Card title={title} {...props}>{content}</Card>;',
  '};',
  '',
  'export const Picked = ({ children }) => {',
  '  const titles = React.Children.toArray(children).filter((child) => child.type === CardTitle);',
  '  return <p id="picked">{titles.length} title(s)</p>;',
  '};',
  '',
].join('\n');

const PAGE = [
  'import { TitledCard, CardTitle, Picked } from "/snippets/card.mdx"',
  '',
  '<TitledCard icon="cloud" href="/cloud">',
  '  <CardTitle>Twenty Cloud</CardTitle>',
  '',
  '  Sign up and start in a minute.',
  '</TitledCard>',
  '',
  '<Picked>',
  '  <CardTitle>One</CardTitle>',
  '',
  '  <span>not a title</span>',
  '</Picked>',
  '',
].join('\n');

describe('components of a snippet, guarded', () => {
  it("keep their names and identity for the parents that read their children's types", async () => {
    const root = writeProject({ 'snippets/card.mdx': CARD });
    const page = await render(PAGE, { root });
    expect(page.failedComponents).toBeUndefined();
    expect(page.dom.querySelector('.op-card-title')?.text.trim()).toBe('Twenty Cloud');
    expect(page.dom.querySelector('.op-card')?.text).not.toContain('Twenty Cloud Sign up');
    expect(page.dom.querySelector('#picked')?.text).toBe('1 title(s)');
  });
});

/**
 * Tabler outline icons (docs.json `icons.library: "tabler"`), read from the `@tabler/icons` package's
 * node list rather than its 5,000 SVG files, so the app can ship one JSON file. Mintlify applies
 * `iconType` to Font Awesome only, so Tabler names always draw the outline style.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { escapeHtml } from '../code/highlight.js';

const require = createRequire(import.meta.url);

/** Icon name -> its shapes; each entry is checked only when a page asks for that icon. */
const NodesSchema = z.record(z.string(), z.unknown());
/** One icon's shapes, each `[tag, attributes]` (Tabler's own format). */
const ShapesSchema = z.array(z.tuple([z.string(), z.record(z.string(), z.string())]));

/** The root element every outline icon shares: a 24-unit stroke drawing in the text colour. */
const OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
  'stroke-width="2" stroke-linecap="round" stroke-linejoin="round">';

let nodes: z.infer<typeof NodesSchema> | null = null;

/** The parsed node list, read once on first use (a site that never uses Tabler never reads it). */
function outlineNodes(): z.infer<typeof NodesSchema> {
  if (nodes) return nodes;
  try {
    const file = join(dirname(require.resolve('@tabler/icons/package.json')), 'tabler-nodes-outline.json');
    nodes = NodesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // Package missing or unreadable: Tabler names fall back to the other sets.
    nodes = {};
  }
  return nodes;
}

/** SVG markup for a Tabler outline icon (not yet cleaned for inline use), or null when Tabler lacks it. */
export function tablerSvg(name: string): string | null {
  const all = outlineNodes();
  const shapes = ShapesSchema.safeParse(Object.hasOwn(all, name) ? all[name] : undefined);
  if (!shapes.success) return null;
  const body = shapes.data
    .filter(([tag]) => /^[a-z]+$/.test(tag))
    .map(([tag, attrs]) => {
      const pairs = Object.entries(attrs).filter(([key]) => /^[a-z][a-z-]*$/.test(key));
      return `<${tag}${pairs.map(([key, value]) => ` ${key}="${escapeHtml(value)}"`).join('')}/>`;
    })
    .join('');
  return `${OPEN}${body}</svg>`;
}

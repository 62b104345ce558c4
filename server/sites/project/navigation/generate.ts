/**
 * A division with `openapi` and no pages lists every operation of its specs, grouped by OpenAPI tag
 * (format reference §1.5): one sidebar group per tag (label = the tag's `x-group`, else its `x-displayName`,
 * else its name), in the order tags first appear among the operations; untagged operations follow in a
 * group named "API Reference", as Mintlify groups them (api-playground/organize-endpoints). `x-hidden`
 * operations get a page but no sidebar entry; `x-excluded` ones get nothing (dropped when indexing).
 */
import type { NavGroup, NavItem, OpenApiOperation } from '../model.js';
import { tagGroupLabel } from '../openapi/operations.js';
import type { Inherited, NavContext, SpecSource } from './context.js';

/** The group of a spec's operations without a tag, named as Mintlify names it. */
const UNTAGGED_GROUP = 'API Reference';

/** Sidebar items for every operation of `sources`. */
export function generateAll(ctx: NavContext, sources: readonly SpecSource[], id: string, inh: Inherited): NavItem[] {
  const items: NavItem[] = [];
  sources.forEach((source, s) => {
    const sourceId = sources.length > 1 ? `${id}[${s}]` : id;
    const spec = ctx.specOf(source.source, sourceId);
    if (spec === undefined) return;
    const directory = source.directory ?? inh.apiDirectory;
    const byTag = new Map<string, OpenApiOperation[]>();
    const untagged: OpenApiOperation[] = [];
    for (const op of spec.operations) {
      const tag = op.tags[0];
      if (tag === undefined) untagged.push(op);
      else byTag.set(tag, [...(byTag.get(tag) ?? []), op]);
    }
    const pageItems = (ops: readonly OpenApiOperation[], prefix: string): NavItem[] => {
      const out: NavItem[] = [];
      ops.forEach((op, i) => {
        const path = ctx.generate(op, directory);
        if (op.hidden) return;
        ctx.use(path, inh);
        out.push({ kind: 'page', id: `${prefix}[${i}]`, page: path });
      });
      return out;
    };
    const groupOf = (groupId: string, label: string, ops: readonly OpenApiOperation[]): void => {
      const group: NavGroup = {
        kind: 'group',
        id: groupId,
        label,
        expanded: false,
        hidden: false,
        ...(inh.directory === undefined ? {} : { directory: inh.directory }),
        ...(inh.boost === undefined ? {} : { boost: inh.boost }),
        items: pageItems(ops, `${groupId}.pages`),
      };
      if (group.items.length > 0) items.push(group);
    };
    for (const [tag, ops] of byTag) groupOf(`${sourceId}#${tag}`, tagGroupLabel(spec, tag), ops);
    groupOf(`${sourceId}.untagged`, UNTAGGED_GROUP, untagged);
  });
  return items;
}

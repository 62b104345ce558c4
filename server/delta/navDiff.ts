/**
 * Navigation changes between two bundles. Each bundle's navigation is the sidebar links of its pages,
 * merged in page order (a section's sidebar shows only its own part, so no one page has them all), each
 * target once. Then: links added, removed, renamed (same target, another label or group) and moved (in
 * both, but no longer in the same order: those outside the longest common ordering).
 */
import type { NavLink } from './pageText.js';

/** Changes of the sidebar navigation. */
export interface NavDiff {
  readonly added: NavLink[];
  readonly removed: NavLink[];
  readonly renamed: { readonly target: string; readonly from: string; readonly to: string }[];
  readonly moved: NavLink[];
}

/** Merges sidebars (in page order) into one ordered list, each target once (its first label). */
export class NavMerger {
  private readonly links = new Map<string, NavLink>();

  add(nav: readonly NavLink[] | null): void {
    for (const link of nav ?? []) if (!this.links.has(link.target)) this.links.set(link.target, link);
  }

  list(): NavLink[] {
    return [...this.links.values()];
  }
}

/** Most common links compared for order: above it (quadratic time), moves are not looked for. */
const MAX_ORDERED = 3000;

/** Indexes into `a` of a longest common subsequence of `a` and `b`. */
function commonOrder(a: readonly string[], b: readonly string[]): Set<number> {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint16Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] =
        a[i] === b[j]
          ? (table[(i + 1) * cols + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(i);
      i++;
      j++;
    } else if ((table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0)) i++;
    else j++;
  }
  return kept;
}

/** The navigation changes from `before` to `after` (merged lists). */
export function diffNavigation(before: readonly NavLink[], after: readonly NavLink[]): NavDiff {
  const oldByTarget = new Map(before.map((l) => [l.target, l]));
  const newByTarget = new Map(after.map((l) => [l.target, l]));
  const added = after.filter((l) => !oldByTarget.has(l.target));
  const removed = before.filter((l) => !newByTarget.has(l.target));
  const renamed = after.flatMap((l) => {
    const was = oldByTarget.get(l.target);
    return was !== undefined && was.trail !== l.trail ? [{ target: l.target, from: was.trail, to: l.trail }] : [];
  });
  const common = after.filter((l) => oldByTarget.has(l.target)).map((l) => l.target);
  const oldCommon = before.filter((l) => newByTarget.has(l.target)).map((l) => l.target);
  let moved: NavLink[] = [];
  if (common.length <= MAX_ORDERED) {
    const kept = commonOrder(common, oldCommon);
    moved = common.filter((_, i) => !kept.has(i)).flatMap((t) => newByTarget.get(t) ?? []);
  }
  return { added, removed, renamed, moved };
}

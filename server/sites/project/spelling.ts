/**
 * "Did you mean": the known name a misspelt one most resembles, for the import report's notices about
 * config keys (`banner.dismissable` -> `dismissible`) and components (`<Acordion>` -> `Accordion`).
 */

/** Edit distance of two short names, letters compared without case. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
      row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The name of `known` that `name` is most likely a misspelling of, if one is close enough: one edit for
 * a name under six letters, two for a longer one (so `Note` never suggests `Tile`).
 */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = name.length < 6 ? 2 : 3;
  for (const candidate of known) {
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** CSS text (`"max-width: 50%; border-radius: 4px"`) as React style entries (`[['maxWidth', '50%'], ...]`). */
export function styleEntries(css: string): [string, string][] {
  const out: [string, string][] = [];
  for (const declaration of css.split(';')) {
    const colon = declaration.indexOf(':');
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (colon < 0 || !name || !value) continue;
    out.push([name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()), value]);
  }
  return out;
}

/** `1 page`, `2 pages`, `1 entry`, `3 entries`: a count and its noun, for what the CLI prints. */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

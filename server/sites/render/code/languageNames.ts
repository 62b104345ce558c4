/**
 * The display names Mintlify gives code languages: in a CodeGroup's tabs and language dropdown an
 * untitled block is named by its language (`ts` reads TypeScript, `bash` Bash). Among an endpoint's
 * request examples a shell block is the cURL sample, and reads cURL, as Mintlify's snippet presets name it.
 * A language it does not name reads as written. Shared by the renderer (tab labels) and the page script
 * (the dropdown).
 */
const NAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Bash', ['bash']],
  ['Shell', ['sh', 'shell', 'shellscript', 'zsh']],
  ['Python', ['python', 'py']],
  ['JavaScript', ['javascript', 'js']],
  ['Node.js', ['node', 'nodejs', 'node.js']],
  ['PHP', ['php']],
  ['Go', ['go', 'golang']],
  ['Java', ['java']],
  ['Ruby', ['ruby', 'rb']],
  ['PowerShell', ['powershell', 'ps1']],
  ['Swift', ['swift']],
  ['C#', ['csharp', 'c#', 'cs']],
  ['.NET', ['dotnet', '.net', 'dot-net']],
  ['TypeScript', ['typescript', 'ts']],
  ['C', ['c']],
  ['C++', ['c++', 'cpp']],
  ['Kotlin', ['kotlin', 'kt']],
  ['Rust', ['rust', 'rs']],
  ['Dart', ['dart', 'flutter']],
  ['TOML', ['toml']],
  ['JSON', ['json']],
  ['YAML', ['yaml', 'yml']],
];

const BY_ALIAS = new Map(NAMES.flatMap(([name, aliases]) => aliases.map((alias) => [alias, name] as const)));

/** Shell languages: the cURL sample when among request examples. */
const SHELLS = new Set(['bash', 'sh', 'shell', 'curl']);

/**
 * The display name of language `lang` (a fence's language, any case); `request` when the block is one of
 * an endpoint's request examples, where a shell block is named cURL.
 */
export function languageName(lang: string, request = false): string {
  const key = lang.toLowerCase();
  if (request && SHELLS.has(key)) return 'cURL';
  return BY_ALIAS.get(key) ?? lang;
}

/**
 * The names a CodeGroup's language dropdown gives a block's language, as Mintlify's dropdown names them
 * (its snippet presets: `bash` reads cURL, `js` JavaScript); a language it does not name reads as written.
 */
const NAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['cURL', ['bash', 'curl', 'sh', 'shell']],
  ['Python', ['python', 'py']],
  ['JavaScript', ['javascript', 'js']],
  ['Node.js', ['node', 'nodejs', 'node.js']],
  ['PHP', ['php']],
  ['Go', ['go', 'golang']],
  ['Java', ['java']],
  ['Ruby', ['ruby', 'rb']],
  ['PowerShell', ['powershell']],
  ['Swift', ['swift']],
  ['C#', ['csharp', 'c#']],
  ['.NET', ['dotnet', '.net', 'dot-net']],
  ['TypeScript', ['typescript', 'ts']],
  ['C', ['c']],
  ['C++', ['c++', 'cpp']],
  ['Kotlin', ['kotlin', 'kt']],
  ['Rust', ['rust', 'rs']],
  ['Dart', ['dart', 'flutter']],
  ['TOML', ['toml']],
];

const BY_ALIAS = new Map(NAMES.flatMap(([name, aliases]) => aliases.map((alias) => [alias, name] as const)));

/** The display name of language `lang` (a fence's language, any case). */
export function languageName(lang: string): string {
  return BY_ALIAS.get(lang.toLowerCase()) ?? lang;
}

/**
 * docs.json `api.examples.languages`: the languages Mintlify generates an endpoint page's request samples
 * in, by the keys and aliases its documentation lists (their display names are the code blocks' own,
 * `languageName`, with a shell sample read as cURL). Read here
 * once so import can report a name Mintlify does not document (the theme reads the same table for the samples).
 */
import { z } from 'zod';
import { languageName } from '../render/code/languageNames.js';
import type { SiteProblem } from './model.js';

/** A documented sample language: the names docs.json may give it (Offprint writes each: theme/endpoint/snippets.ts). */
interface SampleLanguageInfo {
  readonly aliases: readonly string[];
}

/** Mintlify's documented languages (api-playground "All supported languages"), keyed by its key. */
export const SAMPLE_LANGUAGES = {
  bash: { aliases: ['curl', 'sh', 'shell'] },
  python: { aliases: ['py'] },
  javascript: { aliases: ['js'] },
  node: { aliases: ['nodejs', 'node.js'] },
  php: { aliases: [] },
  go: { aliases: ['golang'] },
  java: { aliases: [] },
  ruby: { aliases: ['rb'] },
  powershell: { aliases: [] },
  swift: { aliases: [] },
  csharp: { aliases: ['c#'] },
  dotnet: { aliases: ['.net', 'dot-net'] },
  typescript: { aliases: ['ts'] },
  c: { aliases: [] },
  'c++': { aliases: ['cpp'] },
  kotlin: { aliases: ['kt'] },
  rust: { aliases: ['rs'] },
  dart: { aliases: ['flutter'] },
} as const satisfies Record<string, SampleLanguageInfo>;

/** A documented language's key. */
export type SampleLanguageKey = keyof typeof SAMPLE_LANGUAGES;

const BY_NAME = new Map<string, SampleLanguageKey>(
  (Object.entries(SAMPLE_LANGUAGES) as [SampleLanguageKey, SampleLanguageInfo][]).flatMap(([key, info]) =>
    [key, ...info.aliases].map((name) => [name, key] as const),
  ),
);

/** The documented language `name` stands for (a key or alias, any case), if any. */
export function sampleLanguageKey(name: string): SampleLanguageKey | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

/** The display name of a language name (`typescript` reads TypeScript); an unknown name as written. */
export function sampleLanguageLabel(name: string): string {
  const key = sampleLanguageKey(name);
  return key === undefined ? name : sampleLabel(key);
}

/** The display name of a documented language's samples (`bash` reads cURL, `typescript` TypeScript). */
export function sampleLabel(key: SampleLanguageKey): string {
  return languageName(key, true);
}

const LanguagesSchema = z.looseObject({
  examples: z.looseObject({ languages: z.array(z.string()).optional() }).optional(),
});

/** The names `api.examples.languages` gives, as written (none when absent or not a list of strings). */
export function namedSampleLanguages(api: unknown): readonly string[] {
  const parsed = LanguagesSchema.safeParse(api ?? {});
  return parsed.success ? (parsed.data.examples?.languages ?? []) : [];
}

/**
 * A problem for each name in `api.examples.languages` that shows nothing: one Mintlify does not document
 * (Offprint writes every one it does). Left silent, a reader of the site would just miss the language the
 * authors asked for.
 */
export function sampleLanguageProblems(api: unknown, configFile: string): SiteProblem[] {
  return namedSampleLanguages(api).flatMap((name, i): SiteProblem[] => {
    if (sampleLanguageKey(name) !== undefined) return [];
    return [
      {
        code: 'unsupported-config',
        file: configFile,
        keyPath: `api.examples.languages[${i}]`,
        message: `"${name}": not a language Mintlify generates request samples in; it is left out`,
      },
    ];
  });
}

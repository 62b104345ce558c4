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

// Each key on its own: a bad value of one must not lose the others.
const ExamplesSchema = z.looseObject({ examples: z.looseObject({}).optional() });
const LanguagesSchema = z.array(z.string());
const DefaultsSchema = z.enum(['all', 'required']);
const AutogenerateSchema = z.boolean();

function examplesOf(api: unknown): Record<string, unknown> {
  const parsed = ExamplesSchema.safeParse(api ?? {});
  return parsed.success ? (parsed.data.examples ?? {}) : {};
}

/** The names `api.examples.languages` gives, as written (none when absent or not a list of strings). */
export function namedSampleLanguages(api: unknown): readonly string[] {
  const parsed = LanguagesSchema.safeParse(examplesOf(api)['languages']);
  return parsed.success ? parsed.data : [];
}

/** How generated request samples are written, besides their languages (`api.examples`). */
export interface SampleOptions {
  /** `autogenerate: false`: endpoint pages show only the samples their authors wrote. */
  readonly autogenerate: boolean;
  /** `defaults: required`: a generated request body leaves its optional properties out. */
  readonly requiredOnly: boolean;
}

/** `api.examples.autogenerate` and `defaults`, Mintlify's defaults (true, all) where absent or not valid. */
export function sampleOptions(api: unknown): SampleOptions {
  const examples = examplesOf(api);
  const autogenerate = AutogenerateSchema.safeParse(examples['autogenerate']);
  const defaults = DefaultsSchema.safeParse(examples['defaults']);
  return {
    autogenerate: autogenerate.success ? autogenerate.data : true,
    requiredOnly: defaults.success && defaults.data === 'required',
  };
}

/** A problem for `autogenerate` or `defaults` set to what Mintlify does not take (its default is used). */
function optionProblems(api: unknown, configFile: string): SiteProblem[] {
  const examples = examplesOf(api);
  const checks = [
    { key: 'autogenerate', schema: AutogenerateSchema, expected: 'true or false', used: 'true' },
    { key: 'defaults', schema: DefaultsSchema, expected: '"all" or "required"', used: '"all"' },
  ];
  return checks.flatMap(({ key, schema, expected, used }): SiteProblem[] =>
    examples[key] === undefined || schema.safeParse(examples[key]).success
      ? []
      : [
          {
            code: 'unsupported-config',
            file: configFile,
            keyPath: `api.examples.${key}`,
            message: `${JSON.stringify(examples[key])}: expected ${expected}; ${used} is used`,
          },
        ],
  );
}

/**
 * A problem for each name in `api.examples.languages` that shows nothing (one Mintlify does not document;
 * Offprint writes every one it does), and for an `autogenerate` or `defaults` it does not take. Left
 * silent, a reader of the site would just miss what the authors asked for.
 */
export function sampleLanguageProblems(api: unknown, configFile: string): SiteProblem[] {
  const languages = namedSampleLanguages(api).flatMap((name, i): SiteProblem[] => {
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
  return [...languages, ...optionProblems(api, configFile)];
}

/**
 * Import problems of docs.json `fonts` an offline site cannot draw (theme/siteFonts.ts draws the rest):
 * a family with no `source`, which Mintlify loads from Google Fonts, and a `source` on another host that
 * `offprint pack` did not fetch. Readers would otherwise see the system font with nothing said.
 */
import { z } from 'zod';
import type { SiteProblem } from './model.js';
import { isRemoteUrl, unpackedProblem, type PackedAsset } from './remote.js';

const FontSchema = z.looseObject({
  family: z.string().min(1).max(100),
  source: z.string().optional(),
  // mint.json's name for `source`.
  url: z.string().optional(),
});

// The places a font may be set: `fonts` itself, or per part (mint.json writes `headings`).
const PARTS = [[], ['heading'], ['headings'], ['body']] as const;

function at(fonts: unknown, part: readonly string[]): unknown {
  let value = fonts;
  for (const key of part) value = z.record(z.string(), z.unknown()).safeParse(value).data?.[key];
  return value;
}

/** The problems of the site's `fonts` setting; `packed` holds the copies `offprint pack` fetched. */
export function fontProblems(
  fonts: unknown,
  packed: ReadonlyMap<string, PackedAsset>,
  configFile: string,
): SiteProblem[] {
  const problems: SiteProblem[] = [];
  const seen = new Set<string>();
  for (const part of PARTS) {
    const font = FontSchema.safeParse(at(fonts, part)).data;
    if (font === undefined) continue;
    const keyPath = ['fonts', ...part].join('.');
    const source = (font.source ?? font.url)?.trim();
    const key = source ?? `family:${font.family}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (source === undefined) problems.push(googleFontProblem(font.family, configFile, `${keyPath}.family`));
    else if (isRemoteUrl(source) && packed.get(source)?.kind !== 'font') {
      const sourceKey = `${keyPath}.${font.source === undefined ? 'url' : 'source'}`;
      problems.push(unpackedProblem(configFile, source, 'a font', sourceKey));
    }
  }
  return problems;
}

function googleFontProblem(family: string, file: string, keyPath: string): SiteProblem {
  return {
    code: 'remote-asset',
    file,
    keyPath,
    message:
      `font "${family}": Mintlify loads it from Google Fonts, which an offline site cannot reach; readers ` +
      'without it installed see the system font. Ship the font file and name it in "source"',
  };
}

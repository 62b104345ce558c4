/**
 * docs.json `styling.codeblocks` as site settings: `"dark"` keeps code blocks dark in light mode, a Shiki
 * theme name (one for both modes, as Mintlify applies it, or one per mode) colours them with that theme,
 * `css-variables` with the project's own `--mint-*` variables (render/code/themeCss.ts). A name Shiki does
 * not bundle, and custom TextMate grammars, are reported; the site is drawn with the default colours.
 */
import { configErrorMap } from './config/lenient.js';
import { formatKeyPath } from './config/refs.js';
import { CodeblocksSchema, type CodeblocksConfig } from './config/schema.js';
import { isCodeThemeName, type CodeThemeName } from '../render/code/themeNames.js';
import type { SiteProblem } from './model.js';
import type { SiteSettings } from './settingsModel.js';

const KEY = 'styling.codeblocks';

/** What `styling.codeblocks` sets. */
export type CodeblocksSettings = Pick<SiteSettings, 'codeblocks' | 'codeTheme'>;

/** The theme names of each mode as written, with the key path each was written at. */
function namedThemes(value: CodeblocksConfig): { light: string; dark: string; key: (mode: string) => string } | null {
  if (typeof value === 'string') {
    return value === 'system' || value === 'dark' ? null : { light: value, dark: value, key: () => KEY };
  }
  const theme = value.theme;
  if (theme === undefined) return null;
  if (typeof theme === 'string') return { light: theme, dark: theme, key: () => `${KEY}.theme` };
  return { light: theme.light, dark: theme.dark, key: (mode) => `${KEY}.theme.${mode}` };
}

/** The settings `styling.codeblocks` gives, and the problems with its value. */
export function codeblocksSettings(
  value: unknown,
  configFile: string,
): { settings: CodeblocksSettings; problems: SiteProblem[] } {
  if (value === undefined) return { settings: {}, problems: [] };
  const parsed = CodeblocksSchema.safeParse(value, { error: configErrorMap });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue): SiteProblem => ({
      code: 'invalid-config',
      file: configFile,
      keyPath: formatKeyPath([...KEY.split('.'), ...issue.path]),
      message: `${issue.message}; the default code colours are used`,
    }));
    return { settings: {}, problems };
  }
  const config = parsed.data;
  const problems: SiteProblem[] = [];
  const custom = typeof config === 'string' ? [] : (config.languages?.custom ?? []);
  if (custom.length > 0) {
    problems.push({
      code: 'unsupported-config',
      file: configFile,
      keyPath: `${KEY}.languages.custom`,
      message: `${custom.join(', ')}: custom TextMate grammars are not loaded; code in their languages is shown unhighlighted`,
    });
  }
  const named = namedThemes(config);
  const modes: { light?: CodeThemeName; dark?: CodeThemeName } = {};
  const unknown = new Set<string>();
  for (const mode of ['light', 'dark'] as const) {
    const name = named?.[mode];
    if (name === undefined) continue;
    if (isCodeThemeName(name)) modes[mode] = name;
    else if (!unknown.has(name)) {
      // One problem for a name written once for both modes.
      unknown.add(name);
      problems.push({
        code: 'invalid-config',
        file: configFile,
        keyPath: named?.key(mode) ?? KEY,
        message: `"${name}": not a Shiki theme Offprint knows; the default code colours are used`,
      });
    }
  }
  const settings: CodeblocksSettings = {
    ...(config === 'dark' ? { codeblocks: 'dark' } : {}),
    ...(modes.light === undefined && modes.dark === undefined ? {} : { codeTheme: modes }),
  };
  return { settings, problems };
}

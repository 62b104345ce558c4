/**
 * Where docs.json takes what a mint.json key set, and the other way round. Projects moved to docs.json by
 * hand often keep a few mint.json keys (`feedback`, top-level `anchors`, `topbarLinks`), which docs.json does
 * not read, and mint.json projects pick up docs.json keys from current examples (`background.color`),
 * which mint.json does not read: the import's notice for such a key says where its setting goes
 * in the format the project uses, not merely that the key is unknown.
 */

/** By the key path as written in docs.json: the clause that says where docs.json takes the setting. */
const DOCS_JSON_PLACES: ReadonlyMap<string, string> = new Map([
  ['topbarLinks', 'docs.json reads its links from "navbar.links"'],
  ['topbarCtaButton', 'docs.json reads this button from "navbar.primary"'],
  ['tabs', 'docs.json reads tabs from "navigation.tabs"'],
  ['anchors', 'docs.json reads anchors from "navigation.anchors" or "navigation.global.anchors"'],
  ['versions', 'docs.json reads versions from "navigation.versions"'],
  ['topAnchor', 'docs.json names the first anchor in "navigation.anchors"'],
  ['primaryTab', 'docs.json names the first tab in "navigation.tabs"'],
  ['modeToggle', 'docs.json reads it from "appearance"'],
  ['openapi', 'docs.json reads specs from "api.openapi" or a navigation entry\'s "openapi"'],
  ['footerSocials', 'docs.json reads them from "footer.socials"'],
  ['backgroundImage', 'docs.json reads it from "background.image"'],
  ['font', 'docs.json reads it from "fonts"'],
  ['codeBlock', 'docs.json reads it from "styling.codeblocks"'],
  ['metadata', 'docs.json reads meta tags from "seo.metatags"'],
  ['feedback', 'in docs.json the page rating shows unless "integrations.telemetry.enabled" is false'],
  ['hideFeedbackButtons', 'in docs.json the page rating shows unless "integrations.telemetry.enabled" is false'],
  ['api.baseUrl', 'docs.json reads the server of MDX endpoint pages from "api.mdx.server"'],
  ['api.auth', 'docs.json reads the auth of MDX endpoint pages from "api.mdx.auth"'],
  ['colors.anchors', 'docs.json reads an anchor\'s colour from its "color" in "navigation.anchors"'],
  ['colors.background', 'docs.json reads the page colours from "background.color"'],
]);

/** For a docs.json key path that is a mint.json setting, where docs.json takes it; else undefined. */
export function docsJsonPlaceOf(keyPath: string): string | undefined {
  return DOCS_JSON_PLACES.get(keyPath);
}

/**
 * By the key path as written in mint.json: the clause that says where mint.json takes the setting. Only keys
 * the conversion drops are here: a docs.json key mint.json has no key of its own for (`navbar`, `fonts`) is
 * carried into the converted config and read (legacy.ts), but mint.json's `background` is rebuilt from
 * `colors.background`, `backgroundImage` and `background.style`.
 */
const MINT_JSON_PLACES: ReadonlyMap<string, string> = new Map([
  ['background.color', 'mint.json reads the page colours from "colors.background"'],
  ['background.image', 'mint.json reads it from "backgroundImage"'],
  ['background.decoration', 'mint.json reads it from "background.style"'],
]);

/** For a mint.json key path that is a docs.json setting, where mint.json takes it; else undefined. */
export function mintJsonPlaceOf(keyPath: string): string | undefined {
  return MINT_JSON_PLACES.get(keyPath);
}

/**
 * Key paths of a converted mint.json's settings outside the navigation, back to the mint.json keys the
 * author wrote (legacyPlaces.ts does the navigation). The converted config is validated, and its files
 * checked, in its docs.json shape: without this, a bad `font` reads `fonts`, an `analytics.ga4` reads
 * `integrations.ga4`, a `topbarCtaButton.url` reads `navbar.primary.href`, none of which mint.json has.
 * The result joins the navigation places in one map of converted prefix → mint.json place.
 */
import type { Json } from './jsonShape.js';
import type { LegacyConfig } from './legacySchema.js';

/** Converted prefix → mint.json prefix, for the settings whose key changed name on the way. */
const RENAMED: readonly (readonly [string, string])[] = [
  ['fonts', 'font'],
  ['navbar.primary', 'topbarCtaButton'],
  ['navbar.primary.label', 'topbarCtaButton.name'],
  ['navbar.primary.href', 'topbarCtaButton.url'],
  ['navbar.links', 'topbarLinks'],
  ['api.openapi', 'openapi'],
  ['api.mdx', 'api'],
  ['api.mdx.server', 'api.baseUrl'],
  ['api.mdx.auth', 'api.auth'],
  ['api.playground', 'api.playground'],
  ['api.playground.display', 'api.playground.mode'],
  ['api.playground.proxy', 'api.playground.disableProxy'],
  ['api.examples', 'api.request.example'],
  ['seo.metatags', 'metadata'],
  ['seo.indexing', 'seo.indexHiddenPages'],
  ['appearance', 'modeToggle'],
  ['appearance.default', 'modeToggle.default'],
  ['appearance.strict', 'modeToggle.isHidden'],
  ['background.color', 'colors.background'],
  ['background.image', 'backgroundImage'],
  ['background.decoration', 'background.style'],
  ['styling.codeblocks', 'codeBlock.mode'],
  ['styling', 'codeBlock'],
];

/** Converted keys mint.json has under the same name and shape. */
const SAME = ['name', 'logo', 'favicon', 'colors'];

/** Every key the converter writes (legacy.ts): the others were passed through as the author wrote them. */
const CONVERTED = new Set([
  ...SAME,
  '$schema',
  'theme',
  'background',
  'appearance',
  'fonts',
  'styling',
  'navigation',
  'navbar',
  'footer',
  'api',
  'integrations',
  'seo',
]);

function arrayAt(value: unknown, key: string): unknown[] {
  const found: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return Array.isArray(found) ? found : [];
}

function objectAt(value: unknown, key: string): Json {
  const found: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
  return typeof found === 'object' && found !== null && !Array.isArray(found) ? (found as Json) : {};
}

/** Entries for the items of arrays the converter rebuilt item by item (navbar links, footer columns). */
function itemPlaces(converted: Json, places: Map<string, string>): void {
  arrayAt(objectAt(converted, 'navbar'), 'links').forEach((_, i) => {
    places.set(`navbar.links[${i}]`, `topbarLinks[${i}]`);
    places.set(`navbar.links[${i}].label`, `topbarLinks[${i}].name`);
    places.set(`navbar.links[${i}].href`, `topbarLinks[${i}].url`);
  });
  arrayAt(objectAt(converted, 'footer'), 'links').forEach((column, i) => {
    places.set(`footer.links[${i}]`, `footer.links[${i}]`);
    places.set(`footer.links[${i}].header`, `footer.links[${i}].title`);
    places.set(`footer.links[${i}].items`, `footer.links[${i}].links`);
    arrayAt(column, 'items').forEach((_, j) => {
      places.set(`footer.links[${i}].items[${j}]`, `footer.links[${i}].links[${j}]`);
      places.set(`footer.links[${i}].items[${j}].href`, `footer.links[${i}].links[${j}].url`);
    });
  });
}

/**
 * Converted key path prefix → mint.json key path, for every converted setting outside the navigation
 * that came from a key of `mint` (and for the keys passed through, the same path): a problem at a path
 * this map has no prefix of is about something the converter made up, and names the converted place.
 */
export function legacyFieldPlaces(mint: LegacyConfig, converted: Json): Map<string, string> {
  const places = new Map<string, string>(RENAMED);
  for (const key of SAME) places.set(key, key);
  for (const key of Object.keys(converted)) if (!CONVERTED.has(key)) places.set(key, key);
  places.set('footer.socials', mint.footerSocials === undefined ? 'footer.socials' : 'footerSocials');
  // `integrations` merges mint.json's `analytics` and `integrations` (the latter winning), and the page
  // rating's switch, which mint.json sets with `hideFeedbackButtons` or `feedback.thumbsRating`.
  for (const key of Object.keys(objectAt(converted, 'integrations'))) {
    const place =
      mint.integrations !== undefined && Object.hasOwn(mint.integrations, key)
        ? `integrations.${key}`
        : mint.analytics !== undefined && Object.hasOwn(mint.analytics, key)
          ? `analytics.${key}`
          : undefined;
    if (place !== undefined) places.set(`integrations.${key}`, place);
  }
  if (!places.has('integrations.telemetry') && (mint.hideFeedbackButtons === true || mint.feedback !== undefined)) {
    places.set('integrations.telemetry', mint.hideFeedbackButtons === true ? 'hideFeedbackButtons' : 'feedback');
  }
  itemPlaces(converted, places);
  return places;
}

/**
 * The text only a page body carries (media placeholders, expandables' toggles, endpoint sections and field
 * badges) in the page's language.
 * Kept out of the interface text (index.ts), which the client script bundles: the client never writes
 * these, the shell does (bodyLabels.ts), so thirty languages of them would only weigh on every page load.
 */
import { tableCode } from './index.js';
import { EN_FIELDS, FIELD_TEXT, type UiFields } from './fields.js';
import { EN_MEDIA, MEDIA_TEXT, type UiMedia } from './media.js';
import { EN_TOGGLES, TOGGLE_TEXT, type UiToggles } from './toggles.js';

/** Every string of the body's own text in one language. */
export type UiBodyText = UiMedia & UiToggles & UiFields;

/** English: what the components write, and the fallback of every other table. */
export const EN_BODY: UiBodyText = { ...EN_MEDIA, ...EN_TOGGLES, ...EN_FIELDS };

/** The tables by lower-case code (as `tableCode` names them); a language missing from one side keeps English there. */
const TABLES: ReadonlyMap<string, UiBodyText> = new Map(
  [...new Set([...Object.keys(MEDIA_TEXT), ...Object.keys(TOGGLE_TEXT), ...Object.keys(FIELD_TEXT)])].map((code) => [
    code.toLowerCase(),
    { ...(MEDIA_TEXT[code] ?? EN_MEDIA), ...(TOGGLE_TEXT[code] ?? EN_TOGGLES), ...(FIELD_TEXT[code] ?? EN_FIELDS) },
  ]),
);

/** The body's text for language `code`: the same table the interface text picks (uiText), else English. */
export function bodyText(code: string | null | undefined): UiBodyText {
  const key = tableCode(code);
  return (key === undefined ? undefined : TABLES.get(key)) ?? EN_BODY;
}

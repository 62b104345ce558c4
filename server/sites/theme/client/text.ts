/** The interface text of the page's language (`<html lang>`, written by the server from the page's language). */
import { uiText, type UiText } from '../i18n/index.js';

/** The table for this page, looked up once. */
let cached: UiText | undefined;

/** The interface text the client writes (search status, feedback prompts, copy labels). */
export function text(): UiText {
  cached ??= uiText(document.documentElement.lang);
  return cached;
}

/**
 * The labels a page body carries (heading links, code block and prompt buttons) in the page's language.
 * A body is rendered once, without its language (the render sandbox caches it by source, and a page of
 * one language may share its source with another's), so its components and the endpoint pages write the
 * English labels; the shell puts each in the page's language here.
 */
import { esc } from './html.js';
import { EN, type UiText } from './i18n/index.js';

/** The English markup fragments of the body, each with the same fragment in the language of `t`. */
function fragments(t: UiText): readonly (readonly [string, string])[] {
  return [
    [`aria-label="${EN.copyCode}" title="${EN.copy}"`, `aria-label="${esc(t.copyCode)}" title="${esc(t.copy)}"`],
    [
      `aria-label="${EN.codeFeedback}" title="${EN.codeFeedback}"`,
      `aria-label="${esc(t.codeFeedback)}" title="${esc(t.codeFeedback)}"`,
    ],
    [`aria-label="${EN.linkToSection}"`, `aria-label="${esc(t.linkToSection)}"`],
    [`aria-label="${EN.copyPrompt}"`, `aria-label="${esc(t.copyPrompt)}"`],
    [`<span>${EN.copyPrompt}</span>`, `<span>${esc(t.copyPrompt)}</span>`],
    [
      `data-op-code-expand="" aria-expanded="false">${EN.expand}<`,
      `data-op-code-expand="" aria-expanded="false">${esc(t.expand)}<`,
    ],
  ];
}

/** `html` (a rendered page body) with its labels in the language of `t`; unchanged for English. */
export function localizeBody(html: string, t: UiText): string {
  if (t.copyCode === EN.copyCode && t.linkToSection === EN.linkToSection) return html;
  let out = html;
  for (const [english, translated] of fragments(t)) out = out.replaceAll(english, translated);
  return out;
}

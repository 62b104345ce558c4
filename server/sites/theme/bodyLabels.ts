/**
 * The labels a page body carries (heading links, code block and prompt buttons, media placeholders,
 * expandables' toggles, endpoint sections and field badges) in the page's language.
 * A body is rendered once, without its language (the render sandbox caches it by source, and a page of
 * one language may share its source with another's), so its components and the endpoint pages write the
 * English labels; the shell puts each in the page's language here.
 */
import { esc } from './html.js';
import { EN_BODY, type UiBodyText } from './i18n/body.js';
import { EN_FIELDS, isEndpointSection } from './i18n/fields.js';
import { EN, fill, type UiText } from './i18n/index.js';

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

/**
 * A placeholder (render/components/remoteMedia.tsx) up to its label: `kind`, the media's address as
 * written (escaped), the markup before the label and the label. Matched by the placeholder's own
 * element, so that an author's text reading "Image from ..." is never touched.
 */
const PLACEHOLDER =
  /(<span class="op-remote-media (op-missing-media )?op-remote-(image|video|embed)[^"]*" data-op-(?:remote|missing)-src="([^"]*)"[^>]*><span class="op-remote-icon" aria-hidden="true">(?:(?!<\/span>)[\s\S])*<\/span><span class="op-remote-label" data-op-unindexed="">)([^<]*)<\/span>/g;

/** The text React escapes (`&amp;`...) as written, so the host of an escaped address can be read. */
function unescaped(text: string): string {
  const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"' };
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => named[name] ?? "'");
}

/** The host a remote placeholder names: its address's, or the address itself when it is no URL (as RemoteMedia does). */
function hostOf(url: string): string {
  try {
    return new URL(url, 'https://remote.invalid').host;
  } catch {
    return url;
  }
}

/**
 * A placeholder's label in the language of `t` when it is the label the component writes by default
 * (an author's `alt` or `title` is the author's text, left as written); the host or address kept as
 * written and escaped.
 */
function placeholderLabel(missing: boolean, kind: string, src: string, label: string, t: UiBodyText): string {
  if (missing) {
    const key = kind === 'image' ? 'imageNotFound' : 'videoNotFound';
    return label === fill(EN_BODY[key], { url: src }) ? fill(esc(t[key]), { url: src }) : label;
  }
  const key = kind === 'image' ? 'imageFrom' : kind === 'video' ? 'videoFrom' : 'contentFrom';
  const prefix = EN_BODY[key].replace('{host}', '');
  const host = label.slice(prefix.length);
  const isDefault = label.startsWith(prefix) && unescaped(host) === hostOf(unescaped(src));
  return isDefault ? fill(esc(t[key]), { host }) : label;
}

/**
 * An expandable's toggle (render/components/disclosure.tsx, endpoint/schema.ts): its two states, each in
 * its own element, with the same title (escaped). Author text reading "Show ..." is in neither.
 */
const TOGGLE =
  /<span class="op-expandable-show">Show ([^<]*)<\/span><span class="op-expandable-hide" data-op-unindexed="">Hide \1<\/span>/g;

/** A toggle in the language of `t`: the author's title as written, a default title translated. */
function toggle(title: string, t: UiBodyText): string {
  const own =
    title === EN_BODY.childAttributes
      ? esc(t.childAttributes)
      : title === EN_BODY.itemAttributes
        ? esc(t.itemAttributes)
        : title;
  return (
    `<span class="op-expandable-show">${fill(esc(t.showTitle), { title: own })}</span>` +
    `<span class="op-expandable-hide" data-op-unindexed="">${fill(esc(t.hideTitle), { title: own })}</span>`
  );
}

/**
 * An endpoint section's heading (endpoint/endpoint.ts) up to its text: the markup before it, its label
 * and the text (written in English).
 */
const SECTION_HEADING =
  /(<h2 class="op-heading op-endpoint-heading" id="[^"]*" data-op-label="([A-Za-z]+)">(?:(?!<\/a>)[\s\S])*<\/a>)([^<]*)/g;

/** A field's badges (endpoint/schema.ts, render/components/fields.tsx) as written, with the same in `body`'s words. */
function badges(body: UiBodyText): readonly (readonly [string, string])[] {
  return [
    [
      `<span class="op-field-required">${EN_FIELDS.required}</span>`,
      `<span class="op-field-required">${esc(body.required)}</span>`,
    ],
    [
      `<span class="op-field-deprecated">${EN_FIELDS.deprecated}</span>`,
      `<span class="op-field-deprecated">${esc(body.deprecated)}</span>`,
    ],
    [
      `<span class="op-field-default">${EN_FIELDS.defaultValue}: `,
      `<span class="op-field-default">${esc(body.defaultValue)}: `,
    ],
  ];
}

/** Endpoint sections and field badges in `body`'s words. */
function localizeFields(html: string, body: UiBodyText): string {
  let out = html;
  if (out.includes('op-field-')) {
    for (const [english, translated] of badges(body)) out = out.replaceAll(english, translated);
  }
  if (!out.includes('op-endpoint-heading')) return out;
  return out.replace(SECTION_HEADING, (whole, before: string, label: string, text: string) =>
    isEndpointSection(label) && text === EN_FIELDS[label] ? `${before}${esc(body[label])}` : whole,
  );
}

/**
 * `html` (a rendered page body) with its labels in the language of `t` and its placeholders, toggles,
 * endpoint sections and field badges in that of `body` (the same language: `bodyText` of the page's);
 * unchanged for English.
 */
export function localizeBody(html: string, t: UiText, body: UiBodyText): string {
  let out = html;
  if (t.copyCode !== EN.copyCode || t.linkToSection !== EN.linkToSection) {
    for (const [english, translated] of fragments(t)) out = out.replaceAll(english, translated);
  }
  if (body === EN_BODY) return out;
  out = localizeFields(out, body);
  if (out.includes('op-expandable-show')) out = out.replace(TOGGLE, (_, title: string) => toggle(title, body));
  if (!out.includes('op-remote-label')) return out;
  return out.replace(
    PLACEHOLDER,
    (_, before: string, missing: string | undefined, kind: string, src: string, label: string) => {
      return `${before}${placeholderLabel(missing !== undefined, kind, src, label, body)}</span>`;
    },
  );
}

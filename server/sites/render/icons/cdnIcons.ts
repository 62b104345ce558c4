/**
 * Icons from Mintlify's icon CDN (`https://mintlify.b-cdn.net/v6.6.0/regular/play.svg`), which Mintlify's
 * landing-page templates and many projects' own pages draw as CSS masks. An offline site cannot reach the
 * CDN (and its pages' policy would block it), so the mask drew nothing; the same icons ship with the app
 * (icons.ts), so each such URL becomes the installed icon as a data: URL, which pages may load.
 */
import { iconSvg } from './icons.js';

/** A CDN icon URL: its version, its style folder (`regular`, `solid`, `brands`, `lucide`, ...) and name. */
const CDN_ICON = /https:\/\/mintlify\.b-cdn\.net\/v\d+(?:\.\d+)*\/([a-z-]+)\/([a-z0-9-]+)\.svg/g;

/** The installed SVG of a CDN icon, or null when no installed set draws it. */
function cdnIconSvg(style: string, name: string): string | null {
  return style === 'lucide' ? iconSvg(name, 'lucide') : iconSvg(name, 'fontawesome', style);
}

/**
 * An SVG as a data: URL safe in an HTML attribute and inside CSS `url(...)`, quoted or not: every quote,
 * bracket and space is percent-encoded.
 */
function svgDataUrl(svg: string): string {
  const encoded = encodeURIComponent(svg).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `data:image/svg+xml,${encoded}`;
}

/** The data: URL of a CDN icon URL (the whole of `url`), or null when it is none or no installed set draws it. */
export function cdnIconDataUrl(url: string): string | null {
  const match = new RegExp(`^${CDN_ICON.source}$`).exec(url);
  const svg = match?.[1] === undefined || match[2] === undefined ? null : cdnIconSvg(match[1], match[2]);
  return svg === null ? null : svgDataUrl(svg);
}

/** A style attribute in React's markup (its value escaped, so holding no double quote). */
const STYLE_ATTRIBUTE = / style="([^"]*)"/g;

/**
 * A page's HTML with every CDN icon URL in a style attribute that an installed set draws replaced by
 * that icon's data: URL. Only style attributes: a code block or a paragraph that shows such a URL keeps it.
 */
export function localizeCdnIcons(html: string): string {
  if (!html.includes('mintlify.b-cdn.net')) return html;
  return html.replace(STYLE_ATTRIBUTE, (attribute, value: string) => {
    if (!value.includes('mintlify.b-cdn.net')) return attribute;
    const local = value.replace(CDN_ICON, (url, style: string, name: string) => {
      const svg = cdnIconSvg(style, name);
      return svg === null ? url : svgDataUrl(svg);
    });
    return ` style="${local}"`;
  });
}

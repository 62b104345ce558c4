/**
 * Is what a server sent the thing the project asked for? A `Content-Type` decides when it is specific;
 * a CDN's `application/octet-stream` (or none) is settled by the file's first bytes. A page of HTML
 * where an image should be (a login wall, a soft 404) is refused, so the packed copy is never junk.
 */
import { parse as parseYaml } from 'yaml';
import type { RemoteKind } from '../sites/project/remote.js';

/** What a reference asks for: media (image or video, decided by the response), a font or a spec. */
export type Wanted = 'media' | 'font' | 'spec';

/** A response accepted as an asset of `kind`, stored with `extension`. */
export interface Accepted {
  readonly kind: RemoteKind;
  readonly contentType: string;
  readonly extension: string;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
  'font/ttf': 'ttf',
  'font/otf': 'otf',
  'application/vnd.ms-fontobject': 'eot',
};

const ascii = (bytes: Buffer, start: number, end: number): string => bytes.subarray(start, end).toString('latin1');

/** The media or font type the first bytes show, if any. */
export function sniffType(bytes: Buffer): string | undefined {
  const hex = bytes.subarray(0, 4).toString('hex');
  if (hex === '89504e47') return 'image/png';
  if (hex.startsWith('ffd8ff')) return 'image/jpeg';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 4, 8) === 'ftyp') return /^avi[fs]$/.test(ascii(bytes, 8, 12)) ? 'image/avif' : 'video/mp4';
  if (hex === '00000100') return 'image/x-icon';
  if (hex === '1a45dfa3') return 'video/webm';
  if (ascii(bytes, 0, 4) === 'wOFF') return 'font/woff';
  if (ascii(bytes, 0, 4) === 'wOF2') return 'font/woff2';
  if (hex === '00010000' || ascii(bytes, 0, 4) === 'true') return 'font/ttf';
  if (ascii(bytes, 0, 4) === 'OTTO') return 'font/otf';
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return undefined;
}

/** `image/png; charset=x` -> `image/png`. */
function baseType(header: string | null): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/binary']);

function isFontType(type: string): boolean {
  return type.startsWith('font/') || /^application\/(x-)?font-/.test(type) || type === 'application/vnd.ms-fontobject';
}

function mediaOrFont(wanted: 'media' | 'font', declared: string, bytes: Buffer): Accepted | string {
  const type = GENERIC.has(declared) ? (sniffType(bytes) ?? declared) : declared;
  const extension = EXTENSIONS[type] ?? (isFontType(type) ? 'font' : type.split('/')[1]?.replace(/[^a-z0-9]/g, ''));
  const ext = (extension ?? 'bin').slice(0, 8) || 'bin';
  if (wanted === 'media' && type.startsWith('image/')) return { kind: 'image', contentType: type, extension: ext };
  if (wanted === 'media' && type.startsWith('video/')) return { kind: 'video', contentType: type, extension: ext };
  if (wanted === 'font' && isFontType(type)) return { kind: 'font', contentType: type, extension: ext };
  const expected = wanted === 'media' ? 'an image or video' : 'a font';
  return `wrong content type: ${declared || 'none'} (expected ${expected})`;
}

const SPEC_TYPES = /^(application\/(json|.*\+json|(x-)?yaml|vnd\.oai\.openapi)|text\/(plain|(x-)?yaml))$/;

function specDocument(text: string): { doc: unknown; json: boolean } | undefined {
  try {
    return { doc: JSON.parse(text), json: true };
  } catch {
    try {
      return { doc: parseYaml(text, { merge: true }), json: false };
    } catch {
      return undefined;
    }
  }
}

function spec(declared: string, bytes: Buffer): Accepted | string {
  if (!GENERIC.has(declared) && !SPEC_TYPES.test(declared)) {
    return `wrong content type: ${declared} (expected JSON or YAML)`;
  }
  const parsed = specDocument(bytes.toString('utf8'));
  const doc = parsed?.doc;
  const isSpec =
    typeof doc === 'object' && doc !== null && ['openapi', 'swagger', 'asyncapi'].some((key) => key in doc);
  if (parsed === undefined || !isSpec) return 'not an OpenAPI or AsyncAPI document (JSON or YAML)';
  const contentType =
    declared === '' || GENERIC.has(declared) ? (parsed.json ? 'application/json' : 'application/yaml') : declared;
  // The extension makes the copy a spec candidate for the project reader (`.json` / `.yaml`).
  return { kind: 'spec', contentType, extension: parsed.json ? 'json' : 'yaml' };
}

/**
 * Accepts the body of a response as what was wanted, or says why not (the reason the report shows).
 * `contentTypeHeader` is the response's `Content-Type` as sent.
 */
export function acceptBody(wanted: Wanted, contentTypeHeader: string | null, bytes: Buffer): Accepted | string {
  const declared = baseType(contentTypeHeader);
  return wanted === 'spec' ? spec(declared, bytes) : mediaOrFont(wanted, declared, bytes);
}

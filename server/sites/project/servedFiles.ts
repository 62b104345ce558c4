/**
 * Which project files a site serves as they are, and with what content type: the one list behind the
 * site server, a bundle's static hosts and the import's broken-link check (a link to a file the site
 * does not serve, such as a page's `.mdx` source, is a 404 for the reader).
 */
import { extname } from 'node:path';

/**
 * Content types of the project files a site serves (format reference §3.5, plus a few harmless
 * neighbours). Anything else in the project (MDX sources, configs, scripts of other kinds) is not served.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.bmp': 'image/bmp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.yml': 'application/yaml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
};

/** The content type a project file is served with, or undefined when files of its kind are not served. */
export function contentTypeOf(fileName: string): string | undefined {
  return CONTENT_TYPES[extname(fileName).toLowerCase()];
}

/** Config files a project has at its root: part of the source, not of the site. */
const CONFIG_FILES = new Set(['docs.json', 'mint.json']);

/** Whether the site serves project file `path` (project-relative, `/`-separated) at its own URL. */
export function isServedFile(path: string): boolean {
  return !CONFIG_FILES.has(path) && contentTypeOf(path) !== undefined;
}

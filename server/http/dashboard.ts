/**
 * Serves the built React dashboard at `/`. It is a fixed set of files read once at start-up, so no
 * request path ever reaches the file system. Its CSP allows only its own scripts and styles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Middleware } from 'koa';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface StaticFile {
  readonly body: Buffer;
  readonly type: string;
}

function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return files;
  }
  for (const name of names) {
    const path = join(dir, name);
    const type = TYPES[extname(name)];
    if (type !== undefined && statSync(path).isFile()) files.set(`/${name}`, { body: readFileSync(path), type });
  }
  return files;
}

/** Serves the dashboard's files from `dir` (GET/HEAD only; `/` is index.html). */
export function dashboard(dir: string): Middleware {
  const files = loadFiles(dir);
  return async (ctx, next) => {
    const file =
      ctx.method === 'GET' || ctx.method === 'HEAD'
        ? files.get(ctx.path === '/' ? '/index.html' : ctx.path)
        : undefined;
    if (file === undefined) {
      await next();
      return;
    }
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = file.type;
    ctx.body = file.body;
  };
}

/**
 * The local files pages load (images, scripts, stylesheets, fonts, downloads), read from the run's site
 * server and written once each as `_assets/<name>.<contenthash>.<ext>`: the name changes exactly when
 * the content does, so the bundle can be cached forever. Stylesheets are rewritten first (their own
 * `url()`s and `@import`s point at hashed files too, fonts included), then hashed. SVG and XML files are
 * made inert first (svgSanitize.ts): the hash, the name and the manifest describe the bytes the bundle holds.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.js';
import { encodePath } from './bundleFiles.js';
import { fetchFromSite } from './siteFetch.js';
import { isExternalUrl, isSelfContained, visitCssRefs } from './refs.js';
import { sanitizeSvg, sanitizeXml, type SanitizedSvg } from './svgSanitize.js';

/** The bundle folder of assets. */
export const ASSETS_DIR = '_assets';

/** Largest single asset read from the site server. */
const MAX_ASSET_BYTES = 512 * 1024 * 1024;

function hashOf(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 12);
}

/** `<stem>.<hash>.<ext>` from a site path's last segment; safe on every file system. */
export function hashedName(sitePath: string, hash: string): string {
  const last = sitePath.split('/').pop() ?? 'file';
  const dot = last.lastIndexOf('.');
  const clean = (s: string): string => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  const stem = clean(dot > 0 ? last.slice(0, dot) : last).slice(0, 60) || 'file';
  const ext =
    dot > 0
      ? clean(last.slice(dot + 1))
          .toLowerCase()
          .slice(0, 12)
      : '';
  return ext ? `${stem}.${hash}.${ext}` : `${stem}.${hash}`;
}

/** Reads assets from the site server and writes them into the bundle folder. */
export class AssetStore {
  private readonly byPath = new Map<string, Promise<string | null>>();
  /** Asset references that could not be resolved, for the run's log. */
  readonly missing = new Set<string>();

  constructor(
    private readonly origin: string,
    private readonly bundleDir: string,
    private readonly logger: Logger,
  ) {
    mkdirSync(join(bundleDir, ASSETS_DIR), { recursive: true });
  }

  /**
   * The bundle path (`_assets/x.1a2b.png`) of the site file at `sitePath`, reading and writing it on
   * first use; null when the site has no such file.
   */
  asset(sitePath: string): Promise<string | null> {
    let known = this.byPath.get(sitePath);
    if (known === undefined) {
      known = this.load(sitePath, []);
      this.byPath.set(sitePath, known);
    }
    return known;
  }

  /** Writes a generated file (search index) as a hashed asset; returns its bundle path. */
  writeGenerated(name: string, body: string): string {
    return this.write(name, Buffer.from(body));
  }

  private write(sitePath: string, data: Buffer): string {
    const file = `${ASSETS_DIR}/${hashedName(sitePath, hashOf(data))}`;
    const full = join(this.bundleDir, file);
    if (!existsSync(full)) writeFileSync(full, data);
    return file;
  }

  /**
   * The site server's answer for `sitePath` (siteFetch.ts retries a failed connection or a 5xx): the
   * bundle must not depend on a passing hiccup, so a file that keeps failing fails the export.
   */
  private fetchAsset(sitePath: string): Promise<Response> {
    // A redirect is no asset (unknown paths redirect to the home page); siteFetch.ts never follows one.
    return fetchFromSite(this.origin + encodePath(sitePath), `The file ${sitePath}`, this.logger);
  }

  private async load(sitePath: string, chain: readonly string[]): Promise<string | null> {
    const response = await this.fetchAsset(sitePath);
    const type = response.headers.get('content-type') ?? '';
    // A page is never an asset (links to pages are resolved before assets are asked for).
    if (response.status !== 200 || /^text\/html\b/i.test(type)) {
      await response.body?.cancel();
      this.missing.add(sitePath);
      return null;
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > MAX_ASSET_BYTES) {
      await response.body?.cancel();
      this.logger.warn({ path: sitePath, bytes: length }, 'export: asset too large, left out');
      this.missing.add(sitePath);
      return null;
    }
    const data = Buffer.from(await response.arrayBuffer());
    if (/^image\/svg\+xml\b/i.test(type) || sitePath.toLowerCase().endsWith('.svg')) {
      return this.write(sitePath, this.inert(sitePath, sanitizeSvg(data)));
    }
    if (/^(application|text)\/([\w.-]+\+)?xml\b/i.test(type) || sitePath.toLowerCase().endsWith('.xml')) {
      return this.write(sitePath, this.inert(sitePath, sanitizeXml(data)));
    }
    if (!/^text\/css\b/i.test(type) && !sitePath.toLowerCase().endsWith('.css')) return this.write(sitePath, data);
    return this.write(sitePath, Buffer.from(await this.rewriteCss(sitePath, data.toString('utf8'), chain)));
  }

  /** An SVG or XML file without what could run code when it is opened from disk, where no policy applies. */
  private inert(sitePath: string, file: SanitizedSvg): Buffer {
    if (!file.readable) this.logger.warn({ path: sitePath }, 'export: a file is not well-formed XML, left empty');
    else if (file.removed.length > 0) {
      this.logger.warn({ path: sitePath, removed: file.removed }, 'export: active content removed from a file');
    }
    return file.bytes;
  }

  /** A stylesheet with each of its references replaced by the hashed file's name (same `_assets/` folder). */
  private async rewriteCss(sitePath: string, css: string, chain: readonly string[]): Promise<string> {
    const base = this.origin + encodePath(sitePath);
    const targets = new Map<string, string | null>();
    const pending: Promise<void>[] = [];
    visitCssRefs(css, (url) => {
      if (isSelfContained(url) || targets.has(url)) return url;
      targets.set(url, null);
      const resolved = this.localPath(url, base);
      if (resolved === null) return url;
      pending.push(
        (async () => {
          // An @import cycle would wait for itself: the repeated sheet is left out instead.
          if (chain.includes(resolved)) return;
          const known = this.byPath.get(resolved);
          const file = known !== undefined ? await known : await this.loadShared(resolved, [...chain, sitePath]);
          targets.set(url, file);
        })(),
      );
      return url;
    });
    await Promise.all(pending);
    return visitCssRefs(css, (url) => {
      if (isSelfContained(url)) return url;
      const file = targets.get(url) ?? null;
      if (file === null) {
        this.logger.warn({ stylesheet: sitePath, url }, 'export: stylesheet reference left out');
        return null;
      }
      return file.slice(ASSETS_DIR.length + 1);
    });
  }

  private loadShared(sitePath: string, chain: readonly string[]): Promise<string | null> {
    const loading = this.load(sitePath, chain);
    this.byPath.set(sitePath, loading);
    return loading;
  }

  /** The site path a URL found under `base` points to, or null when it leaves the site (or is not http). */
  localPath(url: string, base: string): string | null {
    if (isExternalUrl(url) && !url.startsWith(this.origin)) return null;
    let parsed: URL;
    try {
      parsed = new URL(url, base);
    } catch {
      return null;
    }
    if (parsed.origin !== this.origin) return null;
    try {
      return decodeURIComponent(parsed.pathname);
    } catch {
      return null;
    }
  }
}

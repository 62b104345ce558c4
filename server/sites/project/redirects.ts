/**
 * `docs.json` redirects (format reference §1.1): `:param` (one segment), `:param?`, `:param+`, `:param*`
 * (any number of segments) and prefix wildcards written with a bare `*` (`/old/article-*`). The first
 * matching rule wins; 308 for permanent rules (the default), 307 otherwise.
 */
import { entryPageUrl } from './entry.js';
import type { SiteModel, SiteRedirect } from './model.js';

/** A redirect ready to match decoded request paths. */
export interface CompiledRedirect {
  readonly rule: SiteRedirect;
  readonly pattern: RegExp;
  /** Capture group names in order (`*` for a bare wildcard). */
  readonly names: readonly string[];
}

/** Where a request goes. */
export interface RedirectTarget {
  readonly location: string;
  readonly status: 307 | 308;
}

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)([*+?]?)$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles one rule; null when its source cannot be read as a path pattern. */
export function compileRedirect(rule: SiteRedirect): CompiledRedirect | null {
  const source = rule.source.length > 1 ? rule.source.replace(/\/+$/, '') : rule.source;
  if (!source.startsWith('/')) return null;
  const names: string[] = [];
  let pattern = '';
  for (const segment of source.slice(1).split('/')) {
    if (segment === '' && source !== '/') return null;
    const param = PARAM.exec(segment);
    if (param?.[1] !== undefined) {
      names.push(param[1]);
      const modifier = param[2];
      if (modifier === '*') pattern += '(?:/(.*))?';
      else if (modifier === '+') pattern += '/(.+)';
      else if (modifier === '?') pattern += '(?:/([^/]+))?';
      else pattern += '/([^/]+)';
    } else if (segment.includes('*')) {
      pattern += '/' + segment.split('*').map(escapeRegExp).join('(.*)');
      for (let i = 1; i < segment.split('*').length; i++) names.push('*');
    } else {
      pattern += segment === '' ? '' : `/${escapeRegExp(segment)}`;
    }
  }
  return { rule, pattern: new RegExp(`^${pattern === '' ? '/' : pattern}/?$`), names };
}

function encodePath(value: string): string {
  return value
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
}

function fill(destination: string, values: ReadonlyMap<string, string>, stars: readonly string[]): string {
  let starIndex = 0;
  // Optional parameters that matched nothing take their leading slash with them.
  let out = destination.replace(/(\/?):([A-Za-z_][A-Za-z0-9_]*)([*+?]?)/g, (whole, slash: string, name: string) => {
    const value = values.get(name);
    if (value === undefined) return whole;
    return value === '' ? '' : `${slash}${encodePath(value)}`;
  });
  out = out.replace(/\*/g, () => encodePath(stars[starIndex++] ?? ''));
  return out === '' ? '/' : out;
}

/**
 * `url` with what a URL cannot hold as text (controls, spaces, non-ASCII; a lone surrogate as U+FFFD)
 * percent-encoded as UTF-8, as a browser does with what it is given: a destination written with a line
 * break or a U+2028 is no header value (Node refuses it, the reader got a 500) and no header injection.
 */
function asUrlText(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => (/^[\ud800-\udfff]$/u.test(c) ? '%EF%BF%BD' : encodeURIComponent(c)));
}

/**
 * The site path a redirect's Location leads to, the form pages are found by: the part before its query or
 * fragment, percent-decoded ({@link matchRedirect} encodes; a malformed escape is kept as written).
 */
export function locationPath(location: string): string {
  const path = location.split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Each rule's destination compiled as a pattern, once (a bundle asks it of every exported page). */
const reversedRules = new WeakMap<CompiledRedirect, CompiledRedirect | null>();

/**
 * The concrete path rule `compiled` sends to `target` (a decoded site path), read backwards: its source
 * filled with the values `target` gives the destination's parameters. Null when `target` is not one of
 * the rule's destinations, or the source has a parameter the destination does not name (its value cannot
 * be known). The caller checks with {@link matchRedirect} that the path does lead there (an earlier rule
 * may take it first).
 */
export function redirectSourceFor(compiled: CompiledRedirect, target: string): string | null {
  let reversed = reversedRules.get(compiled);
  if (reversed === undefined) {
    const destination = compiled.rule.destination.split(/[?#]/)[0] ?? '';
    reversed = compileRedirect({ ...compiled.rule, source: destination });
    reversedRules.set(compiled, reversed);
  }
  const match = reversed?.pattern.exec(target);
  if (reversed === null || match === null || match === undefined) return null;
  const { values, stars } = captured(reversed.names, match);
  // A source parameter that may match nothing (`:slug*`, `:slug?`) and that the destination does not name
  // still gives one path: the rule's own prefix (`/old/:slug*` -> `/new` is reached from `/old`).
  for (const name of compiled.names) {
    if (name !== '*' && !values.has(name) && optionalParameter(compiled.rule.source, name)) values.set(name, '');
  }
  const starCount = compiled.names.filter((name) => name === '*').length;
  if (starCount !== stars.length || compiled.names.some((name) => name !== '*' && !values.has(name))) return null;
  const source = fill(compiled.rule.source, values, stars);
  let decoded: string;
  try {
    decoded = decodeURIComponent(source.length > 1 ? source.replace(/\/+$/, '') : source);
  } catch {
    return null;
  }
  return isRequestablePath(decoded) ? decoded : null;
}

/** A backslash or a control character: no segment of a request path the site server reads has one. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const UNREQUESTABLE = /[\\\u0000-\u001f\u007f]/;

/**
 * Whether a decoded path is one a request can name, as the site server reads requests: segments neither
 * empty nor `.`/`..`, without a backslash or a control character. A source read backwards is decoded, so
 * an encoded `%2f..%2f` in a rule would otherwise become real `..` segments, and the path names the
 * bundle's redirect page file; no request reaches such a path, so leaving it out loses nothing.
 */
function isRequestablePath(path: string): boolean {
  if (path === '/') return true;
  return path
    .slice(1)
    .split('/')
    .every((s) => s !== '' && s !== '.' && s !== '..' && !UNREQUESTABLE.test(s));
}

/** Whether `source` names parameter `name` as one that may match nothing (`:name*` or `:name?`). */
function optionalParameter(source: string, name: string): boolean {
  return source.split('/').some((segment) => segment === `:${name}*` || segment === `:${name}?`);
}

/** What a pattern's groups captured: named parameters by name, bare wildcards in order. */
function captured(names: readonly string[], match: RegExpExecArray): { values: Map<string, string>; stars: string[] } {
  const values = new Map<string, string>();
  const stars: string[] = [];
  names.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    if (name === '*') stars.push(value);
    else values.set(name, value);
  });
  return { values, stars };
}

/** Compiles every rule, leaving out the ones that cannot be read. */
export function compileRedirects(rules: readonly SiteRedirect[]): CompiledRedirect[] {
  return rules.map(compileRedirect).filter((r): r is CompiledRedirect => r !== null);
}

/**
 * Where `path` (decoded, starting with `/`) is redirected, keeping the request's query string when the
 * destination has none; null when no rule matches or a rule would send the request to itself.
 */
export function matchRedirect(rules: readonly CompiledRedirect[], path: string, search = ''): RedirectTarget | null {
  for (const compiled of rules) {
    const match = compiled.pattern.exec(path);
    if (match === null) continue;
    const { values, stars } = captured(compiled.names, match);
    let location = asUrlText(fill(compiled.rule.destination, values, stars));
    if (location === path || location === encodePath(path)) continue;
    if (search !== '' && !location.includes('?')) {
      const hash = location.indexOf('#');
      location = hash < 0 ? location + search : location.slice(0, hash) + search + location.slice(hash);
    }
    return { location, status: compiled.rule.permanent ? 308 : 307 };
  }
  return null;
}

/**
 * Where `/` goes in a project without a root page: its entry page ({@link entryPageUrl}, the first
 * navigation page, as on Mintlify and in the bundle's `index.html`), keeping the query string; null when
 * the project has a root page or no page. 307, not 308: the entry page changes whenever the navigation
 * does, so browsers must not remember it, and a `docs.json` redirect for `/` (matched before) wins.
 */
export function entryRedirect(model: SiteModel, search = ''): RedirectTarget | null {
  if (model.pages.has('index')) return null;
  const url = entryPageUrl(model);
  return url === undefined || url === '/' ? null : { location: encodePath(url) + search, status: 307 };
}

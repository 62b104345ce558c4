/**
 * The realm project code runs in. A docs project's MDX expressions, `export const` components and
 * `.jsx` snippets are code from another team: they run in a fresh V8 context per page that holds only
 * JavaScript's own globals (no `process`, `require`, `fetch`, timers or `Buffer`) and cannot compile
 * code from strings (`eval`, `new Function`). A context is not a security boundary by itself; the render
 * sandbox process (server/sites/sandbox) is the boundary, and this realm is its inner wall: it keeps
 * Node's globals out of reach and pages from seeing each other's globals.
 */
import { compileFunction, createContext, runInContext, type Context } from 'node:vm';

/** A page's realm for project code. */
export type GuestRealm = Context;

/**
 * Base64 as browsers have it (`btoa`/`atob`, Latin-1 strings), written in the realm's own JavaScript:
 * Node's functions would hand project code this process's Function constructor. Components build deep
 * links with them (Firecrawl's MCP setup card: `btoa(JSON.stringify(config))`).
 */
const BASE64 = `
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  globalThis.btoa = (input) => {
    const s = String(input);
    if (/[^\\u0000-\\u00ff]/.test(s)) throw new Error('btoa: the string has characters outside of Latin-1');
    let out = '';
    for (let i = 0; i < s.length; i += 3) {
      const n = (s.charCodeAt(i) << 16) | ((s.charCodeAt(i + 1) || 0) << 8) | (s.charCodeAt(i + 2) || 0);
      out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
      out += (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
    }
    return out;
  };
  globalThis.atob = (input) => {
    const s = String(input).replace(/[\\t\\n\\f\\r ]/g, '').replace(/==?$/, '');
    if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error('atob: the string is not correctly encoded');
    let out = '';
    let value = 0;
    let bits = 0;
    for (const ch of s) {
      value = (value << 6) | B64.indexOf(ch);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out += String.fromCharCode((value >> bits) & 255);
        value &= (1 << bits) - 1;
      }
    }
    return out;
  };
`;

/** Globals a browser or Mintlify's SSR would have that harmless snippets use (`console.log` left in). */
const PRELUDE = `
  const noop = () => undefined;
  globalThis.console = Object.freeze({ log: noop, info: noop, warn: noop, error: noop, debug: noop });
  globalThis.window = undefined;
  ${BASE64}
`;

/** A new realm for one page render. */
export function newGuestRealm(): GuestRealm {
  const realm = createContext({}, { name: 'project code', codeGeneration: { strings: false, wasm: false } });
  runInContext(PRELUDE, realm);
  return realm;
}

/**
 * Compiles `body` as a function of `params` inside `realm` and calls it with `args`. The function's
 * free names resolve against the realm's globals, never this process's.
 */
export function runInGuest(
  realm: GuestRealm,
  body: string,
  params: readonly string[],
  args: readonly unknown[],
  filename: string,
): unknown {
  const fn: unknown = compileFunction(body, [...params], { parsingContext: realm, filename });
  if (typeof fn !== 'function') throw new Error(`${filename}: did not compile to a function`);
  return Reflect.apply(fn, undefined, args);
}

/**
 * A CommonJS `module` for a script snippet, made inside the realm (so project code cannot climb from it
 * to this realm's constructors).
 */
export function guestModule(realm: GuestRealm): { exports: unknown } {
  const made: unknown = runInContext('({ exports: {} })', realm);
  if (typeof made !== 'object' || made === null || !('exports' in made)) throw new Error('the project realm is broken');
  return made;
}

/**
 * The message of anything thrown, from this realm or a project's (`instanceof Error` is false for a
 * project realm's errors). Reading a property of a project object can run project code (a getter), so
 * only an own data property that is a string is taken.
 */
export function thrownMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const own = Object.getOwnPropertyDescriptor(error, 'message');
    if (own !== undefined && typeof own.value === 'string') return own.value;
    return 'an exception was thrown';
  }
  return typeof error === 'string' ? error : String(error);
}

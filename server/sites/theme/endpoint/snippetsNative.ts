/**
 * Request samples in the compiled systems languages: C (libcurl's easy interface), C++ (cpr, libcurl's
 * C++ wrapper; libcurl itself for a method cpr has no call for) and Rust (reqwest, on tokio). Each sends
 * the method, URL, headers and body cURL does; the text is quoted so the program sends exactly cURL's bytes.
 */
import type { SampleRequest } from './snippets.js';
import { methodCalls } from './methodCalls.js';

const UTF8 = new TextEncoder();

const NAMED: Readonly<Record<string, string>> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A C (and C++) string literal. Past ASCII, each UTF-8 byte is an octal escape: raw, the bytes would be
 * read in the compiler's source character set (MSVC's is the system code page); octal, not hex, as a hex
 * escape runs on into a following digit or letter. `??` is split (`?\?`), which C before C23 may read as
 * the start of a trigraph.
 */
function cLiteral(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (NAMED[c] !== undefined) out += NAMED[c];
    else if (c === '?' && out.endsWith('?')) out += '\\?';
    else if (code >= 0x20 && code < 0x7f) out += c;
    else for (const byte of UTF8.encode(c)) out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `"${out}"`;
}

/**
 * A C string of several lines as adjacent literals, one a line (the compiler joins them), each but the
 * first on its own line at `indent`, so a pretty-printed JSON body reads as the JSON it is.
 */
function cLines(text: string, indent: string): string {
  const lines = text.split(/(?<=\n)/);
  return lines.map((line, i) => (i === 0 ? '' : indent) + cLiteral(line)).join('\n');
}

/** C with libcurl: the response is written to stdout, libcurl's default; an error to stderr. */
export function c(r: SampleRequest): string {
  const method = r.method.toUpperCase();
  const lines = ['#include <stdio.h>', '#include <curl/curl.h>', '', 'int main(void)', '{'];
  lines.push('  CURL *curl = curl_easy_init();', '  if (!curl)', '    return 1;', '');
  // GET is libcurl's default, HEAD its NOBODY (a custom "HEAD" would wait for a body that never comes).
  if (method === 'HEAD') lines.push('  curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);');
  else if (method !== 'GET') lines.push(`  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, ${cLiteral(method)});`);
  lines.push(`  curl_easy_setopt(curl, CURLOPT_URL, ${cLiteral(r.url)});`);
  if (r.headers.length > 0) {
    lines.push('', '  struct curl_slist *headers = NULL;');
    for (const [name, value] of r.headers) {
      lines.push(`  headers = curl_slist_append(headers, ${cLiteral(`${name}: ${value}`)});`);
    }
    lines.push('  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);');
  }
  if (r.body !== undefined) {
    lines.push(
      '',
      `  curl_easy_setopt(curl, CURLOPT_POSTFIELDS,\n                   ${cLines(r.body, ' '.repeat(19))});`,
    );
  }
  lines.push(
    '',
    '  CURLcode res = curl_easy_perform(curl);',
    '  if (res != CURLE_OK)',
    '    fprintf(stderr, "curl_easy_perform() failed: %s\\n", curl_easy_strerror(res));',
    '',
  );
  if (r.headers.length > 0) lines.push('  curl_slist_free_all(headers);');
  lines.push('  curl_easy_cleanup(curl);', '  return res == CURLE_OK ? 0 : 1;', '}');
  return lines.join('\n');
}

/** The calls cpr has for a method. */
const CPR_METHODS = methodCalls(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'], 'capitalised');

/** C++ with cpr; a method cpr has no call for is sent with libcurl, as the C sample does (it is C++ too). */
export function cpp(r: SampleRequest): string {
  const call = CPR_METHODS[r.method.toUpperCase()];
  if (call === undefined) return c(r);
  const args = [`cpr::Url{${cLiteral(r.url)}}`];
  if (r.headers.length > 0) {
    const pairs = r.headers.map(([name, value]) => `          {${cLiteral(name)}, ${cLiteral(value)}},`);
    args.push(['cpr::Header{', ...pairs, '      }'].join('\n'));
  }
  if (r.body !== undefined) args.push(`cpr::Body{${cLines(r.body, ' '.repeat(16))}}`);
  return [
    '#include <cpr/cpr.h>',
    '#include <iostream>',
    '',
    'int main()',
    '{',
    `  cpr::Response response = cpr::${call}(`,
    `      ${args.join(',\n      ')});`,
    '  std::cout << response.text << std::endl;',
    '  return 0;',
    '}',
  ].join('\n');
}

/** A Rust string literal: `\`, `"` and control characters escaped; the rest is UTF-8 source, as Rust's is. */
function rustString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (NAMED[ch] !== undefined) out += NAMED[ch];
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return `"${out}"`;
}

/** reqwest's Client calls for a method; other methods go through `request(Method, url)`. */
const REQWEST_CALLS = methodCalls(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'], 'lower');

/** The `http::Method` constants reqwest re-exports; any other is `Method::from_bytes`. */
const REQWEST_CONSTANTS = new Set(['OPTIONS', 'TRACE', 'CONNECT']);

/** Rust with reqwest's async Client on tokio's runtime (`reqwest` and `tokio` with `macros`, `rt-multi-thread`). */
export function rust(r: SampleRequest): string {
  const method = r.method.toUpperCase();
  const call = REQWEST_CALLS[method];
  const url = rustString(r.url);
  const start =
    call !== undefined
      ? `.${call}(${url})`
      : REQWEST_CONSTANTS.has(method)
        ? `.request(reqwest::Method::${method}, ${url})`
        : `.request(reqwest::Method::from_bytes(b${rustString(method)})?, ${url})`;
  const chain = [start, ...r.headers.map(([name, value]) => `.header(${rustString(name)}, ${rustString(value)})`)];
  if (r.body !== undefined) chain.push(`.body(${rustString(r.body)})`);
  chain.push('.send()', '.await?;');
  return [
    '#[tokio::main]',
    'async fn main() -> Result<(), Box<dyn std::error::Error>> {',
    '    let client = reqwest::Client::new();',
    '    let response = client',
    ...chain.map((part) => `        ${part}`),
    '',
    '    println!("{}", response.text().await?);',
    '    Ok(())',
    '}',
  ].join('\n');
}

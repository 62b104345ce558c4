/**
 * Request samples in the mobile platforms' languages: Swift (Foundation's URLSession), Kotlin (OkHttp 4)
 * and Dart (package:http, Flutter's). Each sends the method, URL, headers and body cURL does; the text is
 * quoted so the language reads back exactly what cURL sends, interpolation (`\(`, `$`) included.
 */
import { withoutRefusedBody } from './refusedBody.js';
import type { SampleRequest } from './snippets.js';

const isContentType = ([name]: readonly [string, string]): boolean => name.toLowerCase() === 'content-type';

/**
 * A string literal between `quote`s: `\`, the quote and the characters in `more` escaped by a backslash,
 * line ends and tabs by their letter, and any other control character (none may stand raw in a one-line
 * string) by `unicode`.
 */
function quoted(text: string, quote: string, more: string, unicode: (code: number) => string): string {
  const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (c === '\\' || c === quote || more.includes(c)) out += `\\${c}`;
    else if (named[c] !== undefined) out += named[c];
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) out += unicode(code);
    else out += c;
  }
  return `${quote}${out}${quote}`;
}

const hex = (code: number): string => code.toString(16).toUpperCase();
/** Swift: `\(` cannot open an interpolation once its backslash is escaped. */
const swiftString = (text: string): string => quoted(text, '"', '', (c) => `\\u{${hex(c)}}`);
/** Kotlin: `$` is escaped, so `$name` and `${...}` stay text. */
const kotlinString = (text: string): string => quoted(text, '"', '$', (c) => `\\u${hex(c).padStart(4, '0')}`);
/** Dart, single-quoted as its style guide has it: `$` escaped too. */
const dartString = (text: string): string => quoted(text, "'", '$', (c) => `\\u{${hex(c)}}`);

/** Swift (5.5+, top-level `await` in main.swift): a URLRequest sent by URLSession.shared. */
export function swift(asked: SampleRequest): string {
  const { request: r, note } = withoutRefusedBody(asked, 'URLSession');
  const lines = [
    'import Foundation',
    '',
    ...(note === null ? [] : [`// ${note}`]),
    `var request = URLRequest(url: URL(string: ${swiftString(r.url)})!)`,
    `request.httpMethod = ${swiftString(r.method.toUpperCase())}`,
    ...r.headers.map(
      ([name, value]) => `request.setValue(${swiftString(value)}, forHTTPHeaderField: ${swiftString(name)})`,
    ),
  ];
  if (r.body !== undefined) lines.push(`request.httpBody = Data(${swiftString(r.body)}.utf8)`);
  lines.push(
    '',
    'let (data, _) = try await URLSession.shared.data(for: request)',
    'print(String(decoding: data, as: UTF8.self))',
  );
  return lines.join('\n');
}

/** The methods OkHttp refuses without a body (`HttpMethod.requiresRequestBody`). */
const OKHTTP_BODY_REQUIRED = new Set(['POST', 'PUT', 'PATCH', 'PROPPATCH', 'REPORT']);

/**
 * Kotlin: an OkHttp request. The body's media type is its Content-Type (OkHttp sets the header from it),
 * given as bytes so OkHttp sends it as cURL does, without adding a charset.
 */
export function kotlin(asked: SampleRequest): string {
  const { request: r, note } = withoutRefusedBody(asked, 'OkHttp');
  const method = r.method.toUpperCase();
  const contentType = r.headers.find(isContentType)?.[1];
  const onBody = r.body !== undefined && contentType !== undefined;
  const headers = onBody ? r.headers.filter((h) => !isContentType(h)) : r.headers;
  const needsEmpty = r.body === undefined && OKHTTP_BODY_REQUIRED.has(method);
  const imports = [
    ...(onBody ? ['import okhttp3.MediaType.Companion.toMediaType'] : []),
    'import okhttp3.OkHttpClient',
    'import okhttp3.Request',
    ...(r.body !== undefined || needsEmpty ? ['import okhttp3.RequestBody.Companion.toRequestBody'] : []),
  ];
  const lines = [...imports, '', 'fun main() {', '    val client = OkHttpClient()'];
  if (note !== null) lines.push(`    // ${note}`);
  let body = needsEmpty ? 'ByteArray(0).toRequestBody()' : 'null';
  if (r.body !== undefined) {
    const media = contentType === undefined ? '' : `${kotlinString(contentType)}.toMediaType()`;
    lines.push(`    val body = ${kotlinString(r.body)}.toByteArray().toRequestBody(${media})`);
    body = 'body';
  }
  lines.push(
    '    val request = Request.Builder()',
    `        .url(${kotlinString(r.url)})`,
    `        .method(${kotlinString(method)}, ${body})`,
    ...headers.map(([name, value]) => `        .addHeader(${kotlinString(name)}, ${kotlinString(value)})`),
    '        .build()',
    '',
    '    client.newCall(request).execute().use { response ->',
    '        println(response.body?.string())',
    '    }',
    '}',
  );
  return lines.join('\n');
}

/**
 * Dart: a package:http Request. The body is set as UTF-8 bytes: the `body` setter would add
 * `; charset=utf-8` to the content type cURL sends.
 */
export function dart(r: SampleRequest): string {
  const lines = r.body === undefined ? [] : ["import 'dart:convert';", ''];
  lines.push(
    "import 'package:http/http.dart' as http;",
    '',
    'Future<void> main() async {',
    `  final request = http.Request(${dartString(r.method.toUpperCase())}, Uri.parse(${dartString(r.url)}));`,
  );
  if (r.headers.length > 0) {
    lines.push(
      '  request.headers.addAll({',
      ...r.headers.map(([name, value]) => `    ${dartString(name)}: ${dartString(value)},`),
      '  });',
    );
  }
  if (r.body !== undefined) lines.push(`  request.bodyBytes = utf8.encode(${dartString(r.body)});`);
  lines.push('', '  final response = await request.send();', '  print(await response.stream.bytesToString());', '}');
  return lines.join('\n');
}

/**
 * Request samples in Swift (URLSession), Kotlin (OkHttp) and Dart (package:http), documented
 * `api.examples.languages` Offprint left out: the same method, URL, headers and body as cURL, the body's
 * text quoted so each language reads it back byte for byte (`\(` is no Swift interpolation, `$` no
 * Kotlin or Dart one), the content type sent exactly as cURL sends it (OkHttp's and package:http's
 * string bodies would add a charset to it).
 */
import { describe, expect, it } from 'vitest';
import { requestSamples, type SampleInput } from '../server/sites/theme/endpoint/samples.js';
import { sampleSettings } from '../server/sites/theme/endpoint/snippets.js';

const INPUT: SampleInput = {
  method: 'post',
  url: 'https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>',
  auth: [{ name: 'Authorization', location: 'header', placeholder: 'Bearer <token>', description: 'Token.' }],
  headers: [['X-Team', '<X-Team>']],
  contentType: 'application/json',
  // Quotes, a backslash before a parenthesis, interpolation syntax, a tab, accents and an emoji.
  body: { note: 'She said "hi" \\(x) $5 ${x} $y it\'s\té 😀' },
  operation: {},
  settings: sampleSettings({ examples: { languages: ['swift', 'kt', 'flutter'] } }),
};

/** The JSON text cURL sends, as it appears inside a double-quoted string of each language (`\` and `"` escaped). */
const ESCAPED = '{\\n  \\"note\\": \\"She said \\\\\\"hi\\\\\\" \\\\\\\\(x) $5 ${x} $y it\'s\\\\té 😀\\"\\n}';

describe('Swift, Kotlin and Dart request samples', () => {
  it('are generated for swift, kotlin and dart (by their aliases too), in the order asked', () => {
    expect(requestSamples(INPUT).map((s) => [s.label, s.lang])).toEqual([
      ['Swift', 'swift'],
      ['Kotlin', 'kotlin'],
      ['Dart', 'dart'],
    ]);
  });

  it('writes Swift with URLSession, the body an escaped string (a backslash cannot start \\( )', () => {
    const [swift] = requestSamples(INPUT);
    expect(swift?.code).toBe(
      [
        'import Foundation',
        '',
        'var request = URLRequest(url: URL(string: "https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>")!)',
        'request.httpMethod = "POST"',
        'request.setValue("Bearer <token>", forHTTPHeaderField: "Authorization")',
        'request.setValue("<X-Team>", forHTTPHeaderField: "X-Team")',
        'request.setValue("application/json", forHTTPHeaderField: "Content-Type")',
        `request.httpBody = Data("${ESCAPED}".utf8)`,
        '',
        'let (data, _) = try await URLSession.shared.data(for: request)',
        'print(String(decoding: data, as: UTF8.self))',
      ].join('\n'),
    );
  });

  it('writes Kotlin with OkHttp, $ escaped, the content type on the body as bytes', () => {
    const [, kotlin] = requestSamples(INPUT);
    expect(kotlin?.code).toBe(
      [
        'import okhttp3.MediaType.Companion.toMediaType',
        'import okhttp3.OkHttpClient',
        'import okhttp3.Request',
        'import okhttp3.RequestBody.Companion.toRequestBody',
        '',
        'fun main() {',
        '    val client = OkHttpClient()',
        // As bytes: OkHttp would add "; charset=utf-8" to the media type of a String body.
        `    val body = "${ESCAPED.replace(/\$/g, '\\$')}".toByteArray().toRequestBody("application/json".toMediaType())`,
        '    val request = Request.Builder()',
        '        .url("https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>")',
        '        .method("POST", body)',
        '        .addHeader("Authorization", "Bearer <token>")',
        '        .addHeader("X-Team", "<X-Team>")',
        '        .build()',
        '',
        '    client.newCall(request).execute().use { response ->',
        '        println(response.body?.string())',
        '    }',
        '}',
      ].join('\n'),
    );
    expect(kotlin?.code).toContain('\\$5 \\${x} \\$y');
  });

  it('writes Kotlin with an empty body where OkHttp requires one, and none for GET', () => {
    const input = { ...INPUT, headers: [], contentType: undefined, body: undefined };
    expect(requestSamples(input)[1]?.code).toContain(
      '    val request = Request.Builder()\n' +
        '        .url("https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>")\n' +
        '        .method("POST", ByteArray(0).toRequestBody())\n',
    );
    const get = requestSamples({ ...input, method: 'get' })[1]?.code;
    expect(get).toContain('        .method("GET", null)\n');
    expect(get).not.toContain('toRequestBody');
  });

  it('writes Swift and Kotlin for a GET or HEAD with a body without it (URLSession and OkHttp refuse one), saying so', () => {
    for (const method of ['get', 'head']) {
      const [swift, kotlin] = requestSamples({ ...INPUT, method });
      expect(swift?.code, method).toContain(`// URLSession cannot send a body with ${method.toUpperCase()}`);
      expect(swift?.code, method).not.toMatch(/httpBody|Content-Type/);
      expect(swift?.code, method).toContain(`request.httpMethod = "${method.toUpperCase()}"`);
      const code = kotlin?.code ?? '';
      expect(code, method).toContain(`        .method("${method.toUpperCase()}", null)\n`);
      expect(code, method).toContain(`// OkHttp cannot send a body with ${method.toUpperCase()}`);
      expect(code, method).not.toMatch(/toRequestBody|toMediaType|Content-Type/);
      expect(code, method).toContain('.addHeader("X-Team", "<X-Team>")');
    }
  });

  it('writes Dart with package:http, single quotes with $ escaped, the body as UTF-8 bytes', () => {
    const [, , dart] = requestSamples(INPUT);
    const single = ESCAPED.replace(/\\"/g, '"').replace(/'/g, "\\'").replace(/\$/g, '\\$');
    expect(dart?.code).toBe(
      [
        "import 'dart:convert';",
        '',
        "import 'package:http/http.dart' as http;",
        '',
        'Future<void> main() async {',
        "  final request = http.Request('POST', Uri.parse('https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>'));",
        '  request.headers.addAll({',
        "    'Authorization': 'Bearer <token>',",
        "    'X-Team': '<X-Team>',",
        "    'Content-Type': 'application/json',",
        '  });',
        `  request.bodyBytes = utf8.encode('${single}');`,
        '',
        '  final response = await request.send();',
        '  print(await response.stream.bytesToString());',
        '}',
      ].join('\n'),
    );
    expect(dart?.code).toContain("it\\'s\\\\t");
  });
});

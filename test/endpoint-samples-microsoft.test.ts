/**
 * Request samples in PowerShell (Invoke-RestMethod) and C# / .NET (HttpClient), the documented
 * `api.examples.languages` Offprint left out: the same method, URL, headers and body as cURL, the body's
 * text quoted so each language reads it back byte for byte (PowerShell's single quotes, curly ones
 * included; C#'s escapes, line separators included, which a C# string may not hold raw).
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
  // Quotes of every kind, a backslash, interpolation syntax, a raw line separator, accents and an emoji.
  body: { note: 'She said "hi" \\ $5 ${x} $(y) it\'s ’quoted’\u2028é 😀' },
  operation: {},
  settings: sampleSettings({ examples: { languages: ['powershell', 'csharp', '.NET'] } }),
};

const BODY_TEXT = '{\n  "note": "She said \\"hi\\" \\\\ $5 ${x} $(y) it\'s ’quoted’\u2028é 😀"\n}';

describe('PowerShell and C# request samples', () => {
  it('are generated for powershell, csharp and dotnet, in the order asked', () => {
    expect(requestSamples(INPUT).map((s) => [s.label, s.lang])).toEqual([
      ['PowerShell', 'powershell'],
      ['C#', 'csharp'],
      ['.NET', 'csharp'],
    ]);
  });

  it('writes PowerShell with Invoke-RestMethod, in single quotes (no $ expansion), the body sent as UTF-8', () => {
    const [ps] = requestSamples(INPUT);
    // In single quotes only ' is special, and PowerShell reads the curly quotes as ' too: each is doubled.
    const quoted = `'${BODY_TEXT.replace(/'/g, "''").replace(/’/g, '’’')}'`;
    expect(ps?.code).toBe(
      [
        '$headers = [ordered]@{',
        "    'Authorization' = 'Bearer <token>'",
        "    'X-Team' = '<X-Team>'",
        '}',
        `$body = ${quoted}`,
        '',
        '# Sent as UTF-8 bytes: Windows PowerShell would encode the text as ISO-8859-1.',
        "$response = Invoke-RestMethod -Uri 'https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>' -Method POST -Headers $headers -ContentType 'application/json' -Body ([System.Text.Encoding]::UTF8.GetBytes($body))",
        '$response',
      ].join('\n'),
    );
    expect(ps?.code).toContain("it''s ’’quoted’’");
  });

  it('writes PowerShell without headers or body, and a method Invoke-RestMethod has no name for', () => {
    const input = { ...INPUT, method: 'search', auth: [], headers: [], contentType: undefined, body: undefined };
    expect(requestSamples({ ...input, url: "https://a.test/it's" })[0]?.code).toBe(
      ["$response = Invoke-RestMethod -Uri 'https://a.test/it''s' -CustomMethod 'SEARCH'", '$response'].join('\n'),
    );
    // An ASCII body needs no bytes.
    expect(requestSamples({ ...input, method: 'put', body: { a: 1 } })[0]?.code).toBe(
      [
        '$body = \'{\n  "a": 1\n}\'',
        '',
        "$response = Invoke-RestMethod -Uri 'https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>' -Method PUT -Body $body",
        '$response',
      ].join('\n'),
    );
  });

  it('writes C# with HttpClient, the body in an escaped string, its content type on the content', () => {
    const [, cs, dotnet] = requestSamples(INPUT);
    expect(cs?.code).toBe(
      [
        'using System.Net.Http.Headers;',
        '',
        'using var client = new HttpClient();',
        'using var request = new HttpRequestMessage(HttpMethod.Post, "https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>");',
        'request.Headers.Add("Authorization", "Bearer <token>");',
        'request.Headers.Add("X-Team", "<X-Team>");',
        // U+2028 ends a line in C# source: escaped, as are the quotes, the backslash and the newlines.
        'request.Content = new StringContent("{\\n  \\"note\\": \\"She said \\\\\\"hi\\\\\\" \\\\\\\\ $5 ${x} $(y) it\'s ’quoted’\\u2028é 😀\\"\\n}");',
        'request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse("application/json");',
        '',
        'using var response = await client.SendAsync(request);',
        'Console.WriteLine(await response.Content.ReadAsStringAsync());',
      ].join('\n'),
    );
    expect(dotnet?.code).toBe(cs?.code);
  });

  it('writes C# for a method HttpMethod has no property for, without a body', () => {
    const input = { ...INPUT, method: 'search', headers: [], contentType: undefined, body: undefined };
    expect(requestSamples(input)[1]?.code).toBe(
      [
        'using var client = new HttpClient();',
        'using var request = new HttpRequestMessage(new HttpMethod("SEARCH"), "https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>");',
        'request.Headers.Add("Authorization", "Bearer <token>");',
        '',
        'using var response = await client.SendAsync(request);',
        'Console.WriteLine(await response.Content.ReadAsStringAsync());',
      ].join('\n'),
    );
  });
});

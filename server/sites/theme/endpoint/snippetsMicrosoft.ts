/**
 * Request samples in Microsoft's languages: PowerShell (Invoke-RestMethod) and C# (HttpClient, also the
 * `.NET` sample, as .NET's own client). Each sends the method, URL, headers and body cURL does; the text is
 * quoted so the language reads back exactly what cURL sends.
 */
import type { SampleRequest } from './snippets.js';
import { methodCalls } from './methodCalls.js';

const isContentType = ([name]: readonly [string, string]): boolean => name.toLowerCase() === 'content-type';

/**
 * A PowerShell single-quoted string: nothing expands (`$x`, `$(...)`), only the quote is doubled, and
 * PowerShell takes the curly single quotes (U+2018 to U+201B) for quotes too, so they are doubled as well.
 */
const psString = (text: string): string => `'${text.replace(/['\u2018-\u201B]/g, (quote) => quote + quote)}'`;

/** The methods Invoke-RestMethod's `-Method` names; any other goes through `-CustomMethod` (PowerShell 6+). */
const PS_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'MERGE', 'PATCH']);

/** PowerShell: the headers in an ordered table (cURL's order), the content type as `-ContentType`. */
export function powershell(r: SampleRequest): string {
  const method = r.method.toUpperCase();
  const headers = r.headers.filter((h) => !isContentType(h));
  const contentType = r.headers.find(isContentType)?.[1];
  const lines: string[] = [];
  if (headers.length > 0) {
    lines.push('$headers = [ordered]@{', ...headers.map(([n, v]) => `    ${psString(n)} = ${psString(v)}`), '}');
  }
  const args = [
    `-Uri ${psString(r.url)}`,
    PS_METHODS.has(method) ? `-Method ${method}` : `-CustomMethod ${psString(method)}`,
  ];
  if (headers.length > 0) args.push('-Headers $headers');
  // Invoke-RestMethod refuses a Content-Type among the headers in Windows PowerShell: it has its own parameter.
  if (contentType !== undefined) args.push(`-ContentType ${psString(contentType)}`);
  if (r.body !== undefined) {
    lines.push(`$body = ${psString(r.body)}`);
    // eslint-disable-next-line no-control-regex -- any character past ASCII
    const ascii = /^[\u0000-\u007F]*$/.test(r.body);
    args.push(ascii ? '-Body $body' : '-Body ([System.Text.Encoding]::UTF8.GetBytes($body))');
    if (!ascii) lines.push('', '# Sent as UTF-8 bytes: Windows PowerShell would encode the text as ISO-8859-1.');
    else lines.push('');
  } else if (lines.length > 0) lines.push('');
  lines.push(`$response = Invoke-RestMethod ${args.join(' ')}`, '$response');
  return lines.join('\n');
}

/**
 * A C# regular string literal: `\` and `"` escaped, and every control character, and the characters C#
 * source takes as line ends (U+0085, U+2028, U+2029), which a regular string may not hold, as escapes.
 */
function csString(text: string): string {
  const named: Readonly<Record<string, string>> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  const escaped = text.replace(/[\\"\u0000-\u001F\u007F\u0085\u2028\u2029]/g, (c) => {
    return named[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  });
  return `"${escaped}"`;
}

/** HttpMethod's own properties; any other method is `new HttpMethod("...")`. */
const CS_METHODS = methodCalls(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'], 'capitalised');

/**
 * C# (top-level statements, .NET 6+): an HttpRequestMessage sent by HttpClient. The content type goes on
 * the content, where HttpClient wants it (set exactly, as cURL sends it, not with StringContent's charset).
 */
export function csharp(r: SampleRequest): string {
  const method = r.method.toUpperCase();
  const known = CS_METHODS[method];
  const contentType = r.headers.find(isContentType)?.[1];
  const withContentType = r.body !== undefined && contentType !== undefined;
  const lines = withContentType ? ['using System.Net.Http.Headers;', ''] : [];
  lines.push(
    'using var client = new HttpClient();',
    `using var request = new HttpRequestMessage(${known === undefined ? `new HttpMethod(${csString(method)})` : `HttpMethod.${known}`}, ${csString(r.url)});`,
  );
  // Without a body there is no content to carry a content type: HttpClient refuses one on the request.
  for (const [name, value] of r.headers.filter((h) => !isContentType(h))) {
    lines.push(`request.Headers.Add(${csString(name)}, ${csString(value)});`);
  }
  if (r.body !== undefined) lines.push(`request.Content = new StringContent(${csString(r.body)});`);
  if (withContentType) {
    lines.push(`request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(${csString(contentType)});`);
  }
  lines.push(
    '',
    'using var response = await client.SendAsync(request);',
    'Console.WriteLine(await response.Content.ReadAsStringAsync());',
  );
  return lines.join('\n');
}

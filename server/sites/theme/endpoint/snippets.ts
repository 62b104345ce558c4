/**
 * Request samples of an endpoint page in the languages Mintlify generates them in (Python's requests,
 * JavaScript's, Node.js's and TypeScript's fetch, PHP's cURL, Go's net/http, Java's HttpClient, Ruby's
 * Net::HTTP; PowerShell and C# in snippetsMicrosoft.ts; Swift, Kotlin and Dart in
 * snippetsMobile.ts; C, C++ and Rust in snippetsNative.ts), besides cURL: the same method, URL, headers and body in each. `api.examples.languages` in
 * docs.json picks and orders them.
 */
import {
  namedSampleLanguages,
  sampleLabel,
  sampleLanguageKey,
  sampleOptions,
  type SampleLanguageKey,
  type SampleOptions,
} from '../../project/sampleLanguages.js';
import { EXAMPLE_FILE, formDataLines, type FormBody } from './formBodies.js';
import { csharp, powershell } from './snippetsMicrosoft.js';
import { dart, kotlin, swift } from './snippetsMobile.js';
import { c, cpp, rust } from './snippetsNative.js';
import { methodCalls } from './methodCalls.js';
import { withoutRefusedBody } from './refusedBody.js';

/** One request, as every sample sends it. */
export interface SampleRequest {
  readonly method: string;
  readonly url: string;
  /** Header name and value pairs, in order (authorization, required headers, content type). */
  readonly headers: readonly (readonly [string, string])[];
  /** The body as text (JSON pretty-printed), or undefined. */
  readonly body: string | undefined;
  /** The body as a value, when it is JSON (Python passes it as `json=`). */
  readonly json: unknown;
  /** A multipart body's fields and files (formBodies.ts), in place of `body`. */
  readonly form?: FormBody | undefined;
}

/** A generated sample: its tab label, Shiki language and code. */
export interface GeneratedSample {
  readonly label: string;
  readonly lang: string;
  readonly code: string;
}

const q = (text: string): string => JSON.stringify(text);

/** A JSON value as a Python literal (True, False, None; strings as JSON writes them, valid in Python). */
function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item: unknown) => inner + pythonLiteral(item, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${q(key)}: ${pythonLiteral(item, inner)}`).join(',\n')}\n${indent}}`;
}

function python(r: SampleRequest): string {
  const setup: string[] = [];
  const args = [q(r.method.toUpperCase()), 'url'];
  if (r.form !== undefined) {
    // requests writes a multipart body (and its boundary) from `data=` fields and `files=`.
    if (r.form.fields.length > 0) {
      setup.push(`payload = {\n${r.form.fields.map(([name, value]) => `    ${q(name)}: ${q(value)}`).join(',\n')}\n}`);
      args.push('data=payload');
    }
    if (r.form.files.length > 0) {
      const files = r.form.files.map((name) => `    ${q(name)}: open(${q(EXAMPLE_FILE)}, "rb")`);
      setup.push(`files = {\n${files.join(',\n')}\n}`);
      args.push('files=files');
    }
  } else if (r.json !== undefined) {
    setup.push(`payload = ${pythonLiteral(r.json)}`);
    args.push('json=payload');
  } else if (r.body !== undefined) {
    setup.push(`payload = ${q(r.body)}`);
    args.push('data=payload');
  }
  const headers = r.json !== undefined || r.form !== undefined ? withoutContentType(r.headers) : r.headers;
  if (headers.length > 0) {
    setup.push(`headers = {\n${headers.map(([name, value]) => `    ${q(name)}: ${q(value)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  // A request with neither body nor headers has no setup: no second blank line before it.
  const lines = ['import requests', '', `url = ${q(r.url)}`, ...(setup.length > 0 ? ['', ...setup] : [])];
  lines.push('', `response = requests.request(${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

/** Headers but the content type, which a client writes itself (JSON, or a multipart body's boundary). */
function withoutContentType(headers: SampleRequest['headers']): SampleRequest['headers'] {
  return headers.filter(([name]) => name.toLowerCase() !== 'content-type');
}

function javascript(asked: SampleRequest): string {
  const { request: r, note } = withoutRefusedBody(asked, 'fetch');
  const options = [`  method: ${q(r.method.toUpperCase())}`];
  // A FormData body (the browser's, or Node's since 18) writes its own multipart content type.
  const headers = r.form === undefined ? r.headers : withoutContentType(r.headers);
  if (headers.length > 0) {
    options.push(`  headers: {${headers.map(([name, value]) => `${q(name)}: ${q(value)}`).join(', ')}}`);
  }
  const form = r.form === undefined ? [] : formDataLines(r.form);
  if (r.form !== undefined) options.push('  body: form');
  else if (r.json !== undefined) options.push(`  body: JSON.stringify(${JSON.stringify(r.json)})`);
  else if (r.body !== undefined) options.push(`  body: ${q(r.body)}`);
  return [
    ...(note === null ? [] : [`// ${note}`]),
    ...form,
    `const options = {\n${options.join(',\n')}\n};`,
    '',
    `fetch(${q(r.url)}, options)`,
    '  .then(response => response.json())',
    '  .then(response => console.log(response))',
    '  .catch(err => console.error(err));',
  ].join('\n');
}

function php(r: SampleRequest): string {
  const phpString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const options = [
    `  CURLOPT_URL => ${phpString(r.url)},`,
    '  CURLOPT_RETURNTRANSFER => true,',
    `  CURLOPT_CUSTOMREQUEST => ${phpString(r.method.toUpperCase())},`,
  ];
  if (r.body !== undefined) options.push(`  CURLOPT_POSTFIELDS => ${phpString(r.body)},`);
  if (r.headers.length > 0) {
    const list = r.headers.map(([name, value]) => `    ${phpString(`${name}: ${value}`)}`).join(',\n');
    options.push(`  CURLOPT_HTTPHEADER => [\n${list}\n  ],`);
  }
  return [
    '<?php',
    '',
    '$curl = curl_init();',
    '',
    `curl_setopt_array($curl, [\n${options.join('\n')}\n]);`,
    '',
    '$response = curl_exec($curl);',
    '$err = curl_error($curl);',
    '',
    'curl_close($curl);',
    '',
    'if ($err) {',
    '  echo "cURL Error #:" . $err;',
    '} else {',
    '  echo $response;',
    '}',
  ].join('\n');
}

function go(r: SampleRequest): string {
  const body = r.body === undefined ? 'nil' : 'payload';
  const lines = ['package main', '', 'import (', '\t"fmt"', '\t"io"', '\t"net/http"'];
  if (r.body !== undefined) lines.push('\t"strings"');
  lines.push(')', '', 'func main() {', `\turl := ${q(r.url)}`);
  if (r.body !== undefined) lines.push(`\tpayload := strings.NewReader(${q(r.body)})`);
  lines.push(`\treq, _ := http.NewRequest(${q(r.method.toUpperCase())}, url, ${body})`);
  for (const [name, value] of r.headers) lines.push(`\treq.Header.Add(${q(name)}, ${q(value)})`);
  lines.push(
    '\tres, _ := http.DefaultClient.Do(req)',
    '\tdefer res.Body.Close()',
    '\tresponseBody, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(string(responseBody))',
    '}',
  );
  return lines.join('\n');
}

function java(r: SampleRequest): string {
  const publisher =
    r.body === undefined ? 'HttpRequest.BodyPublishers.noBody()' : `HttpRequest.BodyPublishers.ofString(${q(r.body)})`;
  return [
    'HttpRequest request = HttpRequest.newBuilder()',
    `    .uri(URI.create(${q(r.url)}))`,
    ...r.headers.map(([name, value]) => `    .header(${q(name)}, ${q(value)})`),
    `    .method(${q(r.method.toUpperCase())}, ${publisher})`,
    '    .build();',
    'HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());',
    'System.out.println(response.body());',
  ].join('\n');
}

function typescript(r: SampleRequest): string {
  // JavaScript's fetch with the options typed, so the sample compiles under `strict`.
  return javascript(r).replace('const options = {', 'const options: RequestInit = {');
}

/** A Ruby single-quoted string: no interpolation, only `\\` and `'` escaped. */
const rubyString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const RUBY_METHODS = methodCalls(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'], 'capitalised');

function ruby(r: SampleRequest): string {
  const method = r.method.toUpperCase();
  const known = RUBY_METHODS[method];
  const lines = ["require 'uri'", "require 'net/http'", '', `url = URI(${rubyString(r.url)})`, ''];
  lines.push('http = Net::HTTP.new(url.host, url.port)');
  if (/^https:/i.test(r.url)) lines.push('http.use_ssl = true');
  lines.push('');
  // Net::HTTP has a class for each common method; any other goes through the generic request.
  lines.push(
    known === undefined
      ? `request = Net::HTTPGenericRequest.new(${rubyString(method)}, ${r.body !== undefined}, true, url)`
      : `request = Net::HTTP::${known}.new(url)`,
  );
  for (const [name, value] of r.headers) lines.push(`request[${rubyString(name)}] = ${rubyString(value)}`);
  if (r.body !== undefined) lines.push(`request.body = ${rubyString(r.body)}`);
  lines.push('', 'response = http.request(request)', 'puts response.read_body');
  return lines.join('\n');
}

/** The sample writers by language key (`api.examples.languages`, project/sampleLanguages.ts); cURL is samples.ts's. */
const GENERATORS: Readonly<Partial<Record<SampleLanguageKey, { lang: string; make: (r: SampleRequest) => string }>>> = {
  python: { lang: 'python', make: python },
  javascript: { lang: 'javascript', make: javascript },
  // Node.js has had fetch since 18: the same request, named as Mintlify names it.
  node: { lang: 'javascript', make: javascript },
  typescript: { lang: 'typescript', make: typescript },
  php: { lang: 'php', make: php },
  go: { lang: 'go', make: go },
  java: { lang: 'java', make: java },
  ruby: { lang: 'ruby', make: ruby },
  powershell: { lang: 'powershell', make: powershell },
  csharp: { lang: 'csharp', make: csharp },
  // .NET's own client is C#'s HttpClient: the same sample, named as Mintlify names it.
  dotnet: { lang: 'csharp', make: csharp },
  swift: { lang: 'swift', make: swift },
  kotlin: { lang: 'kotlin', make: kotlin },
  dart: { lang: 'dart', make: dart },
  c: { lang: 'c', make: c },
  'c++': { lang: 'cpp', make: cpp },
  rust: { lang: 'rust', make: rust },
};

/** Mintlify's default set. */
const DEFAULT_LANGUAGES: readonly SampleLanguageKey[] = ['bash', 'python', 'javascript', 'php', 'go', 'java'];

/** The languages an endpoint page shows its request in, in order (`bash` is cURL). */
export type SampleLanguages = readonly SampleLanguageKey[];

/**
 * What docs.json's `api.examples.languages` asks for, in its order, without the names Mintlify does not
 * document (import reports them); Mintlify's defaults when it names none it does.
 */
export function sampleLanguages(api: unknown): SampleLanguages {
  const keys = namedSampleLanguages(api)
    .map(sampleLanguageKey)
    .filter((key): key is SampleLanguageKey => key !== undefined && (key === 'bash' || GENERATORS[key] !== undefined));
  return keys.length === 0 ? DEFAULT_LANGUAGES : [...new Set(keys)];
}

/** How an endpoint page's request samples are generated: docs.json's `api.examples`. */
export interface SampleSettings extends SampleOptions {
  readonly languages: SampleLanguages;
}

/** What docs.json's `api.examples` asks of generated request samples (Mintlify's defaults where it is silent). */
export function sampleSettings(api: unknown): SampleSettings {
  return { languages: sampleLanguages(api), ...sampleOptions(api) };
}

/** The languages whose samples send a multipart body (their common client sends files); others show none. */
const MULTIPART: ReadonlySet<SampleLanguageKey> = new Set(['python', 'javascript', 'node']);

/** The sample of `request` in language `key` (not cURL, which samples.ts writes), if Offprint writes it. */
export function generatedSample(request: SampleRequest, key: SampleLanguageKey): GeneratedSample | undefined {
  if (request.form !== undefined && !MULTIPART.has(key)) return undefined;
  const generator = GENERATORS[key];
  if (generator === undefined) return undefined;
  return { label: sampleLabel(key), lang: generator.lang, code: generator.make(request) };
}

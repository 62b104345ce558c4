/**
 * Request samples of an endpoint page in the languages Mintlify generates them in (Python's requests,
 * JavaScript's fetch, PHP's cURL, Go's net/http, Java's HttpClient), after cURL: the same method, URL,
 * headers and body in each. `api.examples.languages` in docs.json picks and orders them.
 */
import { z } from 'zod';

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
  if (r.json !== undefined) {
    setup.push(`payload = ${pythonLiteral(r.json)}`);
    args.push('json=payload');
  } else if (r.body !== undefined) {
    setup.push(`payload = ${q(r.body)}`);
    args.push('data=payload');
  }
  const headers =
    r.json !== undefined ? r.headers.filter(([name]) => name.toLowerCase() !== 'content-type') : r.headers;
  if (headers.length > 0) {
    setup.push(`headers = {\n${headers.map(([name, value]) => `    ${q(name)}: ${q(value)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  // A request with neither body nor headers has no setup: no second blank line before it.
  const lines = ['import requests', '', `url = ${q(r.url)}`, ...(setup.length > 0 ? ['', ...setup] : [])];
  lines.push('', `response = requests.request(${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

function javascript(r: SampleRequest): string {
  const options = [`  method: ${q(r.method.toUpperCase())}`];
  if (r.headers.length > 0) {
    options.push(`  headers: {${r.headers.map(([name, value]) => `${q(name)}: ${q(value)}`).join(', ')}}`);
  }
  if (r.json !== undefined) options.push(`  body: JSON.stringify(${JSON.stringify(r.json)})`);
  else if (r.body !== undefined) options.push(`  body: ${q(r.body)}`);
  return [
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

/** The generators by the names docs.json may give them (`api.examples.languages`). */
const GENERATORS = {
  python: { label: 'Python', lang: 'python', make: python },
  javascript: { label: 'JavaScript', lang: 'javascript', make: javascript },
  php: { label: 'PHP', lang: 'php', make: php },
  go: { label: 'Go', lang: 'go', make: go },
  java: { label: 'Java', lang: 'java', make: java },
} as const;

type Generated = keyof typeof GENERATORS;

const ALIASES: Readonly<Record<string, Generated | 'curl'>> = {
  bash: 'curl',
  curl: 'curl',
  sh: 'curl',
  shell: 'curl',
  python: 'python',
  py: 'python',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  nodejs: 'javascript',
  'node.js': 'javascript',
  php: 'php',
  go: 'go',
  golang: 'go',
  java: 'java',
};

/** Mintlify's default set, after cURL. */
const DEFAULT_LANGUAGES: readonly Generated[] = ['python', 'javascript', 'php', 'go', 'java'];

/** Whether cURL is shown, and the generated languages after it, in order. */
export interface SampleLanguages {
  readonly curl: boolean;
  readonly generated: readonly Generated[];
}

const ApiExamplesSchema = z.looseObject({
  examples: z.looseObject({ languages: z.array(z.string()).optional() }).optional(),
});

/**
 * What docs.json's `api.examples.languages` asks for: whether cURL is among them, and the other languages
 * in order; the defaults (cURL, then every generated language) when it names none Offprint knows.
 */
export function sampleLanguages(api: unknown): SampleLanguages {
  const parsed = ApiExamplesSchema.safeParse(api ?? {});
  const named = parsed.success ? (parsed.data.examples?.languages ?? []) : [];
  const known = named.map((name) => ALIASES[name.trim().toLowerCase()]).filter((name) => name !== undefined);
  if (known.length === 0) return { curl: true, generated: DEFAULT_LANGUAGES };
  const generated = [...new Set(known.filter((name): name is Generated => name !== 'curl'))];
  return { curl: known.includes('curl'), generated };
}

/** The samples of `request` in `languages`, in that order. */
export function generatedSamples(request: SampleRequest, languages: readonly Generated[]): GeneratedSample[] {
  return languages.map((name) => {
    const { label, lang, make } = GENERATORS[name];
    return { label, lang, code: make(request) };
  });
}

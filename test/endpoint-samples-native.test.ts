/**
 * Request samples in C (libcurl), C++ (cpr) and Rust (reqwest), documented `api.examples.languages`
 * Offprint left out: compiled by the real compilers (strict) against stand-ins of the libraries that
 * print what they were asked to send, and run, so each sample is shown to send cURL's method, URL,
 * headers and body byte for byte (quotes, backslashes, `??=` (a C trigraph), accents and an emoji).
 */
import { describe, expect, it } from 'vitest';
import { requestSamples, type SampleInput } from '../server/sites/theme/endpoint/samples.js';
import { sampleSettings } from '../server/sites/theme/endpoint/snippets.js';
import { needs } from './helpers/needs.js';
import { onPath, runC, runCpp, runRust, sentBy } from './helpers/nativeSamples.js';

const URL = 'https://api.example.test/teams/{teamId}/notes?dryRun=<dryRun>&q=??=';

const INPUT: SampleInput = {
  method: 'post',
  url: URL,
  auth: [{ name: 'Authorization', location: 'header', placeholder: 'Bearer <token>', description: 'Token.' }],
  headers: [['X-Team', '<X-Team>']],
  contentType: 'application/json',
  body: { note: 'She said "hi" \\ $5 ${x} ??= ??/ \u00e9a 😀1\ttab' },
  operation: {},
  settings: sampleSettings({ examples: { languages: ['c', 'cpp', 'rs'] } }),
};

const BODY = JSON.stringify(INPUT.body, null, 2);
const HEADERS: [string, string][] = [
  ['Authorization', 'Bearer <token>'],
  ['X-Team', '<X-Team>'],
  ['Content-Type', 'application/json'],
];

describe('C, C++ and Rust request samples', () => {
  it('are generated for c, c++ and rust (by their aliases too), in the order asked', () => {
    expect(requestSamples(INPUT).map((s) => [s.label, s.lang])).toEqual([
      ['C', 'c'],
      ['C++', 'cpp'],
      ['Rust', 'rust'],
    ]);
  });

  it('write C string literals portably: UTF-8 as octal bytes, ?? split, one literal a body line', () => {
    const [c] = requestSamples(INPUT);
    expect(c?.code).toContain(
      [
        '  curl_easy_setopt(curl, CURLOPT_POSTFIELDS,',
        '                   "{\\n"',
        '                   "  \\"note\\": \\"She said \\\\\\"hi\\\\\\" \\\\\\\\ $5 ${x} ?\\?= ?\\?/ \\303\\251a \\360\\237\\230\\2001\\\\ttab\\"\\n"',
        '                   "}");',
      ].join('\n'),
    );
    expect(c?.code).toContain('  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, "POST");');
  });
});

const gcc = needs(onPath('gcc'));
gcc.describe('the C sample, compiled and run', () => {
  gcc.it('sends what cURL sends', () => {
    expect(runC(requestSamples(INPUT)[0]?.code ?? '')).toBe(`${sentBy('POST', URL, HEADERS, BODY)}RESPONSE`);
  });
  gcc.it('sends GET as libcurl does by default, and HEAD without waiting for a body', () => {
    const input = { ...INPUT, method: 'get', headers: [], contentType: undefined, body: undefined, auth: [] };
    const get = requestSamples(input)[0]?.code ?? '';
    expect(get).not.toContain('CUSTOMREQUEST');
    expect(get).not.toContain('curl_slist');
    expect(runC(get)).toBe(`${sentBy('GET', URL, [], undefined)}RESPONSE`);
    expect(runC(requestSamples({ ...input, method: 'head' })[0]?.code ?? '')).toBe(
      `${sentBy('HEAD', URL, [], undefined)}RESPONSE`,
    );
  });
});

const gpp = needs(onPath('g++'));
gpp.describe('the C++ sample, compiled and run', () => {
  gpp.it('sends what cURL sends, with cpr', () => {
    const code = requestSamples(INPUT)[1]?.code ?? '';
    expect(code).toContain('cpr::Post(');
    expect(runCpp(code)).toBe(`${sentBy('POST', URL, HEADERS, BODY, false)}RESPONSE\n`);
  });
  gpp.it('sends a method cpr has no call for with libcurl', () => {
    const code = requestSamples({ ...INPUT, method: 'search' })[1]?.code ?? '';
    expect(code).toContain('#include <curl/curl.h>');
    expect(runCpp(code)).toBe(`${sentBy('SEARCH', URL, HEADERS, BODY)}RESPONSE`);
  });
});

const rustc = needs(onPath('rustc'));
rustc.describe('the Rust sample, compiled and run', () => {
  rustc.it(
    'sends what cURL sends, with reqwest',
    () => {
      expect(runRust(requestSamples(INPUT)[2]?.code ?? '')).toBe(`${sentBy('POST', URL, HEADERS, BODY)}RESPONSE\n`);
      const search = requestSamples({ ...INPUT, method: 'search', body: undefined, contentType: undefined });
      expect(runRust(search[2]?.code ?? '')).toBe(`${sentBy('SEARCH', URL, HEADERS.slice(0, 2), undefined)}RESPONSE\n`);
      const options = requestSamples({ ...INPUT, method: 'options', body: undefined, contentType: undefined });
      expect(runRust(options[2]?.code ?? '')).toBe(
        `${sentBy('OPTIONS', URL, HEADERS.slice(0, 2), undefined)}RESPONSE\n`,
      );
    },
    60_000,
  );
});

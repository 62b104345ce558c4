/**
 * An endpoint page's request samples: cURL, then the same request in Python, JavaScript, PHP, Go and
 * Java (Mintlify's set), or the languages docs.json's `api.examples.languages` names, in its order; the
 * spec's own `x-codeSamples` instead when it has some; cURL alone for a very large body.
 */
import { describe, expect, it } from 'vitest';
import { requestSamples, type SampleInput } from '../server/sites/theme/endpoint/samples.js';
import { sampleLanguages } from '../server/sites/theme/endpoint/snippets.js';

const INPUT: SampleInput = {
  method: 'post',
  url: 'https://api.example.test/flags',
  auth: { name: 'Authorization', location: 'header', placeholder: 'Bearer <token>', description: 'Token.' },
  headers: [['X-Team', '<X-Team>']],
  contentType: 'application/json',
  body: { key: 'new-checkout', enabled: true, owner: null, tags: ['web'] },
  operation: {},
  languages: sampleLanguages(undefined),
};

describe('request samples', () => {
  it('writes the request in every default language, with its headers and body', () => {
    const samples = requestSamples(INPUT);
    expect(samples.map((s) => [s.label, s.lang])).toEqual([
      ['cURL', 'bash'],
      ['Python', 'python'],
      ['JavaScript', 'javascript'],
      ['PHP', 'php'],
      ['Go', 'go'],
      ['Java', 'java'],
    ]);
    const code = Object.fromEntries(samples.map((s) => [s.label, s.code]));
    expect(code['Python']).toContain('"enabled": True');
    expect(code['Python']).toContain('"owner": None');
    expect(code['Python']).toContain('response = requests.request("POST", url, json=payload, headers=headers)');
    expect(code['Python']).not.toContain('Content-Type');
    expect(code['JavaScript']).toContain(
      'headers: {"Authorization": "Bearer <token>", "X-Team": "<X-Team>", "Content-Type": "application/json"}',
    );
    expect(code['JavaScript']).toContain(
      'body: JSON.stringify({"key":"new-checkout","enabled":true,"owner":null,"tags":["web"]})',
    );
    expect(code['PHP']).toContain("CURLOPT_CUSTOMREQUEST => 'POST',");
    expect(code['PHP']).toContain("    'Authorization: Bearer <token>',");
    expect(code['Go']).toContain('req.Header.Add("X-Team", "<X-Team>")');
    expect(code['Go']).toContain('payload := strings.NewReader("{\\n  \\"key\\": \\"new-checkout\\",');
    expect(code['Java']).toContain('.method("POST", HttpRequest.BodyPublishers.ofString(');
  });

  it('follows api.examples.languages: which and in what order, cURL only if named', () => {
    const languages = sampleLanguages({ examples: { languages: ['go', 'Python', 'ruby', 'node'] } });
    expect(requestSamples({ ...INPUT, languages }).map((s) => s.label)).toEqual(['Go', 'Python', 'JavaScript']);
    const withCurl = sampleLanguages({ examples: { languages: ['curl', 'java'] } });
    expect(requestSamples({ ...INPUT, languages: withCurl }).map((s) => s.label)).toEqual(['cURL', 'Java']);
    // Names Offprint does not know, or none: the defaults.
    expect(sampleLanguages({ examples: { languages: ['cobol'] } })).toEqual(sampleLanguages(undefined));
  });

  it("shows the spec's own samples after cURL instead, and cURL alone for a very large body", () => {
    const operation = { 'x-codeSamples': [{ lang: 'TypeScript', label: 'SDK', source: 'await flags.create()' }] };
    expect(requestSamples({ ...INPUT, operation }).map((s) => [s.label, s.lang])).toEqual([
      ['cURL', 'bash'],
      ['SDK', 'typescript'],
    ]);
    const body = { items: Array.from({ length: 2_000 }, (_, i) => `item-${i}`) };
    expect(requestSamples({ ...INPUT, body }).map((s) => s.label)).toEqual(['cURL']);
  });
});

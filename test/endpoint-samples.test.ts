/**
 * An endpoint page's request samples: cURL, then the same request in Python, JavaScript, PHP, Go and
 * Java (Mintlify's set), or the languages docs.json's `api.examples.languages` names (TypeScript, Ruby,
 * Node.js too), in its order, cURL included; the
 * spec's own `x-codeSamples` instead when it has some; cURL alone for a very large body.
 */
import { describe, expect, it } from 'vitest';
import { requestSamples, type SampleInput } from '../server/sites/theme/endpoint/samples.js';
import { sampleLanguages, sampleSettings } from '../server/sites/theme/endpoint/snippets.js';

const INPUT: SampleInput = {
  method: 'post',
  url: 'https://api.example.test/flags',
  auth: [{ name: 'Authorization', location: 'header', placeholder: 'Bearer <token>', description: 'Token.' }],
  headers: [['X-Team', '<X-Team>']],
  contentType: 'application/json',
  body: { key: 'new-checkout', enabled: true, owner: null, tags: ['web'] },
  operation: {},
  settings: sampleSettings(undefined),
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

  it('follows api.examples.languages: which and in what order, cURL where it is named', () => {
    const languages = sampleLanguages({ examples: { languages: ['go', 'Python', 'rb', 'node', 'klingon'] } });
    expect(
      requestSamples({ ...INPUT, settings: { ...INPUT.settings, languages } }).map((s) => [s.label, s.lang]),
    ).toEqual([
      ['Go', 'go'],
      ['Python', 'python'],
      ['Ruby', 'ruby'],
      ['Node.js', 'javascript'],
    ]);
    // Phonic's docs.json: TypeScript first and cURL last, as asked.
    const phonic = sampleLanguages({ examples: { languages: ['typescript', 'python', 'curl'] } });
    expect(
      requestSamples({ ...INPUT, settings: { ...INPUT.settings, languages: phonic } }).map((s) => s.label),
    ).toEqual(['TypeScript', 'Python', 'cURL']);
    // Names Offprint does not know, or none: the defaults.
    expect(sampleLanguages({ examples: { languages: ['cobol', 'klingon'] } })).toEqual(sampleLanguages(undefined));
  });

  it('writes TypeScript as typed fetch and Ruby with Net::HTTP, quoting what each language needs', () => {
    const languages = sampleLanguages({ examples: { languages: ['ts', 'ruby'] } });
    const body = { note: "it's #{x} \\ done" };
    const [ts, rb] = requestSamples({ ...INPUT, body, settings: { ...INPUT.settings, languages } });
    expect(ts?.code).toBe(
      [
        'const options: RequestInit = {',
        '  method: "POST",',
        '  headers: {"Authorization": "Bearer <token>", "X-Team": "<X-Team>", "Content-Type": "application/json"},',
        '  body: JSON.stringify({"note":"it\'s #{x} \\\\ done"})',
        '};',
        '',
        'fetch("https://api.example.test/flags", options)',
        '  .then(response => response.json())',
        '  .then(response => console.log(response))',
        '  .catch(err => console.error(err));',
      ].join('\n'),
    );
    expect(rb?.code).toBe(
      [
        "require 'uri'",
        "require 'net/http'",
        '',
        "url = URI('https://api.example.test/flags')",
        '',
        'http = Net::HTTP.new(url.host, url.port)',
        'http.use_ssl = true',
        '',
        'request = Net::HTTP::Post.new(url)',
        "request['Authorization'] = 'Bearer <token>'",
        "request['X-Team'] = '<X-Team>'",
        "request['Content-Type'] = 'application/json'",
        // Single quotes: Ruby does not interpolate #{x}; the quote and the backslashes are escaped.
        'request.body = \'{\n  "note": "it\\\'s #{x} \\\\\\\\ done"\n}\'',
        '',
        'response = http.request(request)',
        'puts response.read_body',
      ].join('\n'),
    );
    const search = requestSamples({
      ...INPUT,
      method: 'search',
      url: 'http://a.test/q',
      body: undefined,
      settings: { ...INPUT.settings, languages },
    });
    expect(search[1]?.code).toContain("request = Net::HTTPGenericRequest.new('SEARCH', false, true, url)");
    expect(search[1]?.code).not.toContain('use_ssl');
  });

  it('writes JavaScript and TypeScript for a GET or HEAD with a body without it (fetch throws for one), saying so', () => {
    const languages = sampleLanguages({ examples: { languages: ['curl', 'javascript', 'typescript'] } });
    for (const method of ['get', 'head']) {
      const [curl, js, ts] = requestSamples({ ...INPUT, method, settings: { ...INPUT.settings, languages } });
      expect(curl?.code, method).toContain('--data');
      for (const sample of [js, ts]) {
        expect(sample?.code, method).toContain(
          `// fetch cannot send a body with ${method.toUpperCase()}: this request leaves out the one cURL sends.`,
        );
        expect(sample?.code, method).not.toMatch(/body:|Content-Type/);
        expect(sample?.code, method).toContain('"X-Team": "<X-Team>"');
      }
    }
  });

  it("shows the spec's own samples after cURL instead, and cURL alone for a very large body", () => {
    const operation = { 'x-codeSamples': [{ lang: 'TypeScript', label: 'SDK', source: 'await flags.create()' }] };
    expect(requestSamples({ ...INPUT, operation }).map((s) => [s.label, s.lang])).toEqual([
      ['cURL', 'bash'],
      ['SDK', 'typescript'],
    ]);
    // Without a label, a sample is named by its language as Mintlify names it, not by the raw key.
    const unlabelled = {
      'x-codeSamples': [
        { lang: 'typescript', source: 'a' },
        { lang: 'csharp', source: 'b' },
        { lang: 'cobol', source: 'c' },
      ],
    };
    expect(requestSamples({ ...INPUT, operation: unlabelled }).map((s) => [s.label, s.lang])).toEqual([
      ['cURL', 'bash'],
      ['TypeScript', 'typescript'],
      ['C#', 'csharp'],
      ['cobol', 'cobol'],
    ]);
    const body = { items: Array.from({ length: 2_000 }, (_, i) => `item-${i}`) };
    expect(requestSamples({ ...INPUT, body }).map((s) => s.label)).toEqual(['cURL']);
  });
});

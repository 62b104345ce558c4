/**
 * docs.json `api.examples.languages` at import: a name Mintlify does not document is reported (it is left
 * out of every endpoint page), where it was dropped in silence; the documented keys and aliases, every one
 * of which Offprint writes samples in, pass.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { sampleLanguageLabel } from '../server/sites/project/sampleLanguages.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

function problemsOf(languages: unknown): [string, string | undefined, string][] {
  const dir = writeProject({
    'docs.json': docsJson({ api: { examples: { languages } } }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi\n',
  });
  return loadSiteProject(dir).problems.map((p) => [p.code, p.keyPath, p.message]);
}

describe('api.examples.languages at import', () => {
  it('reports names that show nothing, and passes the ones Offprint writes', () => {
    expect(problemsOf(['typescript', 'Python', 'curl', 'klingon', 'rust'])).toEqual([
      [
        'unsupported-config',
        'api.examples.languages[3]',
        '"klingon": not a language Mintlify generates request samples in; it is left out',
      ],
    ]);
    expect(problemsOf(['bash', 'sh', 'js', 'node.js', 'ts', 'rb', 'golang', 'py', 'php', 'java'])).toEqual([]);
    expect(problemsOf(['powershell', 'csharp', 'C#', 'dotnet', '.NET', 'dot-net'])).toEqual([]);
    expect(problemsOf(['swift', 'kotlin', 'kt', 'dart', 'flutter'])).toEqual([]);
    expect(problemsOf(['c', 'c++', 'cpp', 'rust', 'rs'])).toEqual([]);
    // Not a list of names: left to the defaults, as the endpoint pages read it.
    expect(problemsOf('python')).toEqual([]);
  });

  it("names languages as Mintlify's list does", () => {
    expect(['typescript', 'csharp', 'C#', 'node', 'curl', 'cobol'].map(sampleLanguageLabel)).toEqual([
      'TypeScript',
      'C#',
      'C#',
      'Node.js',
      'cURL',
      'cobol',
    ]);
  });
});

describe("a mint.json's api.request.example.languages", () => {
  it('is read as api.examples.languages, and a name that shows nothing is reported where it is written', () => {
    const dir = writeProject({
      'mint.json': {
        name: 'M',
        colors: { primary: '#112233' },
        api: { request: { example: { languages: ['python', 'klingon'], showOptionalParams: true } } },
        navigation: [{ group: 'G', pages: ['index'] }],
      },
      'index.mdx': '---\ntitle: Home\n---\n\nHi\n',
    });
    const model = loadSiteProject(dir);
    expect(model.config.api?.['examples']).toEqual({ languages: ['python', 'klingon'] });
    expect(model.problems.map((p) => [p.code, p.file, p.keyPath, p.message])).toEqual([
      [
        'unsupported-config',
        'mint.json',
        'api.request.example.languages[1]',
        '"klingon": not a language Mintlify generates request samples in; it is left out',
      ],
    ]);
  });
});

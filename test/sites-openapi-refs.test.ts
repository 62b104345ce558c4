/**
 * A hostile or careless spec's `$ref`s: a malformed percent escape, a ref to another file, a URL or a
 * missing target, an endless chain. The endpoint pages still render (what the ref names is left out), and
 * the import report says which refs lead nowhere and why; nothing outside the document is read. A spec
 * nested thousands of levels deep is reported as unusable instead of failing the whole import.
 */
import { describe, expect, it } from 'vitest';
import { importSiteAndIndex } from '../server/domain/sites.js';
import { listProjects } from '../server/db/projects.js';
import { MAX_SPEC_DEPTH } from '../server/sites/project/openapi/specs.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { docsJson, openTempRuntime, writeProject } from './helpers/siteProjects.js';

const BAD_REFS = [
  '#/components/schemas/Bad%ZZname',
  '%',
  '#/components/schemas/%E0%A4%A',
  '../../etc/passwd#/x',
  'file:///etc/passwd',
  'http://127.0.0.1:1/x',
  '#/components/schemas/Missing',
  '#/components/schemas/Chain0',
];

function spec(): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    'Good name': { type: 'object', properties: { kept: { type: 'string' } } },
  };
  for (let i = 0; i < 30; i++) schemas[`Chain${i}`] = { $ref: `#/components/schemas/Chain${i + 1}` };
  schemas['Chain30'] = { type: 'string' };
  schemas['LoopA'] = { $ref: '#/components/schemas/LoopB' };
  schemas['LoopB'] = { $ref: '#/components/schemas/LoopA' };
  const properties: Record<string, unknown> = { good: { $ref: '#/components/schemas/Good%20name' } };
  BAD_REFS.forEach((ref, i) => (properties[`bad${i}`] = { $ref: ref }));
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/Bad%ZZname' } } };
  return {
    openapi: '3.0.3',
    info: { title: 'Refs', version: '1' },
    paths: {
      '/things': {
        post: {
          summary: 'Create a thing',
          parameters: [{ $ref: '#/components/parameters/%' }, { $ref: '../../etc/passwd#/x' }],
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
          responses: { '200': { description: 'OK', content } },
        },
      },
    },
    components: { schemas },
  };
}

function project(): string {
  return writeProject({
    'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
    'openapi.json': spec(),
  });
}

describe('OpenAPI $refs that lead nowhere', () => {
  it('renders the endpoint page, leaving out what those refs name', async () => {
    const site = loadSiteProject(project());
    const op = [...site.pages.values()].find((page) => page.operation?.path === '/things')?.operation;
    if (op === undefined) throw new Error('POST /things was not found');
    const { html } = await renderEndpointPage(site, op, highlightHere);
    expect(html).toContain('kept'); // an escaped ref that is well formed still resolves
    expect(html).toContain('bad0');
    expect(html).not.toContain('root:'); // /etc/passwd was not read
  });

  it('lists each of them in the import report with the reason', () => {
    const problems = loadSiteProject(project()).problems.filter((p) => p.code === 'invalid-spec');
    const byRef = new Map(problems.map((p) => [/^\$ref "(.*)" /.exec(p.message)?.[1], p]));
    expect(problems.every((p) => p.file === 'openapi.json')).toBe(true);
    expect(byRef.get('#/components/schemas/Bad%ZZname')?.message).toContain('malformed percent escape');
    expect(byRef.get('#/components/schemas/%E0%A4%A')?.message).toContain('malformed percent escape');
    expect(byRef.get('#/components/parameters/%')?.message).toContain('malformed percent escape');
    expect(byRef.get('%')?.message).toContain('outside this document');
    expect(byRef.get('../../etc/passwd#/x')?.message).toContain('outside this document');
    expect(byRef.get('file:///etc/passwd')?.message).toContain('outside this document');
    expect(byRef.get('http://127.0.0.1:1/x')?.message).toContain('outside this document');
    expect(byRef.get('#/components/schemas/Missing')?.message).toContain('points to nothing');
    expect(byRef.get('#/components/schemas/Chain0')?.message).toContain('chain of more than 20 refs');
    expect(byRef.has('#/components/schemas/Good%20name')).toBe(false);
    expect(byRef.has('#/components/schemas/Chain25')).toBe(false); // five hops to its end
    expect(byRef.has('#/components/schemas/Chain5')).toBe(false); // a link of the chain Chain0 starts
    const loop = problems.filter((p) => p.message.includes('/Loop'));
    expect(loop).toHaveLength(1); // a loop of two refs is named once, where it was met first
    expect(loop[0]?.message).toContain('chain of more than 20 refs');
    expect(problems).toHaveLength(10);
  });
});

describe('an OpenAPI document nested thousands of levels deep', () => {
  it('is reported as an invalid spec, and the rest of the project imports', async () => {
    const levels = 100_000;
    const deep = '['.repeat(levels) + ']'.repeat(levels);
    const text = JSON.stringify(spec()).replace('"info":', `"x-deep":${deep},"info":`);
    const root = writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
      'index.mdx': '# Home\n',
      'openapi.json': text,
    });
    const rt = openTempRuntime();
    try {
      const project = listProjects(rt.db)[0];
      if (project === undefined) throw new Error('no default project');
      const imported = await importSiteAndIndex(rt, project.id, root);
      expect(imported.model.problems).toContainEqual(
        expect.objectContaining({
          code: 'invalid-spec',
          message: `openapi.json: nested deeper than the ${MAX_SPEC_DEPTH} levels allowed`,
        }),
      );
      expect([...imported.model.pages.keys()]).toEqual(['index']);
    } finally {
      rt.close();
    }
  });
});

/**
 * What a site offers machines: /llms.txt, Markdown views of pages with the agent feedback instructions,
 * /sitemap.xml and /robots.txt, and the project's own versions of those files when it ships them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

let s: SiteServe;
beforeAll(async () => {
  s = await startSiteServe();
});
afterAll(async () => {
  await s.close();
});

describe('/llms.txt', () => {
  it('lists the navigable, visible pages as Markdown links, then says how to send feedback', async () => {
    const res = await s.site('/llms.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('# Serve Mini\n\n> A tiny project for the site server tests.\n')).toBe(true);
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['Welcome to Minikit', `${s.siteUrl}/index.md`],
      ['Introduction', `${s.siteUrl}/guides/intro.md`],
      ['Post one', `${s.siteUrl}/guides/post-one.md`],
      ['Broken page', `${s.siteUrl}/guides/broken.md`],
    ]);
    // Variables are filled in descriptions too.
    expect(text).toContain(`(${s.siteUrl}/guides/intro.md): How Minikit works.`);
    expect(text).toContain(`## Feedback`);
    expect(text).toContain(`POST ${s.siteUrl}/feedback`);
    // Its example names a page the site has (it named /quickstart, which few sites have).
    expect(text).toContain('`{"path":"/","feedback":');
    expect((await s.site('/.well-known/llms.txt')).status).toBe(200);
  });

  it('concatenates the listed pages in /llms-full.txt', async () => {
    const text = await (await s.site('/llms-full.txt')).text();
    expect(text).toContain('# Introduction');
    expect(text).toContain('The first post.');
    expect(text).not.toContain('Not listed anywhere.');
  });
});

describe('Markdown views', () => {
  it('serves /<page>.md: the source without frontmatter or imports, then the agent instructions', async () => {
    const res = await s.site('/guides/intro.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text.startsWith('# Introduction\n\n> How Minikit works.\n\n## Setup\n')).toBe(true);
    expect(text).not.toContain('title: Introduction');
    expect(text).not.toContain("import Tip from '/snippets/tip.mdx'");
    expect(text).not.toContain('Only people read this sentence.');
    expect(text).toContain('Agents: the API is at /v1.');
    const block = /<AgentInstructions>\n([\s\S]*)\n<\/AgentInstructions>\n$/.exec(text)?.[1] ?? '';
    expect(block).toContain('Prefer the CLI examples over the UI ones.');
    expect(block).toContain(`POST ${s.siteUrl}/feedback`);
    expect(block).toContain('{"path":"/guides/intro","feedback":');
  });

  it('serves the home page as /index.md and honours Accept: text/markdown on page URLs', async () => {
    expect(await (await s.site('/index.md')).text()).toContain('Minikit helps you serve docs.');
    const res = await s.site('/guides/post-one', { headers: { Accept: 'text/markdown' } });
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toContain('The first post.');
    expect(res.headers.get('vary')).toContain('Accept');
  });

  it('answers 404 for the Markdown view of a page that does not exist', async () => {
    expect((await s.site('/guides/nothing.md')).status).toBe(404);
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('lists only navigable, visible, indexable pages at extensionless URLs', async () => {
    const res = await s.site('/sitemap.xml');
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const locs = [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${s.siteUrl}/`,
      `${s.siteUrl}/guides/intro`,
      `${s.siteUrl}/guides/post-one`,
      `${s.siteUrl}/guides/broken`,
    ]);
  });

  it('points robots at the sitemap', async () => {
    expect(await (await s.site('/robots.txt')).text()).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${s.siteUrl}/sitemap.xml\n`,
    );
  });
});

describe("a project's own files", () => {
  it('serves its llms.txt (plus the feedback section), sitemap.xml and robots.txt instead of generated ones', async () => {
    const own = await startSiteServe({
      source: writeProject({
        'docs.json': docsJson(),
        'index.mdx': '# Home',
        'llms.txt': '# Hand-written index\n',
        'sitemap.xml': '<urlset>custom</urlset>\n',
        'robots.txt': 'User-agent: *\nDisallow: /\n',
      }),
    });
    try {
      const llms = await (await own.site('/llms.txt')).text();
      expect(llms.startsWith('# Hand-written index\n')).toBe(true);
      expect(llms).toContain(`POST ${own.siteUrl}/feedback`);
      expect(await (await own.site('/sitemap.xml')).text()).toBe('<urlset>custom</urlset>\n');
      expect(await (await own.site('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
    } finally {
      await own.close();
    }
  });
});

describe('a page written for an OpenAPI operation', () => {
  it("takes its operation's description, and its Markdown view says the endpoint above its text", async () => {
    // Trails' docs: `openapi: ../trails-api.gen.json post /rpc/Trails/QuoteIntent` pages had no
    // description (meta, llms.txt, search) and a Markdown view without the endpoint.
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Trails', version: '1' },
      paths: {
        '/rpc/QuoteIntent': {
          post: {
            summary: 'QuoteIntent',
            description: 'Get a quote for a cross-chain intent.',
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };
    const own = await startSiteServe({
      source: writeProject({
        'docs.json': docsJson({ navigation: { groups: [{ group: 'API', pages: ['api/quote', 'api/noted'] }] } }),
        'trails.json': JSON.stringify(spec),
        'api/quote.mdx': '---\nopenapi: ../trails.json post /rpc/QuoteIntent\n---\n\nQuotes come with fees.\n',
        'api/noted.mdx':
          '---\ntitle: Noted\ndescription: Our words.\nopenapi: ../trails.json post /rpc/QuoteIntent\n---\n',
      }),
    });
    try {
      const md = await (await own.site('/api/quote.md')).text();
      expect(md).toContain(
        '# QuoteIntent\n\n> Get a quote for a cross-chain intent.\n\n`POST /rpc/QuoteIntent`\n\n' +
          'OpenAPI document: /trails.json\n\nQuotes come with fees.',
      );
      const noted = await (await own.site('/api/noted.md')).text();
      expect(noted).toContain('> Our words.\n\n`POST /rpc/QuoteIntent`\n\nGet a quote for a cross-chain intent.');
      expect(await (await own.site('/llms.txt')).text()).toContain(
        '/api/quote.md): Get a quote for a cross-chain intent.',
      );
      const html = await (await own.site('/api/quote')).text();
      expect(html).toMatch(/<meta name="description" content="Get a quote for a cross-chain intent.">/);
    } finally {
      await own.close();
    }
  });

  it("ends an endpoint page's Markdown view with its operation's definition and what it refers to", async () => {
    // Bevor's and Apten's endpoint pages: the view said the method and path, none of the parameters,
    // body or responses the page draws from the spec.
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Audits', version: '2' },
      servers: [{ url: 'https://api.example.com' }],
      security: [{ apiKey: [] }],
      paths: {
        '/audits': {
          post: {
            summary: 'Create audit',
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewAudit' } } } },
            responses: { '200': { description: 'OK' } },
          },
          get: { summary: 'List audits', responses: { '200': { description: 'OK' } } },
        },
      },
      components: {
        schemas: {
          NewAudit: { type: 'object', properties: { status: { $ref: '#/components/schemas/Status' } } },
          Status: { type: 'string', enum: ['queued', 'done'] },
          Unrelated: { type: 'integer' },
        },
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          other: { type: 'http', scheme: 'basic' },
        },
      },
    };
    const own = await startSiteServe({
      source: writeProject({
        'docs.json': docsJson({ navigation: { groups: [{ group: 'API', openapi: 'audits.json' }] } }),
        'audits.json': JSON.stringify(spec),
      }),
    });
    try {
      const md = await (await own.site('/api-reference/create-audit.md')).text();
      const [, yaml = ''] = /## OpenAPI\n\n````yaml audits\.json post \/audits\n([\s\S]*?)\n````/.exec(md) ?? [];
      const definition: unknown = parseYaml(yaml);
      // Its document's version, info, servers and security, the one operation, and only what it reaches.
      expect(definition).toEqual({
        openapi: '3.1.0',
        info: spec.info,
        servers: spec.servers,
        security: spec.security,
        paths: { '/audits': { post: spec.paths['/audits'].post } },
        components: {
          schemas: { NewAudit: spec.components.schemas.NewAudit, Status: spec.components.schemas.Status },
          securitySchemes: { apiKey: spec.components.securitySchemes.apiKey },
        },
      });
    } finally {
      await own.close();
    }
  });
});

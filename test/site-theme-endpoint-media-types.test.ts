/**
 * A response offering several media types (a streaming endpoint: `application/json` or
 * `text/event-stream`) shows the example and the schema of each, as Mintlify lets the reader pick the
 * content type; before, only the JSON one was shown and the stream's events were nowhere on the page.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const parse = (html: string): HTMLElement => parseHtml(html, { blockTextElements: { script: true, style: true } });

const STREAM = 'data: {"delta": "Hi"}\n\ndata: [DONE]\n\n';
const ERROR = { $ref: '#/components/schemas/Error' };

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Chat', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  components: { schemas: { Error: { type: 'object', properties: { message: { type: 'string' } } } } },
  paths: {
    '/chat': {
      post: {
        summary: 'Chat',
        responses: {
          '200': {
            description: 'The answer, whole or streamed',
            content: {
              'text/event-stream': {
                schema: { type: 'object', properties: { delta: { type: 'string' } } },
                example: STREAM,
              },
              'application/json': { schema: { type: 'object', properties: { answer: { type: 'string' } } } },
            },
          },
          '400': {
            description: 'Bad request',
            content: { 'application/json': { schema: ERROR }, 'application/problem+json': { schema: ERROR } },
          },
        },
      },
    },
  },
};

async function chatPage(): Promise<HTMLElement> {
  const site = loadSiteProject(
    writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
      'openapi.json': SPEC,
    }),
  );
  const op = [...site.pages.values()].find((page) => page.operation?.path === '/chat')?.operation;
  if (!op) throw new Error('fixture: POST /chat not found');
  return parse((await renderEndpointPage(site, op, highlightHere)).html);
}

describe('a response with several media types', () => {
  it('shows an example for each, JSON first, labelled with the media type', async () => {
    const panel = (await chatPage()).querySelector('.op-response-example');
    expect(panel?.querySelectorAll('[role="tab"]').map((t) => t.textContent.trim())).toEqual([
      '200 · application/json',
      '200 · text/event-stream',
      '400 · application/json',
      '400 · application/problem+json',
    ]);
    const codes = panel?.querySelectorAll('pre').map((p) => p.textContent) ?? [];
    expect(JSON.parse(codes[0] ?? '')).toEqual({ answer: '<string>' });
    expect(codes[1]).toBe(STREAM);
  });

  it('lists the schema of each media type in the Response section, a shared schema once', async () => {
    const response = (await chatPage())
      .querySelectorAll('.op-endpoint-section')
      .find((s) => s.querySelector('h2')?.textContent === 'Response');
    const ok = response?.querySelector('[data-op-tab-panel="200"]');
    expect(ok?.querySelectorAll('.op-endpoint-media').map((m) => m.textContent)).toEqual([
      'application/json',
      'text/event-stream',
    ]);
    expect(ok?.querySelectorAll('.op-field-name').map((n) => n.textContent)).toEqual(['answer', 'delta']);
    const bad = response?.querySelector('[data-op-tab-panel="400"]');
    expect(bad?.querySelectorAll('.op-endpoint-media').map((m) => m.textContent)).toEqual([
      'application/json, application/problem+json',
    ]);
    expect(bad?.querySelectorAll('.op-field-name').map((n) => n.textContent)).toEqual(['message']);
  });
});

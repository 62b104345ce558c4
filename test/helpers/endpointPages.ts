/** Endpoint pages rendered on the server from an OpenAPI document, for tests that read their markup. */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { loadSiteProject } from '../../server/sites/project/model.js';
import { highlightHere } from '../../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../../server/sites/theme/endpoint/endpoint.js';
import { docsJson, writeProject } from './siteProjects.js';

/**
 * The page of the operation at `path` in `spec` (one API tab generating every operation's page), parsed
 * with scripts and styles as text and code markup as elements.
 */
export async function endpointPageOf(spec: Record<string, unknown>, path: string): Promise<HTMLElement> {
  const site = loadSiteProject(
    writeProject({
      'docs.json': docsJson({ navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } }),
      'openapi.json': spec,
    }),
  );
  const op = [...site.pages.values()].find((p) => p.operation?.path === path)?.operation;
  if (op === undefined) throw new Error(`The operation at ${path} was not found`);
  const { html } = await renderEndpointPage(site, op, highlightHere);
  return parseHtml(html, { blockTextElements: { script: true, style: true } });
}

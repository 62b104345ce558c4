/** The method + URL bar at the top of endpoint pages. */
import type { Frontmatter } from '../../project/pages/frontmatter.js';
import { esc } from '../html.js';

const LABELS: Readonly<Record<string, string>> = { delete: 'DELETE', webhook: 'WEBHOOK' };

/**
 * `GET https://api.example.com/users/{id}` with path parameters marked; the method badge is also Mintlify's
 * `.method-pill`, which projects' style.css selects.
 */
export function endpointBar(method: string, path: string, server?: string): string {
  const m = method.toLowerCase();
  // A break opportunity after each inner `/` and after the server: a long URL wraps between its segments
  // on a phone, not inside one.
  const marked = esc(path)
    .replace(/(?<=.)\/(?!$)/g, '/<wbr>')
    .replace(/\{([^}]+)\}/g, '<span class="op-path-param">{$1}</span>');
  return (
    `<div class="op-endpoint-bar"><span class="op-method op-method-${esc(m)} op-method-large method-pill">${esc(LABELS[m] ?? m.toUpperCase())}</span>` +
    `<code class="op-endpoint-url">${server ? `<span class="op-endpoint-server">${esc(server.replace(/\/+$/, ''))}</span><wbr>` : ''}` +
    `<span class="op-endpoint-path">${marked}</span></code></div>`
  );
}

/**
 * Method and path from frontmatter `openapi: "[spec] METHOD /path"` or `api: "METHOD url"`, for pages
 * whose operation is not in a local spec (the bar is still shown, as Mintlify does).
 */
export function frontmatterEndpoint(frontmatter: Frontmatter): { method: string; path: string } | undefined {
  for (const value of [frontmatter.openapi, frontmatter.api]) {
    if (typeof value !== 'string') continue;
    const m = /(?:^|\s)(get|post|put|patch|delete|head|options|trace|webhook)\s+(\S+)\s*$/i.exec(value.trim());
    if (m?.[1] && m[2]) return { method: m[1].toLowerCase(), path: m[2] };
  }
  return undefined;
}

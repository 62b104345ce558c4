/** An import's problems as a readable list: one group per code (largest first), each problem with its file. */
import type { ReportView as Report, SiteProblem } from '../../api/types.js';
import { formatCount, humanize } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { Message } from '../../ui/Message.js';

/** What each problem code means, for the codes an import reports most. */
const CODE_HINTS: Readonly<Record<string, string>> = {
  'broken-link':
    'Links and redirects that lead to no page; readers who follow them land on the home page or a “not found” page, so fix the path or add a redirect.',
  'missing-asset': 'Images or files the pages refer to that are not in the project.',
  'missing-snippet': 'Snippets imported by pages that are not in the project.',
  'mdx-syntax':
    'Braces in page text that open no valid MDX expression; readers see the brace as text and the rest of the page, so escape it as `\\{` or put it in a code span.',
  'missing-spec':
    'OpenAPI files the config names that are not in the project; their endpoint pages are missing, so add the file or fix its path.',
  'component-failed':
    'Project components that threw while rendering (often a browser API they call, or a prop they expect); readers see nothing in their place, so fix the component or guard what it reads.',
  'render-failed': 'Pages that could not be rendered; readers see an error box on them.',
  'shadowed-page':
    'Pages a redirect in the config sends readers away from, so no reader sees them (an export writes a redirect page in their place); remove the page, or narrow or remove the redirect.',
  'skipped-script': 'Scripts not loaded: allow them with `offprint settings set allowedScripts`.',
  'unknown-config':
    'Config keys Offprint does not know (a typo, or a setting it does not support); they are ignored, so check the spelling.',
  'unknown-component':
    'Components neither Mintlify nor the project defines (a misspelling, or a snippet not imported); readers see their content without them, so fix the name or import it.',
  'unknown-icon':
    'Icons no shipped icon set has (Font Awesome Pro names are not shipped); readers see nothing there, so use a free Font Awesome or a Lucide name.',
};

/** How many problems the listed entries stand for: a summary entry ("and 1,490 more ...") its `count`. */
function listedTotal(list: readonly SiteProblem[]): number {
  return list.reduce((n, p) => n + (p.count ?? 1), 0);
}

function groups(report: Report): [string, number, SiteProblem[]][] {
  const listed = new Map<string, SiteProblem[]>();
  for (const p of report.problemList) listed.set(p.code, [...(listed.get(p.code) ?? []), p]);
  return Object.entries(report.problemsByCode)
    .sort((a, b) => b[1] - a[1])
    .map(([code, count]) => [code, count, listed.get(code) ?? []]);
}

/** The report; says so plainly when the import found nothing to report. */
export function ImportReport({ report }: { report: Report }) {
  const grouped = groups(report);
  const scripts = report.skippedScripts ?? [];
  if (grouped.length === 0 && scripts.length === 0) {
    return (
      <p className="callout success">
        <Icon name="check" /> The last import found no problems.
      </p>
    );
  }
  // A short report is shown whole; a long one starts folded to its counts.
  const unfold = grouped.reduce((n, [, count]) => n + count, 0) <= 12;
  return (
    <div className="report">
      {grouped.map(([code, count, list]) => (
        <details key={code} className="report-group" open={unfold}>
          <summary>
            <span className="badge warn">{formatCount(count)}</span>
            <span className="report-code">{humanize(code)}</span>
            <code className="muted">{code}</code>
          </summary>
          {CODE_HINTS[code] !== undefined && (
            <p className="muted">
              <Message text={CODE_HINTS[code]} />
            </p>
          )}
          <ul className="problem-list">
            {list.map((p, i) => (
              <li key={`${p.file}:${i}`}>
                <code className="path">{p.file}</code>
                <span>
                  <Message text={p.message} />
                </span>
              </li>
            ))}
          </ul>
          {listedTotal(list) < count && (
            <p className="muted">{formatCount(count - listedTotal(list))} more not listed.</p>
          )}
        </details>
      ))}
      {scripts.length > 0 && (
        <details className="report-group">
          <summary>
            <span className="badge warn">{scripts.length}</span>
            <span className="report-code">Scripts not loaded</span>
          </summary>
          <ul className="problem-list">
            {scripts.map((s) => (
              <li key={s.name}>
                <code className="path">{s.name}</code>
                <span>
                  <Message text={s.reason} />
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

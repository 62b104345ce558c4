/**
 * Fixtures and readers for the dashboard's feedback triage test: a varied NDJSON file (every source,
 * statuses, dates over ten days of March 2026, a long path) and a strict CSV reader for its download.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './dataDirs.js';

const LONG_PATH = '/api-reference/authentication/a-very-long-page-path-that-must-wrap-on-phones';

/** Eleven entries: 5 contextual (3 not helpful), 2 code snippets, 2 agent, 2 thumbs-only votes. */
export const TRIAGE_ENTRIES = [
  {
    id: 'c1',
    path: '/quickstart',
    source: 'contextual',
    helpful: false,
    contact: 'ana@example.com',
    comment: 'Step 3 fails on Windows because the path has spaces in it',
    createdAt: '2026-03-02T10:00:00Z',
  },
  {
    id: 'c2',
    path: '/quickstart',
    source: 'contextual',
    helpful: true,
    contact: null,
    comment: 'Clear and short, thanks',
    createdAt: '2026-03-03T09:00:00Z',
  },
  {
    id: 'c3',
    path: '/guides/install',
    source: 'contextual',
    helpful: true,
    contact: null,
    comment: null,
    createdAt: '2026-03-05T11:00:00Z',
  },
  {
    id: 's1',
    path: LONG_PATH,
    source: 'code_snippet',
    code: 'npm i offprint --save-exact',
    filename: 'install.sh',
    lang: 'bash',
    comment: 'The flag is missing in the docs',
    createdAt: '2026-03-01T08:00:00Z',
  },
  {
    id: 's2',
    path: '/guides/install',
    source: 'code_snippet',
    code: 'const x: number = "1";',
    filename: null,
    lang: 'ts',
    comment: null,
    createdAt: '2026-03-06T08:00:00Z',
  },
  {
    id: 'a1',
    path: '/api-reference/events',
    source: 'agent',
    comment: 'The example calls an endpoint that was removed',
    createdAt: '2026-03-04T07:00:00Z',
  },
  { id: 'a2', path: '/quickstart', source: 'agent', comment: null, createdAt: '2026-03-07T07:00:00Z' },
  {
    id: 't1',
    path: '/quickstart',
    source: 'thumbs_only',
    helpful: true,
    comment: null,
    createdAt: '2026-03-01T12:00:00Z',
  },
  {
    id: 't2',
    path: '/guides/install',
    source: 'thumbs_only',
    helpful: false,
    comment: null,
    createdAt: '2026-03-08T12:00:00Z',
  },
  {
    id: 'd1',
    path: '/quickstart',
    source: 'contextual',
    helpful: false,
    contact: null,
    comment: 'asdf',
    status: 'dismissed',
    createdAt: '2026-03-09T12:00:00Z',
  },
  {
    id: 'r1',
    path: '/guides/install',
    source: 'contextual',
    helpful: false,
    contact: null,
    comment: 'Typo in the title',
    status: 'resolved',
    createdAt: '2026-03-10T12:00:00Z',
  },
] as const;

/** The entries as an NDJSON file on disk (what an air-gapped side hands over); returns its path. */
export function triageNdjsonFile(): string {
  const file = join(tempDir('offprint-triage-'), 'feedback-from-site.ndjson');
  writeFileSync(file, TRIAGE_ENTRIES.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return file;
}

/** The migration that adds the covering index of the by-page counts, on a database already holding feedback. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../server/db/connection.js';
import {
  FEEDBACK_SOURCES,
  FEEDBACK_STATUSES,
  explainFeedbackByPath,
  insertFeedback,
  selectFeedbackByPath,
  type FeedbackFilter,
  type NewFeedback,
} from '../server/db/feedback.js';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion } from '../server/db/migrations.js';
import { insertOrganization } from '../server/db/organizations.js';
import { insertProject } from '../server/db/projects.js';
import { tempDir } from './helpers/dataDirs.js';

const BY_PATH = MIGRATIONS.find((m) => m.name.startsWith('feedback by path'));
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** 600 entries over 6 paths, every source, status and `helpful` value, some without a time. */
function entries(): NewFeedback[] {
  return Array.from({ length: 600 }, (_, i) => {
    const source = FEEDBACK_SOURCES[i % 4] ?? 'agent';
    return {
      id: `fb-${String(i).padStart(4, '0')}`,
      path: `/page-${(i * 7) % 6}`,
      comment: null,
      createdAt: i % 50 === 0 ? null : T0 + ((i * 13) % 60) * DAY,
      source,
      status: FEEDBACK_STATUSES[Math.floor(i / 4) % 4] ?? 'pending',
      // Contextual entries always say; a third of the thumbs-only votes do not.
      helpful: source === 'contextual' || (source === 'thumbs_only' && i % 3 !== 0) ? i % 5 < 3 : null,
      contact: null,
      code: source === 'code_snippet' ? 'x' : null,
      filename: null,
      lang: null,
    };
  });
}

/** The by-page counts computed in JavaScript, most feedback first, then by path. */
function expectedCounts(rows: NewFeedback[], keep: (row: NewFeedback) => boolean): unknown[] {
  const byPath = new Map<string, { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }>();
  for (const row of rows.filter(keep)) {
    const c = byPath.get(row.path) ?? { path: row.path, thumbsUp: 0, thumbsDown: 0, code: 0, total: 0 };
    const vote = row.source === 'contextual' || row.source === 'thumbs_only';
    if (vote && row.helpful === true) c.thumbsUp++;
    if (vote && row.helpful === false) c.thumbsDown++;
    if (row.source === 'code_snippet') c.code++;
    c.total++;
    byPath.set(row.path, c);
  }
  return [...byPath.values()].sort((a, b) => b.total - a.total || (a.path < b.path ? -1 : 1));
}

describe('migration "feedback by path"', () => {
  it('adds the covering index to a database holding feedback; the counts stay exactly the same', () => {
    const db: Db = openDatabase(join(tempDir(), 'test.db'), { skipMigrations: true });
    try {
      if (BY_PATH === undefined) throw new Error('no "feedback by path" migration');
      const version = BY_PATH.version;
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version < version),
      );
      expect(schemaVersion(db)).toBe(version - 1);
      insertOrganization(db, { id: 'org_a', name: 'A', plan: 'enterprise', createdAt: 0 });
      insertProject(db, { id: 'prj_a', orgId: 'org_a', name: 'A', domain: 'a.example', createdAt: 0 });
      insertProject(db, { id: 'prj_b', orgId: 'org_a', name: 'B', domain: 'b.example', createdAt: 0 });
      const rows = entries();
      for (const row of rows) insertFeedback(db, 'prj_a', row);
      // Another project's entries never leak into the counts.
      for (const row of rows.slice(0, 100)) insertFeedback(db, 'prj_b', { ...row, path: '/other' });

      const from = T0 + 10 * DAY;
      const to = T0 + 40 * DAY;
      const shapes: [Omit<FeedbackFilter, 'projectId'>, (row: NewFeedback) => boolean][] = [
        [{}, () => true],
        [{ statuses: ['pending', 'resolved'] }, (r) => r.status === 'pending' || r.status === 'resolved'],
        [{ source: 'thumbs_only' }, (r) => r.source === 'thumbs_only'],
        [{ fromMs: from }, (r) => r.createdAt !== null && r.createdAt >= from],
        [{ toMs: to }, (r) => r.createdAt !== null && r.createdAt < to],
        [
          { source: 'contextual', statuses: ['in_progress'], fromMs: from, toMs: to },
          (r) =>
            r.source === 'contextual' &&
            r.status === 'in_progress' &&
            r.createdAt !== null &&
            r.createdAt >= from &&
            r.createdAt < to,
        ],
      ];
      const countsOf = (): unknown[] =>
        shapes.map(([filter]) => selectFeedbackByPath(db, { projectId: 'prj_a', ...filter }, 100));
      const before = countsOf();
      expect(before).toEqual(shapes.map(([, keep]) => expectedCounts(rows, keep)));

      migrate(db);
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      const indexColumns = (db.pragma('index_info(feedback_by_path)') as { name: string }[]).map((c) => c.name);
      expect(indexColumns).toEqual(['project_id', 'path', 'source', 'helpful', 'status', 'created_at']);
      expect(countsOf()).toEqual(before);
      expect(explainFeedbackByPath(db, { projectId: 'prj_a' }).join('\n')).toContain(
        'USING COVERING INDEX feedback_by_path',
      );
    } finally {
      db.close();
    }
  });
});

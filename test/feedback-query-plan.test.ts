import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainFeedbackByPath, explainFeedbackPage, type FeedbackFilter } from '../server/db/feedback.js';
import { startTestServer, type TestServer } from './helpers/server.js';

describe('feedback page query plans', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  const cursor = { createdAt: Date.UTC(2026, 0, 15), id: 'x' };

  it('bounds every page by the (created_at, id) row value, whatever the filters', () => {
    const filters: FeedbackFilter[] = [
      { projectId: t.projectId },
      { projectId: t.projectId, statuses: ['pending', 'resolved'] },
      { projectId: t.projectId, fromMs: Date.UTC(2026, 0, 1), toMs: Date.UTC(2026, 1, 1) },
      { projectId: t.projectId, source: 'contextual' },
      {
        projectId: t.projectId,
        source: 'code_snippet',
        statuses: ['pending'],
        fromMs: Date.UTC(2026, 0, 1),
        toMs: Date.UTC(2026, 1, 1),
      },
    ];
    for (const filter of filters) {
      const plan = explainFeedbackPage(t.runtime.db, filter, cursor).join('\n');
      expect(plan).toMatch(/\(created_at,id\)<\(\?,\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).toContain(filter.source === undefined ? 'feedback_by_time' : 'feedback_by_source_time');
    }
  });

  it('counts by page from the covering path index alone when no date range narrows the entries', () => {
    const filters: FeedbackFilter[] = [
      { projectId: t.projectId },
      { projectId: t.projectId, statuses: ['pending', 'resolved'] },
      { projectId: t.projectId, source: 'thumbs_only' },
      { projectId: t.projectId, source: 'code_snippet', statuses: ['pending'] },
      { projectId: t.projectId, fromMs: Date.UTC(2026, 0, 1) },
    ];
    for (const filter of filters) {
      const plan = explainFeedbackByPath(t.runtime.db, filter).join('\n');
      expect(plan, JSON.stringify(filter)).toContain(
        'SEARCH feedback USING COVERING INDEX feedback_by_path (project_id=?)',
      );
    }
  });

  it('never scans the whole feedback table for by-page counts, whatever the filters', () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2026, 1, 1);
    const filters: FeedbackFilter[] = [
      { projectId: t.projectId, fromMs: from, toMs: to },
      { projectId: t.projectId, toMs: to },
      { projectId: t.projectId, source: 'contextual', statuses: ['pending'], fromMs: from, toMs: to },
    ];
    for (const filter of filters) {
      const plan = explainFeedbackByPath(t.runtime.db, filter);
      expect(plan.join('\n'), JSON.stringify(filter)).toMatch(
        /SEARCH feedback USING (COVERING )?INDEX \w+ \(project_id=\?/,
      );
      expect(plan.filter((line) => /^SCAN feedback\b/.test(line))).toEqual([]);
    }
  });
});

/**
 * Issue 13: the render time an import may take grows with the site. A flat 15 minutes refused a
 * 10,000-page import on a 2-core machine shared with other work (10.5 pages/s); small sites keep the
 * 15-minute floor, large ones get a floor of 4 pages/s.
 */
import { describe, expect, it } from 'vitest';
import {
  IMPORT_RENDER_BUDGET_MS,
  IMPORT_RENDER_MS_PER_PAGE,
  importRenderBudgetMs,
} from '../server/sites/search/index.js';

describe('import render budget', () => {
  it('keeps the 15-minute floor for small sites', () => {
    expect(importRenderBudgetMs(0)).toBe(IMPORT_RENDER_BUDGET_MS);
    expect(importRenderBudgetMs(400)).toBe(15 * 60_000);
  });

  it('gives a 10,000-page site room for 4 pages a second, and grows linearly beyond', () => {
    expect(importRenderBudgetMs(10_000)).toBeGreaterThanOrEqual((10_000 / 4) * 1000);
    expect(importRenderBudgetMs(50_000)).toBe(50_000 * IMPORT_RENDER_MS_PER_PAGE);
    expect(importRenderBudgetMs(50_000)).toBe(5 * importRenderBudgetMs(10_000));
  });
});

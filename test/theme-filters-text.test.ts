/** The changelog filters' title (client/updateFilters.ts) is in every language the theme's interface has. */
import { describe, expect, it } from 'vitest';
import { FILTER_TEXT, filtersTitle } from '../server/sites/theme/i18n/filters.js';
import { TOGGLE_TEXT } from '../server/sites/theme/i18n/toggles.js';

describe('the changelog filters title', () => {
  it('has a word in every language the interface has', () => {
    const codes = Object.keys(TOGGLE_TEXT).map((code) => code.toLowerCase());
    expect(Object.keys(FILTER_TEXT).sort()).toEqual(codes.sort());
  });

  it("reads the page's language, its base language's, or English", () => {
    expect(filtersTitle('fr')).toBe('Filtres');
    expect(filtersTitle('pt-BR')).toBe('Filtros');
    expect(filtersTitle('zh-TW')).toBe('篩選');
    expect(filtersTitle('cn')).toBe('筛选');
    expect(filtersTitle('en')).toBe('Filters');
    expect(filtersTitle('xx')).toBe('Filters');
  });
});

/**
 * The title of a changelog's tag filters (client/updateFilters.ts), which take the place of "On this page"
 * when its updates have tags, in every language the theme has (the same codes as its other tables).
 */
import { tableCode } from './index.js';

/** English: the fallback of every other language. */
const EN_FILTERS = 'Filters';

/** The titles, by the table codes of the interface text (lower case, as `tableCode` gives them). */
export const FILTER_TEXT: Readonly<Record<string, string>> = {
  fr: 'Filtres',
  es: 'Filtros',
  de: 'Filter',
  it: 'Filtri',
  pt: 'Filtros',
  ca: 'Filtres',
  ro: 'Filtre',
  tr: 'Filtreler',
  id: 'Filter',
  vi: 'Bộ lọc',
  nl: 'Filters',
  pl: 'Filtry',
  sv: 'Filter',
  cs: 'Filtry',
  hu: 'Szűrők',
  da: 'Filtre',
  no: 'Filtre',
  fi: 'Suodattimet',
  ru: 'Фильтры',
  uk: 'Фільтри',
  lv: 'Filtri',
  uz: 'Filtrlar',
  'zh-hans': '筛选',
  'zh-hant': '篩選',
  ja: 'フィルター',
  ko: '필터',
  hi: 'फ़िल्टर',
  ar: 'عوامل التصفية',
  he: 'מסננים',
};

/** The filters' title for a page in language `code` (`<html lang>`), English when the theme has no table. */
export function filtersTitle(code: string | null | undefined): string {
  const key = tableCode(code);
  return (key === undefined ? undefined : FILTER_TEXT[key]) ?? EN_FILTERS;
}

/**
 * Light and dark: the system's preference until the user picks one with the toggle, which is remembered
 * in localStorage. The choice is a `data-theme` attribute on <html> that the stylesheet keys on.
 */
import { useCallback, useEffect, useState } from 'react';

/** A theme the user can pick. */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'offprint.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function stored(): Theme | null {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Sets the remembered theme on <html> before the first render, so the page never flashes the other one. */
export function applyStoredTheme(): void {
  const theme = stored();
  if (theme === null) delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = theme;
}

/** The theme in effect and a toggle that remembers the other one. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const [theme, setTheme] = useState<Theme>(() => stored() ?? systemTheme());
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => setTheme(stored() ?? systemTheme());
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next: Theme = current === 'dark' ? 'light' : 'dark';
      localStorage.setItem(STORAGE_KEY, next);
      document.documentElement.dataset['theme'] = next;
      return next;
    });
  }, []);
  return { theme, toggle };
}

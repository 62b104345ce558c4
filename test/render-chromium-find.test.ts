/**
 * Which Chromium an export drives: the one OFFPRINT_CHROMIUM names, else the headless shell when it is
 * installed (lighter per page load), else the desktop build, else none (and then a message saying what
 * to install).
 */
import { describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../server/render/chromium.js';

const installed =
  (...paths: string[]) =>
  (path: string): boolean =>
    paths.includes(path);

describe('findChromium', () => {
  it('takes OFFPRINT_CHROMIUM as given, whatever is installed', () => {
    const exists = installed('/usr/bin/chromium-headless-shell', '/usr/bin/chromium');
    expect(findChromium({ OFFPRINT_CHROMIUM: '/opt/chrome/chrome' }, exists)).toBe('/opt/chrome/chrome');
  });

  it('prefers the headless shell to the desktop build when both are installed', () => {
    const exists = installed('/usr/bin/chromium', '/usr/bin/chromium-headless-shell');
    expect(findChromium({}, exists)).toBe('/usr/bin/chromium-headless-shell');
    expect(findChromium({ OFFPRINT_CHROMIUM: '' }, exists)).toBe('/usr/bin/chromium-headless-shell');
  });

  it('falls back to the desktop build, then to the other names it goes by', () => {
    expect(findChromium({}, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(findChromium({}, installed('/usr/bin/google-chrome', '/usr/bin/chromium-browser'))).toBe(
      '/usr/bin/chromium-browser',
    );
  });

  it('finds none when nothing is installed, and launching then says what to install', async () => {
    expect(findChromium({}, installed())).toBeNull();
    await expect(launchChromium(null)).rejects.toThrow(/apt-get install chromium-headless-shell.*OFFPRINT_CHROMIUM/);
  });
});

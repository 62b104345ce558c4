/**
 * Which Chromium an export drives: the one OFFPRINT_CHROMIUM names, else the desktop build under the names
 * it goes by, never Debian's headless shell on its own (it ignores the WebRTC policy Offprint sets), else
 * none (and then a message saying what to install).
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

  it('takes the desktop build, then the other names it goes by', () => {
    expect(findChromium({}, installed('/usr/bin/chromium', '/usr/bin/google-chrome'))).toBe('/usr/bin/chromium');
    expect(findChromium({ OFFPRINT_CHROMIUM: '' }, installed('/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(findChromium({}, installed('/usr/bin/google-chrome', '/usr/bin/chromium-browser'))).toBe(
      '/usr/bin/chromium-browser',
    );
  });

  it('never picks the headless shell on its own, even when it is all there is', () => {
    const shell = '/usr/bin/chromium-headless-shell';
    expect(findChromium({}, installed(shell, '/usr/bin/chromium'))).toBe('/usr/bin/chromium');
    expect(findChromium({}, installed(shell))).toBeNull();
  });

  it('finds none when nothing is installed, and launching then says what to install', async () => {
    expect(findChromium({}, installed())).toBeNull();
    await expect(launchChromium(null)).rejects.toThrow(/apt-get install chromium\b.*OFFPRINT_CHROMIUM/);
  });
});

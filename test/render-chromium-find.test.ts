/**
 * Which Chromium an export drives: the one OFFPRINT_CHROMIUM names, else Debian's headless shell (faster,
 * the same bytes), else the desktop build under the names it goes by, else none (and then a message saying
 * what to install). Either build holds to the WebRTC policy: render-webrtc-policy.browser.test.ts.
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

  it('prefers the headless shell to the desktop build when both are installed', () => {
    const shell = '/usr/bin/chromium-headless-shell';
    expect(findChromium({}, installed('/usr/bin/chromium', shell))).toBe(shell);
    expect(findChromium({}, installed(shell))).toBe(shell);
    expect(findChromium({ OFFPRINT_CHROMIUM: '/usr/bin/chromium' }, installed(shell))).toBe('/usr/bin/chromium');
  });

  it('finds none when nothing is installed, and launching then says what to install', async () => {
    expect(findChromium({}, installed())).toBeNull();
    await expect(launchChromium(null)).rejects.toThrow(/apt-get install chromium\b.*OFFPRINT_CHROMIUM/);
  });
});

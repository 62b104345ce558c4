/**
 * The set-up most theme browser tests share: one project served by the theme test server and one
 * Chromium, started before a suite's tests and closed after them. A file makes one handle at module
 * level, so its own helpers can reach the server and the browser, and declares its suite through it.
 */
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, type Browser, type Page } from '../../server/render/chromium.js';
import { needs, CHROMIUM, type Requirement } from './needs.js';
import { startThemeServer, type ThemeServer } from './themeSite.js';

/** A project's theme site in Chromium; `server` and `browser` exist while the suite's tests run. */
export interface ThemeInChromium {
  readonly server: ThemeServer;
  readonly browser: Browser;
  /** A suite (skipped, saying why, without Chromium or `also`) with the server and browser around its tests. */
  describe(name: string, tests: () => void, ...also: Requirement[]): void;
}

/** A handle on the theme site of the project `root()` writes or names (called once the suite starts). */
export function themeInChromium(root: () => string): ThemeInChromium {
  let server: ThemeServer | undefined;
  let browser: Browser | undefined;
  return {
    get server(): ThemeServer {
      if (server === undefined) throw new Error('the theme server starts in the suite: use it inside a test');
      return server;
    },
    get browser(): Browser {
      if (browser === undefined) throw new Error('Chromium starts in the suite: use it inside a test');
      return browser;
    },
    describe(name, tests, ...also) {
      needs(CHROMIUM, ...also).describe(name, () => {
        beforeAll(async () => {
          server = await startThemeServer(root());
          browser = await launchChromium();
        }, 120_000);
        afterAll(async () => {
          await browser?.close();
          await server?.close();
          browser = undefined;
          server = undefined;
        });
        tests();
      });
    },
  };
}

/**
 * The computed value of a CSS property on the first element `selector` finds in `page`: how tests read
 * what a project's stylesheet or a theme rule did to an element.
 */
export function computedStyle(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);
}

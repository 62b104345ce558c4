/**
 * Remote browser URLs (`--browser`, the `renderBrowsers` setting): the protocol each one speaks is read
 * from the URL (or forced by a prefix), tokens in queries never reach logs, bad URLs are refused with a
 * reason, and the setting round-trips through `offprint settings`.
 */
import { describe, expect, it } from 'vitest';
import { BrowserUrlSchema } from '../server/render/endpoints.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';

describe('remote browser URLs', () => {
  it('picks the protocol from the URL, or from a cdp+/playwright+ prefix', () => {
    const parsed = (url: string): { url: string; protocol: string } => {
      const { url: plain, protocol } = BrowserUrlSchema.parse(url);
      return { url: plain, protocol };
    };
    expect(parsed('ws://10.0.0.5:3000/4f2c9a')).toEqual({ url: 'ws://10.0.0.5:3000/4f2c9a', protocol: 'playwright' });
    expect(parsed('http://10.0.0.5:9222').protocol).toBe('cdp');
    expect(parsed('ws://127.0.0.1:9222/devtools/browser/abc').protocol).toBe('cdp');
    expect(parsed('cdp+wss://pod.internal/?token=s3cret')).toEqual({
      url: 'wss://pod.internal/?token=s3cret',
      protocol: 'cdp',
    });
    expect(parsed('playwright+ws://host:1/devtools/browser/x').protocol).toBe('playwright');
  });

  it('hides the query (browserless tokens) in the label used by logs and errors', () => {
    expect(BrowserUrlSchema.parse('cdp+wss://pod.internal:3000/chromium?token=s3cret').label).toBe(
      'wss://pod.internal:3000/chromium?...',
    );
  });

  it('refuses what is not a browser URL, saying why', () => {
    const problem = (url: string): string => {
      const result = BrowserUrlSchema.safeParse(url);
      return result.success ? 'accepted' : (result.error.issues[0]?.message ?? '');
    };
    expect(problem('localhost:9222')).toMatch(/must start with ws:\/\/, wss:\/\/, http:\/\/ or https:\/\//);
    expect(problem('not a url')).toMatch(/must be a URL/);
    expect(problem('ws://user:pw@host:1/x')).toMatch(/user name or password/);
    expect(problem('playwright+http://host:9222')).toMatch(/needs a ws:\/\//);
  });

  it('renderBrowsers is a setting: set, listed, refused when a URL is bad, unset', async () => {
    const dataDir = tempDir('offprint-render-browsers-');
    const set = await cli(['settings', 'set', 'renderBrowsers', 'ws://a:1/x, http://b:9222', '--data-dir', dataDir]);
    expect(set.code, set.stderr).toBe(0);
    const got = await cli(['settings', 'get', 'renderBrowsers', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(got.stdout)).toEqual({
      name: 'renderBrowsers',
      value: ['ws://a:1/x', 'http://b:9222'],
      isSet: true,
    });
    const bad = await cli(['settings', 'set', 'renderBrowsers', 'ws://a:1/x,ftp://c', '--data-dir', dataDir]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('renderBrowsers: "ftp://c" must start with ws://');
    const twice = await cli(['settings', 'set', 'renderBrowsers', 'ws://a:1/x,ws://a:1/x', '--data-dir', dataDir]);
    expect(twice.stderr).toContain('must not list a browser twice');
    const unset = await cli(['settings', 'unset', 'renderBrowsers', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(unset.stdout)).toMatchObject({ value: [], isSet: false });
  });
});

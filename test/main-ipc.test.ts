/** The desktop app's IPC sender check (main/senders.ts); the app itself is in desktop-app.e2e.test.ts. */
import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../main/senders.js';

const ORIGIN = 'http://127.0.0.1:4321';

describe('desktop IPC sender check', () => {
  it('accepts the dashboard top-level frame', () => {
    expect(isTrustedSender({ url: `${ORIGIN}/#/keys`, parent: null }, ORIGIN)).toBe(true);
  });

  it('refuses iframes, other origins, other ports and unparsable URLs', () => {
    expect(isTrustedSender({ url: `${ORIGIN}/`, parent: {} }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'http://evil.example/', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'http://127.0.0.1:9999/', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'file:///etc/passwd', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'not a url', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender(null, ORIGIN)).toBe(false);
  });
});

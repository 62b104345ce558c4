/** The desktop app's IPC sender check (main/senders.ts); the app itself is in desktop-app.e2e.test.ts. */
import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../main/ipcContract.js';
import { fromDashboardOnly, isTrustedSender, UnknownSenderError } from '../main/senders.js';

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

  it('runs a guarded handler only for the dashboard, passing the payload through unvalidated', () => {
    const seen: unknown[] = [];
    const guarded = fromDashboardOnly(ORIGIN, (request) => (seen.push(request), 'done'));
    expect(guarded({ senderFrame: { url: `${ORIGIN}/`, parent: null } }, { jobId: 'job_1' })).toBe('done');
    expect(() => guarded({ senderFrame: { url: `${ORIGIN}/`, parent: {} } }, { jobId: 'job_2' })).toThrow(
      UnknownSenderError,
    );
    expect(() => guarded({ senderFrame: null }, { jobId: 'job_3' })).toThrow(/unknown sender/);
    expect(seen).toEqual([{ jobId: 'job_1' }]);
  });

  it('names every channel of the contract under the offprint: prefix, once', () => {
    const names = Object.values(IPC_CHANNELS);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['offprint:connection', 'offprint:import-site', 'offprint:save-bundle']);
  });
});

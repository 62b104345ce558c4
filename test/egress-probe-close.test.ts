/**
 * The egress check's target (server/export/egress/probe.ts) when its browser goes away before the page
 * it opened said it stopped loading: the check ends at once, naming why. A cancelled export closes the
 * browser at any moment, and a closed target never sends the frame's "stopped loading": waiting for it
 * held the cancelled job's cleanup for the page's whole time (30 s), and failed a CI run. Which events a
 * closing Chromium still sends depends on when it closes (a real one mid-load mostly ends the navigation
 * first), so a scripted target stands in for that moment and sends none.
 */
import { expect, it } from 'vitest';
import { ProbeTarget } from '../server/export/egress/probe.js';
import { BundleScope } from '../server/export/egress/scope.js';
import type { CdpTarget } from '../server/render/cdp.js';
import { tempDir } from './helpers/dataDirs.js';

/** A target that answers every command and sends no event: its page is loading until it closes. */
class SilentTarget implements CdpTarget {
  readonly sent: string[] = [];
  private readonly closedListeners: ((reason: string) => void)[] = [];

  send<T>(method: string): Promise<T> {
    this.sent.push(method);
    const answers: Record<string, unknown> = {
      'Page.getFrameTree': { frameTree: { frame: { id: 'main' } } },
      'Page.navigate': { frameId: 'main' },
    };
    // The answers are what the CDP methods return; T is the caller's reading of them.
    return Promise.resolve((answers[method] ?? {}) as T);
  }

  on(): () => void {
    return () => undefined;
  }

  onClosed(listener: (reason: string) => void): void {
    this.closedListeners.push(listener);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  goAway(reason: string): void {
    for (const listener of this.closedListeners.splice(0)) listener(reason);
  }
}

it('ends a check whose page is still loading when the target goes away, saying so', async () => {
  const target = new SilentTarget();
  const probe = await ProbeTarget.open(target, new BundleScope(tempDir('offprint-probe-'), 'http://127.0.0.1:9'));
  // A page time far beyond the test's: only the target going away can end this check in time.
  const checking = probe.check(
    { url: 'http://127.0.0.1:9/page.html', exit: null, fillSharedNav: false },
    {
      pageMs: 600_000,
      settleMs: 50,
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(target.sent).toContain('Page.navigate');
  target.goAway('the browser went away');
  await expect(checking).rejects.toThrow('the renderer went away (the browser went away)');
}, 10_000);

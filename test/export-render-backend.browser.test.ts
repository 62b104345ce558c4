/**
 * The playwright CDP backend the export pipeline renders through, against real Chromium: raw commands
 * and events on a target, `onClosed` when the renderer crashes or the target is closed, and
 * `isConnected` once the browser is gone (the pipeline then relaunches through the factory).
 */
import { expect, it } from 'vitest';
import { playwrightRenderBackend } from '../server/render/playwrightBackend.js';
import { needsChromium } from './helpers/needs.js';

needsChromium().describe('playwright render backend', () => {
  it('speaks CDP to a target: commands, events, crash and close notices; reports a closed browser', async () => {
    const launch = playwrightRenderBackend();
    const backend = await launch();
    try {
      expect(backend.isConnected()).toBe(true);
      const target = await backend.newTarget();
      const evaluated = await target.send<{ result: { value: unknown } }>('Runtime.evaluate', {
        expression: '6 * 7',
        returnByValue: true,
      });
      expect(evaluated.result.value).toBe(42);
      await target.send('Page.enable');
      const loaded = new Promise<unknown>((resolve) => {
        const off = target.on('Page.loadEventFired', (params) => {
          off();
          resolve(params);
        });
      });
      await target.send('Page.navigate', { url: 'data:text/html,<title>t</title><p>hello</p>' });
      expect(await loaded).toHaveProperty('timestamp');

      const crashed = new Promise<string>((resolve) => target.onClosed(resolve));
      void target.send('Page.crash').catch(() => undefined);
      expect(await crashed).toMatch(/crash/);

      const second = await backend.newTarget();
      const closed = new Promise<string>((resolve) => second.onClosed(resolve));
      await second.close();
      expect(await closed).toBeTypeOf('string');
      // A listener added after the fact is told at once.
      const late = await new Promise<string>((resolve) => second.onClosed(resolve));
      expect(late).toBe(await closed);
    } finally {
      await backend.close();
    }
    expect(backend.isConnected()).toBe(false);
    const relaunched = await launch();
    expect(relaunched.isConnected()).toBe(true);
    await relaunched.close();
  }, 30_000);
});

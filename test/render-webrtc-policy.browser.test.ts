/**
 * The rendering Chromium holds WebRTC to proxied UDP only, with no proxy (CHROMIUM_ARGS): a page's peer
 * connection pointed at a STUN server sends it nothing, whether or not the egress check's init script is
 * there to refuse it. A UDP socket on loopback stands in for the STUN server.
 */
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../server/render/chromium.js';
import { needsChromium } from './helpers/needs.js';

needsChromium().describe('WebRTC in the rendering Chromium', () => {
  let browser: Browser;
  let stun: Socket;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    stun = createSocket('udp4');
    stun.on('message', (_, from) => received.push(`${from.address}:${from.port}`));
    stun.bind(0, '127.0.0.1');
    await once(stun, 'listening');
    port = stun.address().port;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    stun?.close();
  });

  it('gathers no candidate and sends no packet to a STUN server', async () => {
    const page = await browser.newPage();
    try {
      await page.goto('about:blank');
      const candidates = await page.evaluate(async (stunPort) => {
        const found: string[] = [];
        const peer = new RTCPeerConnection({ iceServers: [{ urls: `stun:127.0.0.1:${stunPort}` }] });
        peer.createDataChannel('probe');
        peer.onicecandidate = (event) => {
          if (event.candidate?.candidate) found.push(event.candidate.candidate);
        };
        await peer.setLocalDescription(await peer.createOffer());
        // Gathering ends (null candidate) or the time is up.
        await new Promise((resolve) => {
          peer.onicegatheringstatechange = () => peer.iceGatheringState === 'complete' && resolve(null);
          setTimeout(resolve, 3000);
        });
        peer.close();
        return found;
      }, port);
      expect(candidates.filter((c) => / typ (host|srflx|prflx) /.test(c) && / udp /i.test(c))).toEqual([]);
      expect(received).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

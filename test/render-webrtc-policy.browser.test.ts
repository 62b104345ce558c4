/**
 * The rendering Chromium holds WebRTC to proxied UDP only, with no proxy (CHROMIUM_ARGS): a page's peer
 * connection pointed at a STUN server sends it nothing, whether or not the egress check's init script is
 * there to refuse it. A UDP socket on loopback stands in for the STUN server. Checked in every build of
 * Chromium installed here that Offprint would pick (the desktop build and the headless shell read the
 * policy from different switches), and in whatever OFFPRINT_CHROMIUM names.
 */
import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, findChromium, launchChromium } from '../server/render/chromium.js';
import { needsChromium } from './helpers/needs.js';

/** Each executable to check: the candidates installed, and the one Offprint would pick. */
const builds = [
  ...new Set([...CHROMIUM_CANDIDATES.filter((path) => existsSync(path)), findChromium()].filter((p) => p !== null)),
];

/** The ICE candidates a page's peer connection gathers with a STUN server on `stunPort`. */
async function gatherCandidates(stunPort: number): Promise<string[]> {
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
}

needsChromium().describe('WebRTC in the rendering Chromium', () => {
  let stun: Socket;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    stun = createSocket('udp4');
    stun.on('message', (_, from) => received.push(`${from.address}:${from.port}`));
    stun.bind(0, '127.0.0.1');
    await once(stun, 'listening');
    port = stun.address().port;
  });

  afterAll(() => stun?.close());

  describe.each(builds)('%s', (executable) => {
    it('gathers no candidate and sends no packet to a STUN server', async () => {
      received.length = 0;
      const browser = await launchChromium(executable);
      try {
        const page = await browser.newPage();
        await page.goto('about:blank');
        const candidates = await page.evaluate(gatherCandidates, port);
        expect(candidates.filter((c) => / typ (host|srflx|prflx) /.test(c) && / udp /i.test(c))).toEqual([]);
        expect(received).toEqual([]);
      } finally {
        await browser.close();
      }
    });
  });
});

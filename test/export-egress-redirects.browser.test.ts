/**
 * The egress check and pages that go elsewhere on their own, in real Chromium: a redirect page is checked
 * where it stands (its destination inside the bundle is checked as a page of its own, not loaded again
 * behind it), a redirect out of the bundle is the reader following a link and not egress, and a page
 * whose script sends the reader somewhere else fails the check, naming the URL, without any of it
 * reaching that place.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EgressProof } from '../server/export/egressProof.js';
import { checkStandInBundle, startOutside, type Outside } from './helpers/egressStandIn.js';
import { needsChromium } from './helpers/needs.js';
import { writeProject } from './helpers/siteProjects.js';

/** A page of the bundle: its own script (no inline script runs under the bundle's policy) and an image. */
function page(title: string, script: string | null): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
    (script === null ? '' : `<script src="${script}"></script>`) +
    `</head><body><h1>${title}</h1><img src="dot.svg" alt=""></body></html>`
  );
}

/** A redirect page as the export writes one (staticPages.ts): a refresh and a link. */
function redirectPage(destination: string): string {
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting</title>` +
    `<meta http-equiv="refresh" content="0; url=${destination}"></head>` +
    `<body><p>This page has moved to <a href="${destination}">${destination}</a>.</p></body></html>`
  );
}

needsChromium().describe('the egress check and pages that leave on their own', () => {
  let outside: Outside;
  let hits: string[];
  let origin: string;
  let bundleDir: string;

  beforeAll(async () => {
    outside = await startOutside('<p>outside</p>');
    ({ hits, origin } = outside);
    bundleDir = writeProject({
      'guide.html': page('Guide', null),
      'old/guide.html': redirectPage('../guide.html'),
      'moved-out.html': redirectPage(`${origin}/elsewhere`),
      'leaves.html': page('Leaves', 'leave.js'),
      'leave.js': `addEventListener('load', () => { location.href = ${JSON.stringify(`${origin}/taken`)}; });`,
      'dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    });
  });

  afterAll(() => outside?.close());

  const check = (loaded: string[]): Promise<EgressProof> =>
    checkStandInBundle({
      bundleDir,
      files: ['guide.html', 'old/guide.html', 'moved-out.html', 'leaves.html', 'leave.js', 'dot.svg'],
      redirects: [
        { file: 'old/guide.html', destination: '../guide.html' },
        { file: 'moved-out.html', destination: `${origin}/elsewhere` },
      ],
      onPage: (file) => loaded.push(file),
    });

  it('checks every page both ways, a redirect out of the bundle is no failure, a script taking the reader out is', async () => {
    const loaded: string[] = [];
    const proof = await check(loaded);
    expect(proof.pagesChecked).toBe(4);
    expect(loaded.sort()).toEqual(
      ['guide.html', 'leaves.html', 'moved-out.html', 'old/guide.html'].flatMap((file) => [file, file]),
    );
    expect(proof.failures).toEqual([{ page: 'leaves.html', kind: 'http', url: `${origin}/taken` }]);
    // Once from disk, once over HTTP: the navigation was stopped both times.
    expect(proof.requests['http']).toBe(2);
    expect(proof.blocked).toBe(2);
  }, 60_000);

  it('let nothing reach the places the pages went to', () => {
    expect(hits).toEqual([]);
  });
});

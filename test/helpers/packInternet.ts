/**
 * "The internet" for the `offprint pack` tests: a local HTTP server on port 0 serving the remote assets
 * a docs project refers to (images, a video, a poster a CDN labels octet-stream, a font, an OpenAPI
 * spec), and the ways fetching goes wrong (404, HTML where an image should be, too large, redirect
 * chains). Plus a project using all of them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { docsJson, writeProject } from './siteProjects.js';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real `width` x `height` RGB PNG of horizontal bands in `colors`, so a browser can show it. */
function png(width: number, height: number, colors: readonly (readonly [number, number, number])[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => {
    const [r, g, b] = colors[Math.floor((y * colors.length) / height)] ?? [0, 0, 0];
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
    return row;
  });
  const signature = Buffer.from('89504e470d0a1a0a', 'hex');
  const idat = deflateSync(Buffer.concat(rows));
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** The first bytes of each format, enough for sniffing; the rest is filler (the PNGs are real images). */
export const BYTES = {
  png: png(480, 160, [
    [37, 99, 235],
    [16, 185, 129],
    [245, 158, 11],
  ]),
  png2: png(120, 32, [[17, 34, 51]]),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(64, 3)]),
  mp4: Buffer.concat([Buffer.from('0000001c66747970', 'hex'), Buffer.from('isom'), Buffer.alloc(64, 4)]),
  woff2: Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(64, 5)]),
};

/** The OpenAPI document served at /spec.json. */
export const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Remote API', version: '1' },
  paths: {
    '/widgets': { get: { summary: 'List widgets', tags: ['Widgets'], responses: { '200': { description: 'OK' } } } },
  },
};

type Route = (url: URL) => { status: number; headers?: Record<string, string>; body?: Buffer | string };

const ROUTES: Readonly<Record<string, Route>> = {
  '/img.png': () => ({ status: 200, headers: { 'content-type': 'image/png' }, body: BYTES.png }),
  '/logo.png': () => ({ status: 200, headers: { 'content-type': 'image/png' }, body: BYTES.png2 }),
  // A CDN that labels everything octet-stream: the bytes say JPEG.
  '/poster': () => ({ status: 200, headers: { 'content-type': 'application/octet-stream' }, body: BYTES.jpeg }),
  '/clip.mp4': () => ({ status: 200, headers: { 'content-type': 'video/mp4' }, body: BYTES.mp4 }),
  '/font.woff2': () => ({ status: 200, headers: { 'content-type': 'font/woff2' }, body: BYTES.woff2 }),
  '/spec.json': () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(SPEC) }),
  '/missing.png': () => ({ status: 404, body: 'not found' }),
  '/login.png': () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>sign in</html>' }),
  '/big.png': () => ({
    status: 200,
    headers: { 'content-type': 'image/png' },
    body: Buffer.concat([BYTES.png, Buffer.alloc(2 * 1024 * 1024)]),
  }),
  // `/hop?n=N` redirects N more times, then lands on the image.
  '/hop': (url) => {
    const n = Number(url.searchParams.get('n') ?? '0');
    return { status: 302, headers: { location: n <= 1 ? '/img.png' : `/hop?n=${n - 1}` } };
  },
};

/** A running internet. */
export interface Internet {
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  /** Requests seen, by path. */
  readonly hits: Map<string, number>;
  readonly close: () => Promise<void>;
}

/** Starts the server on a free port. */
export async function startInternet(): Promise<Internet> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const route = ROUTES[url.pathname];
    const answer = route === undefined ? { status: 404, body: 'no' } : route(url);
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** A project using every kind of remote asset on `base`, and some that cannot be packed. */
export function remoteProject(base: string): string {
  return writeProject({
    'docs.json': docsJson({
      logo: `${base}/logo.png`,
      fonts: { family: 'Remote Sans', source: `${base}/font.woff2`, format: 'woff2' },
      navigation: {
        tabs: [
          { tab: 'Guides', pages: ['index', 'media'] },
          { tab: 'API', openapi: `${base}/spec.json` },
          // novu's shape: a tab's spec inherited by pages whose frontmatter names only the operation.
          { tab: 'Reference', openapi: `${base}/spec.json`, pages: ['widgets'] },
        ],
      },
    }),
    'index.mdx': `---\ntitle: Home\n---\n\n![Screenshot](${base}/img.png)\n\n<Frame>\n  <img src="${base}/hop?n=3" alt="Framed" />\n</Frame>\n`,
    'media.mdx':
      `---\ntitle: Media\n---\n\n<video controls poster="${base}/poster">\n  <source src="${base}/clip.mp4" type="video/mp4" />\n</video>\n\n` +
      `![Gone](${base}/missing.png)\n\n![Wall](${base}/login.png)\n\n![Huge](${base}/big.png)\n\n` +
      `![Loop](${base}/hop?n=9)\n\n<iframe src="${base}/embed" title="Embed"></iframe>\n`,
    'widgets.mdx': '---\ntitle: Widgets\nopenapi: GET /widgets\n---\n\nEvery widget.\n',
    '.mintignore': 'drafts/\n',
  });
}

#!/usr/bin/env node
/**
 * The baseline of bench/bundle-server: the plainest static server node can be, over an unpacked bundle
 * (node:http + fs streams, extensionless URLs, no ETag, no compression). Usage: node plainStatic.js DIR PORT
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { URL } from 'node:url';

const [dir = '.', port = '0'] = process.argv.slice(2);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

function fileOf(urlPath) {
  const path = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [path, `${path}.html`, join(path, 'index.html')]) {
    try {
      const full = join(dir, candidate);
      const stat = statSync(full);
      if (stat.isFile()) return { full, size: stat.size };
    } catch {
      // next candidate
    }
  }
  return null;
}

const server = createServer((req, res) => {
  const found = fileOf(new URL(req.url ?? '/', 'http://x').pathname);
  if (found === null) return res.writeHead(404).end('Not found');
  res.writeHead(200, {
    'Content-Type': TYPES[extname(found.full)] ?? 'application/octet-stream',
    'Content-Length': found.size,
  });
  createReadStream(found.full).pipe(res);
});
server.listen(Number(port), '127.0.0.1', () => {
  const address = server.address();
  console.log(`plain static on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
});

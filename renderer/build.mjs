// Builds the dashboard into renderer/dist: one JS bundle, one stylesheet (src/styles/*.css bundled), and
// index.html. No CDN, no network.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { app: join(here, 'src', 'main.tsx') },
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  outdir: out,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});
await build({
  entryPoints: { app: join(here, 'src', 'styles', 'index.css') },
  bundle: true,
  minify: true,
  outdir: out,
  logLevel: 'warning',
});
copyFileSync(join(here, 'index.html'), join(out, 'index.html'));

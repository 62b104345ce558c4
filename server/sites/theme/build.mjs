// Builds the docs-site theme (client script, theme-init script, stylesheet, islands runtime) into dist/site-theme/.
// Run by `npm run build`; server/sites/theme/assets.ts reads the result (and builds in memory from these
// same sources when running from TypeScript). Keep ENTRIES/OPTIONS in sync with assets.ts.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', '..', 'dist', 'site-theme');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: {
    theme: join(here, 'client', 'main.ts'),
    'theme-init': join(here, 'client', 'theme-init.ts'),
    'theme-style': join(here, 'client', 'styles', 'theme.css'),
    islands: join(here, 'client', 'islands.ts'),
  },
  bundle: true,
  // React's production build (islands.js bundles it).
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
  format: 'iife',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  charset: 'utf8',
  legalComments: 'none',
  outdir: out,
  logLevel: 'warning',
});

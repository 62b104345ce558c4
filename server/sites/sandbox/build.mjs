// Bundles the render sandbox (child.ts and everything it imports) into one file,
// dist/server/sites/sandbox/child.bundle.js, which the render pool starts (pool.ts). Run by `npm run build`.
// Why: a sandbox process starts for each project that renders, and loading the ~600 modules of its
// unbundled graph one file at a time was most of its start (~0.6 s of CPU against ~0.3 s for one file).
// Shiki's grammars and themes (9 MB, loaded one at a time when a page uses them) and native addons stay
// outside, loaded from node_modules as before; the sandbox's read list (pool.ts) covers both.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, 'child.ts')],
  outfile: join(here, '..', '..', '..', 'dist', 'server', 'sites', 'sandbox', 'child.bundle.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // React's build is chosen at run time from NODE_ENV, the one variable a sandbox is given.
  external: ['better-sqlite3', '@shikijs/langs/*', '@shikijs/themes/*'],
  // The CommonJS packages in the bundle call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __offprintRequire } from 'node:module';\nconst require = __offprintRequire(import.meta.url);",
  },
  sourcemap: true,
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
});

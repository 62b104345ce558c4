// The dependency rule, checked by lint: entry points (cli, main, routes, http, the site servers) ->
// domain -> db, with libraries beside them that import only each other, npm packages and the root
// basics (errors, types, deps, logger, bytes, dataPaths, redact, serverFile, config, paths, version).
// Each layer lists the folders it must never import; together they leave no cycle between folders.

const SRC = '{ts,tsx,cts}';

/** Packages only one module may load, and Electron only main/ may. */
const ONE_MODULE_PACKAGES = [
  { name: 'electron', message: 'Only main/ imports electron.' },
  { name: 'better-sqlite3', message: 'Only server/db/connection.ts imports better-sqlite3.' },
  { name: 'playwright-core', message: 'Only server/render/chromium.ts imports playwright-core.' },
];

const KOA = [
  { name: 'koa', message: 'HTTP lives in http/ and routes/: domain and db code never sees a Koa context.' },
  { name: '@koa/router', message: 'HTTP lives in http/ and routes/: domain and db code never sees a Koa context.' },
];

/** `group` globs for folders, as relative import specifiers name them at any depth. */
const folder = (...names) => names.flatMap((name) => [`**/${name}/*`, `**/${name}/**`]);
const ENTRY = [...folder('cli', 'routes', 'http'), '**/host.js', '**/runtime.js'];

/** The layers: which files, which folders they may not import, and why. */
export const LAYERS = [
  {
    name: 'libraries',
    files: [
      `server/sites/{project,import,render,theme,search,sandbox}/**/*.${SRC}`,
      `server/{render,zip,exportSpec,signing}/**/*.${SRC}`,
    ],
    forbidden: [...ENTRY, ...folder('db', 'domain', 'serve', 'export', 'jobs', 'pack')],
    message:
      'Libraries (sites/project, import, render, theme, search, sandbox; render; zip; exportSpec; signing) import only each other, npm packages and root basics.',
  },
  {
    name: 'db',
    files: [`server/db/**/*.${SRC}`],
    forbidden: ['../*/*', '../*/**', '../host.js', '../runtime.js', '../deps.js'],
    message: 'db imports nothing of ours but its own folder and root basics (errors, types).',
    extraPaths: KOA,
  },
  {
    name: 'domain',
    files: [`server/domain/**/*.${SRC}`],
    forbidden: [...ENTRY, ...folder('serve', 'export', 'jobs')],
    message: 'domain never imports the entry points (http, routes, cli), the site servers, export or jobs.',
    extraPaths: KOA,
  },
  {
    name: 'jobs',
    files: [`server/jobs/**/*.${SRC}`],
    forbidden: [...ENTRY, ...folder('domain')],
    message: 'jobs use the export pipeline, the libraries, db and the site servers; never domain or the entry points.',
  },
  {
    name: 'http',
    files: [`server/http/**/*.${SRC}`],
    forbidden: [...folder('routes', 'cli', 'export', 'jobs'), '**/host.js'],
    message: 'http is the plumbing routes are built on (createApp lives in routes/app.ts): it never imports them.',
  },
  {
    name: 'site servers',
    files: [`server/sites/serve/**/*.${SRC}`],
    forbidden: [...folder('routes', 'cli', 'export', 'jobs'), '**/host.js'],
    message: 'The site servers never import the API routes, the CLI, the export pipeline or jobs (those use them).',
  },
  {
    name: 'pack',
    files: [`server/pack/**/*.${SRC}`],
    forbidden: [...ENTRY, ...folder('db', 'domain', 'serve', 'jobs')],
    message:
      'pack (offprint pack) uses the libraries and the export zip writer; never db, domain, the site servers, jobs or the entry points.',
  },
  {
    name: 'bundle server',
    files: [`server/bundleServer/**/*.${SRC}`],
    forbidden: [...ENTRY, ...folder('db', 'domain', 'jobs', 'pack')],
    message:
      'The bundle server (offprint serve-bundle) uses the export verify/manifest code, the zip reader and the libraries; never db, domain, jobs, pack or the entry points.',
  },
  {
    name: 'delta',
    files: [`server/delta/**/*.${SRC}`],
    forbidden: [...ENTRY, ...folder('db', 'domain', 'serve', 'jobs', 'pack', 'bundleServer')],
    message:
      'delta (offprint diff/delta/apply) uses the export manifest/zip/verify code, the zip reader, signing and the libraries; never db, domain, the site servers, jobs, pack, the bundle server or the entry points.',
  },
  {
    name: 'export pipeline',
    files: [`server/export/**/*.${SRC}`],
    forbidden: [...ENTRY, ...folder('domain', 'jobs', 'delta')],
    message: 'The export pipeline never imports the jobs that run it, domain, delta or the entry points.',
  },
];

const MODULE_OWNERS = { 'better-sqlite3': 'server/db/connection.ts', 'playwright-core': 'server/render/chromium.ts' };

function restrictedImports(layer, allowedPackage) {
  const paths = [...ONE_MODULE_PACKAGES.filter((p) => p.name !== allowedPackage), ...(layer?.extraPaths ?? [])];
  const patterns = layer === undefined ? [] : [{ group: layer.forbidden, message: layer.message }];
  return ['error', { paths, patterns }];
}

/** The flat-config blocks: the package bans everywhere, then one block per layer (each repeats them). */
export function layerConfigs() {
  const owners = Object.values(MODULE_OWNERS);
  const blocks = [
    {
      files: [`server/**/*.${SRC}`, `test/**/*.${SRC}`, 'bench/**/*.{ts,js}', `renderer/**/*.${SRC}`],
      ignores: owners,
      rules: { 'no-restricted-imports': restrictedImports(undefined, undefined) },
    },
    {
      // The dashboard runs in a browser: of the server it may take types only.
      files: [`renderer/**/*.${SRC}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: ONE_MODULE_PACKAGES,
            patterns: [
              {
                group: ['**/server/*', '**/server/**'],
                allowTypeImports: true,
                message: 'The dashboard imports only types from server/.',
              },
            ],
          },
        ],
      },
    },
  ];
  for (const layer of LAYERS) {
    blocks.push({ files: layer.files, ignores: owners, rules: { 'no-restricted-imports': restrictedImports(layer) } });
  }
  // The owners of a one-module package, under their layer's rule but allowed their package.
  blocks.push({
    files: ['server/db/connection.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(
        LAYERS.find((l) => l.name === 'db'),
        'better-sqlite3',
      ),
    },
  });
  blocks.push({
    files: ['server/render/chromium.ts'],
    rules: {
      'no-restricted-imports': restrictedImports(
        LAYERS.find((l) => l.name === 'libraries'),
        'playwright-core',
      ),
    },
  });
  // Errors are made by their named factories in server/errors.ts, nowhere else.
  blocks.push({
    files: [`server/**/*.${SRC}`, `main/**/*.${SRC}`],
    ignores: ['server/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: 'Use a named factory from server/errors.ts (NotFoundError, ValidationError, ...).',
        },
      ],
    },
  });
  return blocks;
}

/**
 * Imported first by the entry points (the `offprint` CLI, the desktop main process), for its side
 * effect: NODE_ENV defaults to `production`, so React renders pages with its production build (several
 * times faster, no development warnings) and Koa behaves as in production. An explicit NODE_ENV (tests
 * run with `test`) is left alone. It must run before React is loaded, which reads it once.
 */
process.env['NODE_ENV'] ??= 'production';

export {};

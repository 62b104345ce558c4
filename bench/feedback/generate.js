/**
 * Deterministic feedback data for the benchmark: NDJSON in the import format (the API's own output shape),
 * generated from a seeded PRNG so every run, on every machine, imports byte-identical files. Line `i` does
 * not depend on the line count, so a shorter file is a prefix of a longer one.
 */
import { performance } from 'node:perf_hooks';
import { closeSync, openSync, writeSync } from 'node:fs';

/** Newest possible `createdAt` of generated entries (fixed, so data does not move with the wall clock). */
export const TIME_END = Date.UTC(2026, 10, 1);
/** Oldest possible `createdAt`: two years before {@link TIME_END}. */
export const TIME_START = Date.UTC(2024, 10, 1);

/**
 * A small, fast, seedable PRNG (mulberry32).
 * @param {number} seed
 * @returns {() => number} uniform in [0, 1)
 */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Builds a picker over weighted choices.
 * @template T
 * @param {readonly (readonly [T, number])[]} weighted
 * @returns {(u: number) => T}
 */
function weightedPicker(weighted) {
  const total = weighted.reduce((sum, [, w]) => sum + w, 0);
  let acc = 0;
  const bounds = weighted.map(([value, w]) => {
    acc += w / total;
    return /** @type {const} */ ([value, acc]);
  });
  return (u) => {
    let lo = 0;
    let hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (u < /** @type {[T, number]} */ (bounds[mid])[1]) hi = mid;
      else lo = mid + 1;
    }
    return /** @type {[T, number]} */ (bounds[lo])[0];
  };
}

/** Share of each source, roughly as a docs site with code-heavy pages sees them. */
export const SOURCE_WEIGHTS = /** @type {const} */ ([
  ['contextual', 45],
  ['thumbs_only', 30],
  ['code_snippet', 15],
  ['agent', 10],
]);
/** Share of each review status. */
export const STATUS_WEIGHTS = /** @type {const} */ ([
  ['pending', 50],
  ['in_progress', 12],
  ['resolved', 28],
  ['dismissed', 10],
]);

const SECTIONS = ['api-reference', 'guides', 'quickstart', 'sdks', 'integrations', 'concepts', 'deployment'];
const TOPICS = ['auth', 'webhooks', 'pagination', 'errors', 'rate-limits', 'search', 'uploads', 'billing', 'users'];
const PAGES = ['overview', 'create', 'list', 'update', 'delete'];

/** About 300 page paths, with a Zipf-like popularity (a few pages get most feedback). */
const PATHS = SECTIONS.flatMap((s) => TOPICS.flatMap((t) => PAGES.map((p) => `/${s}/${t}/${p}`))).slice(0, 300);
const pickPath = weightedPicker(PATHS.map((p, rank) => /** @type {const} */ ([p, 1 / (rank + 1) ** 0.8])));
const pickSource = weightedPicker(SOURCE_WEIGHTS);
const pickStatus = weightedPicker(STATUS_WEIGHTS);

const WORDS = (
  'the this page example does not work when I try to call endpoint with a token returns error 401 ' +
  'please add more detail about how pagination cursor should be used docs are great thanks but missing ' +
  'python snippet fails on version 3 upgrade guide confusing response field undocumented link broken ' +
  'webhook retries timeout clear helpful typo in parameter name wrong default value'
).split(' ');

const SNIPPETS = /** @type {const} */ ([
  [
    'typescript',
    'example.ts',
    (n) =>
      `const client = new Client({ apiKey: process.env.API_KEY });\n` +
      `const page = await client.feedback.list({ limit: ${n} });\nfor (const entry of page.feedback) {\n` +
      `  console.log(entry.id, entry.status);\n}\n`,
  ],
  [
    'python',
    'example.py',
    (n) =>
      `import offprint\n\nclient = offprint.Client(api_key=os.environ["API_KEY"])\n` +
      `for entry in client.feedback.list(limit=${n}):\n    print(entry.id, entry.status)\n`,
  ],
  [
    'bash',
    null,
    (n) =>
      `curl -s -H "Authorization: Bearer $API_KEY" \\\n` +
      `  "http://127.0.0.1:4242/v1/analytics/$PROJECT/feedback?limit=${n}" | jq .\n`,
  ],
  ['json', 'config.json', (n) => `{\n  "retries": ${n % 7},\n  "timeoutMs": ${n * 100},\n  "webhooks": true\n}\n`],
  [
    'go',
    'main.go',
    (n) => `resp, err := client.Feedback.List(ctx, &ListParams{Limit: ${n}})\n` + `if err != nil {\n\treturn err\n}\n`,
  ],
  [null, null, (n) => `GET /v1/users?page=${n}\n`],
]);

/**
 * @param {() => number} rand
 * @param {number} count
 */
function hex(rand, count) {
  let s = '';
  for (let i = 0; i < count; i++) s += ((rand() * 16) | 0).toString(16);
  return s;
}

/**
 * @param {() => number} rand
 * @returns {string}
 */
function comment(rand) {
  const n = 3 + Math.floor(rand() * rand() * 40);
  const words = [];
  for (let i = 0; i < n; i++) words.push(WORDS[Math.floor(rand() * WORDS.length)]);
  return words.join(' ');
}

/**
 * Writes `ms` as ISO 8601 in one of the forms exports carry: mostly `Z` with milliseconds, some with a
 * `+02:00` offset, some without fractional seconds.
 * @param {number} ms
 * @param {number} u uniform [0, 1)
 */
function isoTime(ms, u) {
  if (u < 0.85) return new Date(ms).toISOString();
  if (u < 0.95) return `${new Date(ms + 2 * 3600_000).toISOString().slice(0, 23)}+02:00`;
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * Generates line `i`'s entry (as an object in the import format).
 * @param {() => number} rand
 * @param {number} i
 */
function entry(rand, i) {
  const source = pickSource(rand());
  /** @type {Record<string, unknown>} */
  const line = {};
  // A few entries arrive without an id and get one generated on import.
  if (rand() >= 0.03) line['id'] = `${hex(rand, 8)}-${hex(rand, 4)}-4${hex(rand, 3)}-${hex(rand, 4)}-${hex(rand, 12)}`;
  line['path'] = pickPath(rand());
  line['comment'] = rand() < 0.2 ? null : comment(rand);
  // Traffic grows over the two years (density rises linearly towards TIME_END).
  const ms = Math.floor(TIME_START + (TIME_END - TIME_START) * Math.sqrt(rand()));
  line['createdAt'] = rand() < 0.005 ? null : isoTime(ms, rand());
  line['source'] = source;
  line['status'] = pickStatus(rand());
  if (source === 'contextual') {
    line['helpful'] = rand() < 0.65;
    line['contact'] = rand() < 0.15 ? `reader${i % 5000}@example.com` : null;
  } else if (source === 'code_snippet') {
    const [lang, filename, code] = /** @type {(typeof SNIPPETS)[number]} */ (
      SNIPPETS[Math.floor(rand() * SNIPPETS.length)]
    );
    line['code'] = code(1 + Math.floor(rand() * 100));
    line['filename'] = rand() < 0.7 ? filename : null;
    line['lang'] = lang;
  } else if (source === 'thumbs_only') {
    const u = rand();
    line['helpful'] = u < 0.1 ? null : u < 0.7;
  }
  return line;
}

/**
 * Writes `count` NDJSON lines to `file`.
 * @param {string} file
 * @param {number} count
 * @param {number} seed
 * @returns {{ lines: number, bytes: number, ms: number }}
 */
export function generateNdjson(file, count, seed) {
  const started = performance.now();
  const rand = prng(seed);
  const fd = openSync(file, 'w');
  let bytes = 0;
  try {
    let chunk = '';
    for (let i = 0; i < count; i++) {
      chunk += `${JSON.stringify(entry(rand, i))}\n`;
      if (chunk.length >= 1 << 20) {
        bytes += writeSync(fd, chunk);
        chunk = '';
      }
    }
    bytes += writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
  return { lines: count, bytes, ms: performance.now() - started };
}

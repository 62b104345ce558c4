/**
 * Each command's own help (`offprint COMMAND --help`, `offprint help COMMAND`): usage, one line per
 * flag, an example. Kept beside each other so they read alike; a command without an entry here falls
 * back to its lines of the general usage.
 */

/** The help of one command. */
export interface CommandHelp {
  /** What it does, in a sentence. */
  readonly summary: string;
  /** Usage lines, without the leading `offprint `; one starting with a space continues the line before. */
  readonly usage: readonly string[];
  /** `[flag, what it does]`, one line each. */
  readonly flags: readonly (readonly [string, string])[];
  /** Example command lines, without the leading `offprint `. */
  readonly examples: readonly string[];
  /** Subcommands (`keys list`), so error messages can name the one that was run. */
  readonly subcommands?: readonly string[];
}

/** Flags every command takes, listed last in each help. */
const COMMON_FLAGS: readonly (readonly [string, string])[] = [
  ['--data-dir DIR', 'Data folder (default: $OFFPRINT_DATA_DIR, else the per-user app-data folder)'],
  ['--json', 'Print one JSON object on stdout'],
  ['-h, --help', 'Show this help'],
];

/** The help of every command, by name. */
export const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  serve: {
    summary: 'Serve the API, the dashboard and every project’s docs site until Ctrl-C.',
    usage: ['serve [--host ADDR] [--port N] [--allowed-host NAME]... [--log-format text|json]'],
    flags: [
      ['--host ADDR', 'Listen address of the API and the sites (default 127.0.0.1)'],
      ['--port N', 'API and dashboard port; 0 picks a free one (default 4242). Sites keep their own ports'],
      ['--allowed-host NAME', 'Also accept this Host name (repeatable; also $OFFPRINT_ALLOWED_HOSTS)'],
      ['--log-format FORMAT', 'text (readable lines with the time; default on a terminal) or json (default otherwise)'],
    ],
    examples: ['serve', 'serve --port 8080 --data-dir ~/offprint-data'],
  },
  orgs: {
    summary: 'Create an organization.',
    usage: ['orgs create --name NAME [--plan free|pro|enterprise]'],
    flags: [
      ['--name NAME', 'The organization’s name (required)'],
      ['--plan PLAN', 'free, pro or enterprise (default free; static export needs enterprise)'],
    ],
    examples: ['orgs create --name "Docs team" --plan enterprise'],
    subcommands: ['create'],
  },
  projects: {
    summary: 'Create projects (with their docs site) and list them with their site URLs.',
    usage: ['projects create --name NAME --domain HOST [--org ID] [--source PATH]', 'projects list [--org ID]'],
    flags: [
      ['--name NAME', 'The project’s name (create; required)'],
      ['--domain HOST', 'Hostname of the project’s docs site, unique in the data dir (create; required)'],
      ['--org ID', 'Organization (default: the default organization)'],
      ['--source PATH', 'Import the docs site from this folder or .zip (create)'],
    ],
    examples: [
      'projects create --name Handbook --domain handbook.localhost --source ./handbook',
      'projects list --json',
    ],
    subcommands: ['create', 'list'],
  },
  keys: {
    summary: 'Create, list and revoke admin API keys.',
    usage: ['keys create [--org ID] [--name NAME]', 'keys list [--org ID]', 'keys revoke KEYID'],
    flags: [
      ['--org ID', 'Organization (default: the default organization)'],
      ['--name NAME', 'A name to recognise the key by (create; default "Admin key")'],
    ],
    examples: ['keys create --name "CI export"', 'keys revoke key_01J...'],
    subcommands: ['create', 'list', 'revoke'],
  },
  sites: {
    summary: 'Import a docs folder or .zip as a project’s site (replacing the current one atomically).',
    usage: ['sites import --project ID PATH'],
    flags: [['--project ID', 'The project whose site it becomes (required)']],
    examples: ['sites import --project prj_01J... ./docs'],
    subcommands: ['import'],
  },
  settings: {
    summary: 'Read and change the data dir’s settings.',
    usage: ['settings list', 'settings get NAME', 'settings set NAME VALUE', 'settings unset NAME'],
    flags: [],
    examples: ['settings set allowedScripts posthog,scripts/analytics.js', 'settings unset allowedScripts'],
    subcommands: ['list', 'get', 'set', 'unset'],
  },
  feedback: {
    summary:
      'Import, export and triage a project’s feedback (NDJSON carried across the air gap; CSV for spreadsheets).',
    usage: [
      'feedback import --project ID FILE|-',
      'feedback export --project ID [--format ndjson|csv] [--date-from D] [--date-to D] [--source S]',
      '                [--status LIST] [--path PAGE] [--search TEXT]',
      'feedback status --project ID FEEDBACK_ID... --status STATUS [--note TEXT]',
      'feedback note --project ID FEEDBACK_ID TEXT',
      'feedback history --project ID FEEDBACK_ID',
    ],
    flags: [
      ['--project ID', 'The project (required)'],
      ['--format FORMAT', 'ndjson (default; the import format) or csv (UTF-8 with BOM, for Excel) (export)'],
      ['--date-from D', 'From this date or date-time, inclusive (export)'],
      ['--date-to D', 'Up to this date or date-time, exclusive (export)'],
      ['--source S', 'code_snippet, contextual, agent or thumbs_only (export)'],
      ['--status LIST', 'export: comma list of pending, in_progress, resolved, dismissed; status: the new status'],
      ['--path PAGE', 'Only feedback on this page path (export)'],
      ['--search TEXT', 'Only entries whose comment, path, contact, code or filename contains TEXT (export)'],
      ['--note TEXT', 'An internal note recorded with each change (status)'],
    ],
    examples: [
      'feedback export --project prj_01J... --date-from 2026-01-01 > feedback.ndjson',
      'feedback export --project prj_01J... --format csv --status pending > triage.csv',
      'feedback status --project prj_01J... 01JA... 01JB... --status resolved --note "Fixed in v5"',
    ],
    subcommands: ['import', 'export', 'status', 'note', 'history'],
  },
  export: {
    summary:
      'Export a docs site as a static bundle (progress and warnings on stderr). Ctrl-C cancels it; run again after a crash or kill, it goes on from what it had done.',
    usage: [
      'export --domain HOST --out FILE.zip [--deployment KIND] [--concurrency N]',
      '       [--path PAGE]... [--browser URL]... [--allow-egress] [--log-format text|json]',
    ],
    flags: [
      ['--domain HOST', 'The site to export (required)'],
      ['--out FILE.zip', 'Where to write the bundle (required)'],
      ['--deployment KIND', 'air-gapped (default), client-hosted or cloud'],
      ['--concurrency N', 'Pages rendered at once, 1-16 (per browser with --browser)'],
      ['--browser URL', 'Render in this remote Chromium (repeatable: pages are sharded across them); see README'],
      ['--path PAGE', 'Export only this page (repeatable)'],
      ['--log-format FORMAT', 'text (readable lines; default on a terminal) or json (default otherwise)'],
      [
        '--allow-egress',
        'Complete even when a page requests something outside the bundle (the egress check fails the export otherwise); those requests are recorded in the manifest and as warnings',
      ],
    ],
    examples: ['export --domain docs.example.com --out docs.zip'],
  },
  preview: {
    summary: 'Serve a bundle the way a static host does (extensionless URLs) until Ctrl-C.',
    usage: ['preview FILE.zip [--port N] [--host ADDR]'],
    flags: [
      ['--port N', 'Port (default 4343)'],
      ['--host ADDR', 'Listen address (default 127.0.0.1)'],
    ],
    examples: ['preview docs.zip --port 8000'],
  },
  'serve-bundle': {
    summary:
      'Serve a bundle in a cluster: from the cache when it holds the one asked for, else downloaded (resumed, retried), verified and switched to atomically.',
    usage: [
      'serve-bundle --bundle-url URL [--delta-url URL] --cache DIR [--sha256 HEX]',
      '             [--fingerprint FP | --public-key FILE] [--version LABEL] [--collector URL]',
      '             [--port N] [--host ADDR] [--keep N] [--timeout S] [--retries N]',
    ],
    flags: [
      ['--bundle-url URL', 'The bundle: a bundleUrl from Offprint, or any http(s)/file URL of a bundle zip'],
      [
        '--delta-url URL',
        'A delta (from `offprint delta` or a bundle link with deltaFrom; also recognised as --bundle-url) against a cached bundle: applied, checked, switched to; refused if made for another bundle',
      ],
      [
        '--cache DIR',
        'Where verified bundles are kept (required); a restart serves from it, even after the link expired',
      ],
      ['--sha256 HEX', 'Refuse a bundle with another SHA-256 (a pin)'],
      ['--fingerprint FP', 'Refuse a bundle not signed by the key with this fingerprint'],
      ['--public-key FILE', 'Refuse a bundle not signed by this key (`offprint signing-key export`)'],
      ['--version LABEL', 'Refuse a bundle whose manifest says another version; a cached one is served (rollback)'],
      ['--collector URL', 'Forward reader feedback posts to this collector (an Offprint site URL)'],
      ['--port N', 'Port (default 8080)'],
      ['--host ADDR', 'Listen address (default 127.0.0.1; 0.0.0.0 in a pod)'],
      ['--keep N', 'Bundles kept in the cache (default 3)'],
      ['--timeout S', 'A download with no byte for S seconds is retried (default 30)'],
      ['--retries N', 'Download retries, with backoff (default 5)'],
    ],
    examples: ['serve-bundle --bundle-url "$BUNDLE_URL" --cache /var/cache/offprint --host 0.0.0.0'],
  },
  verify: {
    summary:
      'Check a bundle: its signature first, then every file against the signed manifest; exit code 0 when it is sound.',
    usage: ['verify FILE.zip [--public-key FILE | --fingerprint FP]'],
    flags: [
      ['--public-key FILE', 'Require the signature of this key (a file from `offprint signing-key export`)'],
      ['--fingerprint FP', 'Require the signature of the key with this fingerprint (XXXX-XXXX-XXXX-XXXX)'],
    ],
    examples: [
      'verify docs.zip --fingerprint K7QF-2M4X-PA9D-LR3T',
      'verify docs.zip --public-key docs-team.pem --json',
    ],
  },
  pack: {
    summary:
      'On a connected machine: fetch the remote images, videos, fonts and OpenAPI specs a docs project uses into a zip that imports offline with them.',
    usage: [
      'pack PATH --out FILE.zip [--strict] [--allow-http] [--allow-private-hosts] [--timeout S] [--max-file-mb N] [--max-total-mb N]',
    ],
    flags: [
      ['--out FILE.zip', 'Where to write the zip: the project as it is, plus the copies and their lock (required)'],
      ['--strict', 'Exit 1 when any URL could not be fetched (default: listed, exit 0)'],
      ['--allow-http', 'Also fetch plain http:// URLs (their bytes could be altered on the way)'],
      ['--allow-private-hosts', 'Also fetch from loopback, private and link-local addresses (an intranet host)'],
      ['--timeout S', 'Seconds one URL may take (default 30)'],
      ['--max-file-mb N', 'Largest file fetched, any kind (default 25 per image, 100 per video, 10 per font or spec)'],
      ['--max-total-mb N', 'Largest total fetched (default 512)'],
    ],
    examples: ['pack ./docs --out docs-packed.zip', 'pack docs-main.zip --out docs-packed.zip --strict --json'],
  },
  diff: {
    summary:
      'Compare two bundles: pages added, removed and changed (by their text, with an excerpt), assets, redirects, navigation, and the size of a delta.',
    usage: ['diff OLD.zip NEW.zip'],
    flags: [],
    examples: ['diff docs-v1.zip docs-v2.zip', 'diff docs-v1.zip docs-v2.zip --json'],
  },
  delta: {
    summary:
      'Write only what changed from OLD to NEW, with a delta manifest naming both bundles, signed by the organization’s key.',
    usage: ['delta OLD.zip NEW.zip --out DELTA.zip [--org ID]'],
    flags: [
      ['--out DELTA.zip', 'Where to write the delta (required)'],
      ['--org ID', 'Organization whose signing key signs it (default: the default organization)'],
    ],
    examples: ['delta docs-v1.zip docs-v2.zip --out v1-to-v2.zip'],
  },
  apply: {
    summary:
      'Rebuild NEW byte for byte from OLD and a delta (its SHA-256 checked), or refuse: wrong base, altered delta, another key.',
    usage: ['apply OLD.zip DELTA.zip --out NEW.zip [--public-key FILE | --fingerprint FP]'],
    flags: [
      ['--out NEW.zip', 'Where to write the rebuilt bundle (required)'],
      ['--public-key FILE', 'Require the delta to be signed by this key (default: the key that signed OLD)'],
      ['--fingerprint FP', 'Require the delta to be signed by the key with this fingerprint'],
    ],
    examples: ['apply docs-v1.zip v1-to-v2.zip --out docs-v2.zip --fingerprint K7QF-2M4X-PA9D-LR3T'],
  },
  'signing-key': {
    summary:
      'Show, export or rotate the organization’s bundle signing key (Ed25519; created on first use, kept owner-only in the data dir).',
    usage: [
      'signing-key show [--org ID]',
      'signing-key export [--org ID] [--fingerprint FP] [--out FILE]',
      'signing-key rotate [--org ID]',
    ],
    flags: [
      ['--org ID', 'Organization (default: the default organization)'],
      ['--out FILE', 'export: write the public key file here (default: stdout)'],
      ['--fingerprint FP', 'export: a retired key instead of the current one'],
    ],
    examples: ['signing-key show', 'signing-key export --out docs-team.pem', 'signing-key rotate'],
    subcommands: ['show', 'export', 'rotate'],
  },
};

/** Where a continued usage line starts: under the command's name (`Usage: offprint ` is 16 wide). */
const CONTINUED = ' '.repeat('Usage: offprint '.length);

function column(rows: readonly (readonly [string, string])[], indent: string): string[] {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `${indent}${left.padEnd(width)}${right}`);
}

/** The help text of `name`, or null when there is none. */
export function commandHelp(name: string): string | null {
  const help = Object.hasOwn(COMMAND_HELP, name) ? COMMAND_HELP[name] : undefined;
  if (help === undefined) return null;
  const lines = [
    `Usage: ${help.usage.map((u, i) => (u.startsWith(' ') ? `${CONTINUED}${u}` : `${i === 0 ? '' : '       '}offprint ${u}`)).join('\n')}`,
    '',
    help.summary,
    '',
    'Options:',
    ...column([...help.flags, ...COMMON_FLAGS], '  '),
    '',
    help.examples.length === 1 ? 'Example:' : 'Examples:',
    ...help.examples.map((e) => `  offprint ${e}`),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * How errors name the command that was run: `keys list` for a command with subcommands (when the
 * first argument is one of them), else the command alone.
 */
export function commandLabel(name: string, rest: readonly string[]): string {
  const help = Object.hasOwn(COMMAND_HELP, name) ? COMMAND_HELP[name] : undefined;
  const sub = rest[0];
  return sub !== undefined && help?.subcommands?.includes(sub) === true ? `${name} ${sub}` : name;
}

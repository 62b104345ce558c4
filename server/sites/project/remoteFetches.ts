/**
 * Components that ask the network for their data when they run in a reader's browser: Delora's tables of
 * chains and contract addresses (`useEffect(() => fetch('https://api.delora.build/v1/chains'))`). Offline
 * nothing answers (and a bundle's pages may not reach outside it), so the reader sees only what the
 * component draws before its data arrives ("Loading…"). Found in page and snippet sources, code samples
 * aside, so the import report says so: the authors can write the data into the page instead.
 */
import { stripCode } from './pages/references.js';
import type { SiteProblem } from './model.js';

/** A request to an absolute URL written as a literal: `fetch('https://…')`, axios, a WebSocket or an EventSource. */
const REMOTE_REQUEST =
  /\b(?:fetch|axios(?:\.(?:get|post|put|patch|delete|request))?|new\s+(?:WebSocket|EventSource))\s*\(\s*(['"`])((?:https?|wss?):\/\/[^'"`\s]+)/g;

/** Script files, whose whole text is code (an MDX page's code samples are text). */
const SCRIPT_FILE = /\.(?:jsx?|tsx?)$/i;

/** URLs listed per file at most: a page that calls one API in many places is one finding. */
const MAX_PER_FILE = 5;

/** Collects the remote requests of a project's page and snippet sources. */
export class RemoteRequestCollector {
  private readonly found: SiteProblem[] = [];

  /** Adds the remote requests written in `source`, the text of the project-relative `file`. */
  collectSource(source: string, file: string): void {
    if (!source.includes('://')) return;
    const code = SCRIPT_FILE.test(file) ? source : stripCode(source);
    const urls = new Set<string>();
    for (const match of code.matchAll(REMOTE_REQUEST)) {
      const url = match[2] ?? '';
      // A template literal's URL is shown up to its first placeholder.
      urls.add(url.split('${')[0] ?? url);
      if (urls.size === MAX_PER_FILE) break;
    }
    for (const url of urls) {
      this.found.push({
        code: 'remote-asset',
        file,
        message:
          `${url}: requested by a component when it runs in the reader's browser; offline nothing answers, ` +
          'so readers see only what it shows without its data',
      });
    }
  }

  /** One `remote-asset` problem per file and URL, in the order the files were read. */
  problems(): SiteProblem[] {
    return [...this.found];
  }
}

/**
 * Internal links that lead nowhere, as Mintlify's `mint broken-links` finds them: a page's Markdown
 * links (`[x](/path)`, reference definitions) and `href` props (`<a>`, `<Card>`, any component, a
 * template literal without placeholders), the root-relative links of snippet files (a relative one
 * depends on the page that imports the snippet), and redirect destinations. On the live site such a
 * link sends the reader home (the 404 redirect default) and in a bundle to its 404 page, so the import
 * report names each one.
 *
 * A link leads somewhere when its path (relative ones resolved against the page's folder, as the renderer
 * does) is a page (generated endpoint pages included), a folder with an `index` page, a page's Markdown
 * view (`/x.md`) or feed (`/x/rss.xml`), a project file the site serves (an image, a PDF: not a page's
 * `.mdx` source, which both Mintlify and Offprint answer with a 404), a file the site makes
 * (`/llms.txt`, `/sitemap.xml`), or a redirect source. External links, `#anchor`s, `mailto:` and
 * templated links (`{{base}}/x`) are not checked, nor is anything in code or comments. Pages are checked
 * one by one as the import reads them; nothing of a page is kept but its broken links, about
 * {@link LISTED_BROKEN_LINKS} of them listed over the project, the rest counted.
 */
import type { DocsConfig } from '../config/schema.js';
import type { SiteProblem, SiteRedirect } from '../model.js';
import { ownCopy } from '../ownCopy.js';
import { compileRedirects, matchRedirect, type CompiledRedirect } from '../redirects.js';
import { isServedFile } from '../servedFiles.js';
import { isRedirectSource, rooted } from '../settings.js';
import { bodyStartOf } from './frontmatter.js';
import { inlineLinkPattern, localTarget, stripCode } from './references.js';

/**
 * Broken links listed one by one over the project: pages are listed whole (up to {@link PER_FILE}) until
 * this many are listed; the rest are counted in one problem (a large project can have thousands).
 */
export const LISTED_BROKEN_LINKS = 100;
/** Broken links listed for one file; one more problem counts the file's others. */
export const PER_FILE = 10;

/** `[text](target "title")`, not an image. */
const MARKDOWN_LINK = inlineLinkPattern('(?<!!)');
/** A reference-style link's definition: `[id]: /path "title"`; not a footnote's (`[^1]: Some text`). */
const DEFINITION = /^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm;
/** An `href` prop or attribute with a literal value: `href="/x"`, `href={'/x'}`. */
const HREF = /\bhref\s*=\s*\{?\s*["']([^"'\n]+)["']/g;
/** `href={`/x`}`: a template literal with no placeholder is a literal link (code stripping would blank it). */
const TEMPLATE_HREF = /\bhref(\s*=\s*)\{\s*`([^`$\n]*)`\s*\}/g;
/** HTML and MDX comments: what they hold is not rendered. */
const COMMENT = /<!--[\s\S]*?-->|\{\s*\/\*[\s\S]*?\*\/\s*\}/g;

/** The distinct link targets of a page source as written, in page order, outside frontmatter, code and comments. */
export function scanLinks(source: string): string[] {
  const body = source.slice(bodyStartOf(source)).replace(TEMPLATE_HREF, 'href$1{"$2"}');
  const text = stripCode(body).replace(COMMENT, '');
  const found: { at: number; link: string }[] = [];
  for (const pattern of [MARKDOWN_LINK, DEFINITION, HREF]) {
    for (const m of text.matchAll(pattern)) if (m[1] !== undefined) found.push({ at: m.index, link: m[1] });
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.link))];
}

/** Whether a redirect destination is a concrete path of this site (not a URL, not a `:param` or `*` pattern). */
function isPlainDestination(destination: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(destination) && !/(^|\/):|\*/.test(destination);
}

const NO_PAGE = 'no page or file at this path';
const NOT_SERVED = 'the file is in the project, but the site does not serve files of its kind';

/** Files every site serves from its pages (serve/app.ts), which a page may link to like Mintlify's. */
const SITE_FILES = new Set([
  'llms.txt',
  'llms-full.txt',
  '.well-known/llms.txt',
  '.well-known/llms-full.txt',
  'sitemap.xml',
  'robots.txt',
]);

/**
 * Why a link written as a quoted URL (`[Next.js]("https://nextjs.org")`, Markdown keeps the quotes) leads
 * nowhere: it is read as a path of this site; undefined for other links.
 */
function quotedUrl(written: string): string | undefined {
  const inner = /^(["'\u201c\u2018])([a-z][a-z0-9+.-]*:.*)(["'\u201d\u2019])$/i.exec(written.trim())?.[2];
  return inner === undefined ? undefined : `a URL in quotes is a path of this site: write ${inner} without them`;
}

/** Collects the broken links of one import. */
export class BrokenLinks {
  private readonly rules: readonly CompiledRedirect[];
  private readonly listed: SiteProblem[] = [];
  private unlisted = 0;
  private unlistedFiles = 0;
  private firstUnlistedFile: string | undefined;

  /**
   * `isPage` answers for page paths (`guides/a`); `files` are the project's files; `redirects` the
   * site's rules, whose sources are valid link targets.
   */
  constructor(
    private readonly isPage: (path: string) => boolean,
    private readonly files: ReadonlySet<string>,
    redirects: readonly SiteRedirect[],
  ) {
    this.rules = compileRedirects(redirects);
  }

  /** Whether a project-relative path (no leading `/`) answers on the site. */
  leadsSomewhere(target: string): boolean {
    const path = target.replace(/\/+$/, '');
    if (path === '' || this.isPageOrFolder(path) || SITE_FILES.has(path)) return true;
    if (this.files.has(path) && isServedFile(path)) return true;
    const markdownView = /^(.+)\.md$/.exec(path)?.[1];
    if (markdownView !== undefined && this.isPageOrFolder(markdownView)) return true;
    const feed = /^(.+)\/rss\.xml$/.exec(path)?.[1];
    if (feed !== undefined && this.isPageOrFolder(feed)) return true;
    // Checked last: the rules are tried one by one, and most links name a page.
    return matchRedirect(this.rules, `/${path}`) !== null;
  }

  private isPageOrFolder(path: string): boolean {
    return this.isPage(path) || this.isPage(`${path}/index`);
  }

  /** Why a project-relative target that leads nowhere does so, in words for the import report. */
  private reason(target: string): string {
    const path = target.replace(/\/+$/, '');
    const page = /^(.+)\.mdx$/i.exec(path)?.[1];
    if (page !== undefined && this.isPageOrFolder(page)) {
      return `the site serves this page at "/${page}", not at its source file`;
    }
    return this.files.has(path) ? NOT_SERVED : NO_PAGE;
  }

  /** Checks the links of the page `file` (its whole source), each distinct link once. */
  checkPage(file: string, source: string): void {
    this.checkLinks(file, scanLinks(source));
  }

  /**
   * Checks the root-relative links of snippet `file`: a relative one resolves against the URL of each
   * page that imports the snippet, which the snippet cannot know.
   */
  checkSnippet(file: string, source: string): void {
    this.checkLinks(
      file,
      scanLinks(source).filter((link) => link.startsWith('/') && !link.startsWith('//')),
    );
  }

  private checkLinks(file: string, links: readonly string[]): void {
    const broken: { link: string; target: string }[] = [];
    for (const link of links) {
      const target = localTarget(link, file, 'clamp');
      if (target !== undefined && target !== '' && !this.leadsSomewhere(target)) broken.push({ link, target });
    }
    this.add(file, broken, ({ link, target }) => {
      // A copy: a capture of the source would keep the whole page alive with the problem.
      const written = ownCopy(link);
      const resolved = `/${target}`;
      const shown = written.split(/[?#]/)[0] === resolved ? `"${written}"` : `"${written}" (${resolved})`;
      return { code: 'broken-link', file, message: `${shown}: ${quotedUrl(written) ?? this.reason(target)}` };
    });
  }

  /**
   * Checks the destinations of the config's redirects (`rules` as written, so key paths keep their
   * index); a rule whose source is unusable is left out, as the site leaves it out.
   */
  checkRedirects(rules: DocsConfig['redirects'], configFile: string): void {
    const broken: { index: number; destination: string; target: string }[] = [];
    (rules ?? []).forEach((rule, index) => {
      if (!isRedirectSource(rooted(rule.source)) || !isPlainDestination(rule.destination)) return;
      const target = localTarget(rule.destination, configFile);
      if (target !== undefined && !this.leadsSomewhere(target))
        broken.push({ index, destination: rule.destination, target });
    });
    this.add(configFile, broken, ({ index, destination, target }) => {
      const keyPath = `redirects[${index}].destination`;
      const message = `"${destination}": ${this.reason(target)}`;
      return { code: 'broken-link', file: configFile, keyPath, message };
    });
  }

  /**
   * Lists the `broken` links of `file` (the first {@link PER_FILE}, as `problem` words them) while the
   * list has room, else only counts them: past the list, no message is made.
   */
  private add<T>(file: string, broken: readonly T[], problem: (link: T) => SiteProblem): void {
    const count = broken.length;
    if (count === 0) return;
    if (this.listed.length >= LISTED_BROKEN_LINKS) {
      this.firstUnlistedFile ??= file;
      this.unlisted += count;
      this.unlistedFiles++;
      return;
    }
    this.listed.push(...broken.slice(0, PER_FILE).map(problem));
    if (count > PER_FILE) {
      const more = count - PER_FILE;
      this.listed.push({
        code: 'broken-link',
        file,
        message: `and ${more.toLocaleString('en-US')} more broken links in this file`,
        count: more,
      });
    }
  }

  /**
   * The broken links listed, then one problem counting those past {@link LISTED_BROKEN_LINKS}; each
   * counting problem has the number of links it stands for as its `count`.
   */
  problems(): SiteProblem[] {
    if (this.firstUnlistedFile === undefined) return [...this.listed];
    const links = this.unlisted.toLocaleString('en-US');
    const files = this.unlistedFiles.toLocaleString('en-US');
    return [
      ...this.listed,
      {
        code: 'broken-link',
        file: this.firstUnlistedFile,
        message: `and ${links} more broken links in ${files} more files, this one and those after it`,
        count: this.unlisted,
      },
    ];
  }
}

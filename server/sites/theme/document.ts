/** Whole HTML documents: a page in the site shell, and the 404 page. */
import { homeUrl } from '../project/entry.js';
import type { DocsConfig, SitePage, SiteModel } from '../project/model.js';
import { markdownToText } from '../render/text.js';
import type { RenderedPage } from '../render/types.js';
import { bannerKey, renderBanner, renderFooter } from './footer.js';
import { emojiImages } from './emoji.js';
import { feedUrlOf, hasFeed } from './feed.js';
import { renderHead } from './head.js';
import { renderHeader } from './header.js';
import { projectFileUrl } from './urls.js';
import { localizeBody } from './bodyLabels.js';
import { bodyText } from './i18n/body.js';
import { cls, esc, inlineMarkdown } from './html.js';
import { htmlLang, uiText, type UiText } from './i18n/index.js';
import { ui } from './icons.js';
import { drawerExtras } from './drawer.js';
import { locatePage, sectionFirstPage, sidebarOrder, type NavLocation } from './navigation.js';
import { languageOfPath, locateDocumentPage } from './equivalent.js';
import { renderPageActions } from './pageActions.js';
import {
  FREE_IDS,
  mintlifyIds,
  withExampleIds,
  type MintlifyIds,
  renderFeedbackWidget,
  renderLastModified,
  renderPageHeader,
  renderPagination,
  renderToc,
} from './page.js';
import { switchers } from './sections.js';
import { renderSidebar } from './sidebar.js';
import { sidebarLinkCount } from './navLists.js';
import { SHARED_NAV_MIN_LINKS, sharedNavKey, sharedNavUrl } from './sharedNav.js';
import type { ExportProfile } from './profile.js';
import type { HeadScript } from './integrations.js';

/** Inputs of {@link renderDocument}. */
export interface DocumentArgs {
  readonly site: SiteModel;
  readonly page: SitePage;
  /** The page body (from `renderPage`, or `renderEndpointPage` for generated endpoint pages). */
  readonly rendered: RenderedPage;
  /** Origin the site is served at (`http://127.0.0.1:4101`), for canonical/og:url when docs.json sets none. */
  readonly origin?: string;
  /** Set when the page is rendered for a static export bundle (the profile's origin wins). */
  readonly profile?: ExportProfile | undefined;
  /** Third-party scripts allowed for the site (setting `allowedScripts`). */
  readonly scripts?: readonly HeadScript[] | undefined;
  /** The script of the page's interactive components (render/DOM.md, "Islands"), when they run. */
  readonly islands?: string | undefined;
  /** The site's utilities stylesheet has rules (absent: whenever the project writes class names). */
  readonly utilities?: boolean | undefined;
  /** The page as Markdown, which its "Copy page" action copies (docs.json `contextual`). */
  readonly markdown?: string | undefined;
}

/** Layouts of frontmatter `mode` (format reference §2). */
type Mode = 'default' | 'wide' | 'custom' | 'center' | 'frame' | 'assistant';

function modeOf(page: SitePage): Mode {
  const m = page.mode;
  return m === 'wide' || m === 'custom' || m === 'center' || m === 'frame' || m === 'assistant' ? m : 'default';
}

/** Banner, navbar and footer after per-language overrides. */
function chrome(
  site: SiteModel,
  location: NavLocation,
): {
  banner: DocsConfig['banner'];
  navbar: DocsConfig['navbar'];
  footer: DocsConfig['footer'];
  lang: string;
  text: UiText;
} {
  const language = location.chain.find((s) => s.division === 'language');
  return {
    banner: language?.banner ?? site.settings.banner,
    navbar: language?.navbar ?? site.settings.navbar,
    footer: language?.footer ?? site.settings.footer,
    lang: htmlLang(language?.label ?? 'en'),
    text: uiText(language?.label),
  };
}

function feedbackOff(site: SiteModel, profile: ExportProfile | undefined): boolean {
  return !site.settings.readerFeedback || profile?.feedbackCollector === null;
}

interface ShellArgs {
  readonly site: SiteModel;
  readonly location: NavLocation;
  readonly current: string | null;
  readonly mode: Mode;
  readonly head: Omit<Parameters<typeof renderHead>[0], 'site' | 'lang' | 'bannerKey' | 'feedbackOff' | 'profile'>;
  readonly profile: ExportProfile | undefined;
  /** The article column content. */
  readonly article: string;
  readonly aside: string;
  /** Mintlify's identifiers the page's own content leaves free, for the shell's parts. */
  readonly ids: MintlifyIds;
}

function shell(args: ShellArgs): string {
  const { site, location, mode } = args;
  const c = chrome(site, location);
  const sw = switchers(site, location, args.current);
  // Custom and center pages have no sidebar beside them; on a phone, where the header hides the tabs and
  // navbar links, the menu button still opens the drawer with them and the section's pages.
  const drawerOnly = mode === 'custom' || mode === 'center';
  const shared =
    sidebarLinkCount(location.sidebar) >= SHARED_NAV_MIN_LINKS
      ? sharedNavKey(location.chain[location.chain.length - 1])
      : undefined;
  const sidebar = renderSidebar({
    site,
    items: location.sidebar,
    switchers: sw,
    current: args.current,
    extra: drawerExtras({ site, switchers: sw, navbar: c.navbar, text: c.text }),
    shared,
    ids: args.ids,
    drawerOnly,
    text: c.text,
  });
  const aside = args.aside
    ? `<aside class="op-aside"${args.ids('content-side-layout')} aria-label="${esc(c.text.onThisPage)}"><div class="op-aside-inner">${args.aside}</div></aside>`
    : '';
  const footer = mode === 'custom' ? '' : renderFooter(site, c.footer, args.ids);
  const banner = renderBanner(c.banner, args.ids, c.text);
  return (
    renderHead({
      ...args.head,
      site,
      lang: c.lang,
      bannerKey: banner && c.banner?.dismissible ? bannerKey(c.banner) : undefined,
      feedbackOff: feedbackOff(site, args.profile),
      profile: args.profile,
      sharedNav: shared === undefined ? undefined : sharedNavUrl(shared),
    }) +
    // Emoji become images in the body only: the head's title and metadata keep the characters.
    emojiImages(
      `<body class="op-body"><a class="op-skip-link" href="#op-content">${esc(c.text.skipToContent)}</a>${banner}` +
        renderHeader({
          site,
          switchers: sw,
          navbar: c.navbar,
          hasSidebar: sidebar !== '',
          ids: args.ids,
          text: c.text,
        }) +
        `<div class="${cls('op-layout', `op-mode-${mode}`, sidebar && !drawerOnly && 'op-has-sidebar', aside && 'op-has-aside')}"${args.ids('body-content')}>${sidebar}` +
        (sidebar ? '<div class="op-backdrop" data-op-nav-close=""></div>' : '') +
        `<main class="op-main" id="op-content"><div class="op-content-wrap"${args.ids('content-container')}>` +
        `<div class="op-column"${args.ids('content-area')}><article class="op-article">${args.article}</article>` +
        `${footer}</div>${aside}</div></main></div></body></html>`,
    )
  );
}

/** The labels of a page's eyebrow: its innermost group's, or with breadcrumbs its groups' from the outermost. */
function eyebrowOf(site: SiteModel, groups: readonly { readonly label: string }[]): string[] {
  const shown = site.settings.eyebrows === 'breadcrumbs' ? groups : groups.slice(-1);
  return shown.map((group) => group.label).filter((label) => label.trim() !== '');
}

/** The page's actions beside its title (docs.json `contextual`). */
function pageActions(site: SiteModel, page: SitePage, args: DocumentArgs, ids: MintlifyIds, text: UiText): string {
  return renderPageActions(site.settings.contextual, {
    markdown: args.markdown,
    url: page.url,
    exported: args.profile !== undefined,
    ids,
    text,
  });
}

/**
 * The classes of the page's content. A custom-mode page has no prose typography on Mintlify ("Custom mode
 * pages have no default typography"): its own elements are styled only by their classes (prose.css).
 */
function proseClass(mode: Mode): string {
  return mode === 'custom' ? 'op-prose op-prose-bare mdx-content' : 'op-prose mdx-content prose';
}

/** The full HTML document of a page: head, banner, header, sidebar, content, TOC, pagination, feedback, footer. */
export function renderDocument(args: DocumentArgs): string {
  const { site, page, rendered } = args;
  const location = locateDocumentPage(site, page);
  const { text: t, lang } = chrome(site, location);
  const mode = modeOf(page);
  const bare = mode === 'custom' || mode === 'frame';
  const examples = /data-op-(example|panel)=/.test(rendered.html);
  // Mintlify's identifiers go on the shell's parts unless the page's content already uses them.
  const ids = mintlifyIds(rendered.html);
  const showToc = mode === 'default' && !examples;
  const pagination =
    bare || page.frontmatter.hideFooterPagination === true
      ? ''
      : renderPagination(site, sidebarOrder(site, location.sidebar), page.path, ids, t);
  const notice =
    mode === 'assistant'
      ? `<div class="op-callout op-callout-info" role="note"><div class="op-callout-content">${esc(t.assistantUnavailable)}</div></div>`
      : '';
  const article =
    (bare
      ? ''
      : renderPageHeader(site, page, eyebrowOf(site, location.groups), pageActions(site, page, args, ids, t), ids, t)) +
    notice +
    // Mintlify's `#content` names the page (`data-page-title`, `data-page-href`): projects' CSS scopes by them.
    `<div class="${proseClass(mode)}"${ids('content')} data-page-title="${esc(page.title)}" data-page-href="${esc(page.url)}" data-op-prose="">` +
    `${withExampleIds(localizeBody(rendered.html, t, bodyText(lang)), ids)}</div>` +
    (bare ? '' : renderLastModified(site, page, t, lang)) +
    (bare || feedbackOff(site, args.profile) ? '' : renderFeedbackWidget(page.url, ids, t)) +
    pagination;
  const aside = showToc
    ? renderToc(rendered.headings, t)
    : mode === 'default' && examples
      ? '<div class="op-examples" data-op-examples=""></div>'
      : '';
  return shell({
    site,
    location,
    current: page.path,
    mode,
    head: {
      title: page.title,
      description: page.description,
      url: page.url,
      origin: args.profile?.origin ?? args.origin,
      frontmatter: page.frontmatter,
      noindex: page.noindex,
      keywords: page.keywords,
      math: rendered.html.includes('class="katex'),
      scripts: args.scripts,
      islands: args.islands,
      utilities: args.utilities,
      feed: hasFeed(page) ? projectFileUrl(feedUrlOf(page.url).slice(1)) : undefined,
    },
    article,
    aside,
    profile: args.profile,
    ids,
  });
}

/**
 * The 404 page (`errors.404.title` / `description` from docs.json), in the shell of the default section;
 * its home link goes to a page that exists ({@link homeUrl}), never back to a 404. Given the URL `path`
 * asked for, a path under a language (`/fr/...`) has that language's shell and text.
 */
export function renderNotFound(
  site: SiteModel,
  profile?: ExportProfile,
  scripts?: readonly HeadScript[],
  path?: string,
): string {
  const language = path === undefined ? undefined : languageOfPath(site, path);
  const location = locatePage(site, (language && sectionFirstPage(language)) ?? null);
  const t = chrome(site, location).text;
  const title = site.settings.notFound.title ?? t.notFoundTitle;
  const description = site.settings.notFound.description ?? t.notFoundDescription;
  // A bundle always has an index.html (the root page or its entry redirect page), even when an export
  // leaves the first navigation page out.
  const home = profile === undefined ? homeUrl(site) : '/';
  const article =
    `<div class="op-not-found"><p class="op-not-found-code">404</p><h1 class="op-page-title">${esc(title)}</h1>` +
    `<p class="op-page-description">${inlineMarkdown(description)}</p><div class="op-not-found-actions">` +
    `<a class="op-button op-button-primary" href="${esc(home)}">${esc(t.goHome)}</a>` +
    `<button type="button" class="op-button op-button-ghost" data-op-search-open="">${ui('search')}<span>${esc(t.searchDocs)}</span></button>` +
    `</div></div>`;
  return shell({
    site,
    location,
    current: null,
    mode: 'default',
    // No project content: none of its class names, no stylesheet of them.
    // The page shows the description's Markdown; its meta tags carry the words (a link's text, not `[..](..)`).
    head: { title, description: markdownToText(description), noindex: true, math: false, scripts, utilities: false },
    article,
    aside: '',
    profile,
    ids: FREE_IDS,
  });
}

/**
 * Third-party integrations of `docs.json` (`integrations.ga4`, `integrations.posthog`, ...) as the
 * scripts a page loads once an administrator allows them (setting `allowedScripts`). Pages run under a
 * CSP without inline scripts, so each integration's start-up code is a generated file served under
 * `/_offprint/integrations/`, and the page's CSP is widened by exactly the origins the provider needs.
 */
import { z } from 'zod';

/** A `<script>` a page loads (always `defer`, so they run in order after parsing). */
export interface HeadScript {
  readonly src: string;
  /** Extra attributes (Plausible's `data-domain`, Fathom's `data-site`). */
  readonly attributes?: Readonly<Record<string, string>>;
}

/** Origins a page's Content-Security-Policy must allow for its allowed scripts. */
export interface ScriptOrigins {
  readonly script: readonly string[];
  readonly connect: readonly string[];
  readonly img: readonly string[];
}

/** What loading one integration takes. */
export interface IntegrationLoader {
  /** Scripts in the order they must run (the generated init file included, by its URL). */
  readonly scripts: readonly HeadScript[];
  /** Body of the generated init file, served at {@link integrationInitUrl}; none when not needed. */
  readonly init?: string;
  readonly origins: ScriptOrigins;
}

/** URL of an integration's generated init file. */
export function integrationInitUrl(name: string): string {
  return `/_offprint/integrations/${name}.js`;
}

const HttpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s"'<>\\]+$/, 'must be an http(s) URL')
  .transform((value) => new URL(value).origin);

const GOOGLE = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

const DATA_LAYER = 'window.dataLayer = window.dataLayer || [];\n';

/** Loaders by integration name: each parses its docs.json config (unknown keys tolerated). */
const LOADERS: Readonly<Record<string, (config: unknown) => IntegrationLoader>> = {
  ga4: (config) => {
    const { measurementId } = z.object({ measurementId: z.string().regex(/^G-[A-Z0-9]{4,20}$/) }).parse(config);
    return {
      scripts: [
        { src: `https://www.googletagmanager.com/gtag/js?id=${measurementId}` },
        { src: integrationInitUrl('ga4') },
      ],
      init:
        DATA_LAYER +
        'window.gtag = function gtag() { window.dataLayer.push(arguments); };\n' +
        `window.gtag('js', new Date());\nwindow.gtag('config', ${JSON.stringify(measurementId)});\n`,
      origins: GOOGLE,
    };
  },
  gtm: (config) => {
    const { tagId } = z.object({ tagId: z.string().regex(/^GTM-[A-Z0-9]{4,20}$/) }).parse(config);
    return {
      scripts: [{ src: integrationInitUrl('gtm') }, { src: `https://www.googletagmanager.com/gtm.js?id=${tagId}` }],
      init: DATA_LAYER + "window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });\n",
      origins: GOOGLE,
    };
  },
  plausible: (config) => {
    const parsed = z
      .object({ domain: z.string().regex(/^[A-Za-z0-9.-]{1,253}$/), server: HttpUrl.optional() })
      .parse(config);
    const server = parsed.server ?? 'https://plausible.io';
    return {
      scripts: [{ src: `${server}/js/script.js`, attributes: { 'data-domain': parsed.domain } }],
      origins: { script: [server], connect: [server], img: [] },
    };
  },
  fathom: (config) => {
    const { siteId } = z.object({ siteId: z.string().regex(/^[A-Z0-9]{4,20}$/) }).parse(config);
    return {
      scripts: [{ src: 'https://cdn.usefathom.com/script.js', attributes: { 'data-site': siteId } }],
      origins: { script: ['https://cdn.usefathom.com'], connect: ['https://cdn.usefathom.com'], img: [] },
    };
  },
  posthog: (config) => {
    const parsed = z
      .object({ apiKey: z.string().regex(/^phc_[A-Za-z0-9]{8,64}$/), apiHost: HttpUrl.optional() })
      .parse(config);
    const host = parsed.apiHost ?? 'https://us.i.posthog.com';
    // PostHog Cloud serves its library from a separate assets host; a self-hosted instance from itself.
    const assets = host === 'https://us.i.posthog.com' ? 'https://us-assets.i.posthog.com' : host;
    return {
      scripts: [{ src: `${assets}/static/array.js` }, { src: integrationInitUrl('posthog') }],
      init: `window.posthog.init(${JSON.stringify(parsed.apiKey)}, { api_host: ${JSON.stringify(host)} });\n`,
      origins: { script: [assets], connect: [host, assets], img: [] },
    };
  },
};

/** Integrations Offprint knows how to load. */
export const SUPPORTED_INTEGRATIONS: readonly string[] = Object.keys(LOADERS).sort();

/**
 * How to load the integration `name` with its docs.json `config`, or the reason it cannot be loaded
 * (an integration Offprint does not support, or a config that is not what the provider expects).
 */
export function integrationLoader(name: string, config: unknown): IntegrationLoader | { readonly reason: string } {
  const loader = Object.hasOwn(LOADERS, name) ? LOADERS[name] : undefined;
  if (loader === undefined) {
    return { reason: `Offprint cannot load this integration (it can load ${SUPPORTED_INTEGRATIONS.join(', ')})` };
  }
  try {
    return loader(config);
  } catch (error) {
    const problems = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) : [];
    return {
      reason: `its docs.json configuration is not valid${problems.length > 0 ? ` (${problems.join('; ')})` : ''}`,
    };
  }
}

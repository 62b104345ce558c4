/**
 * The public feedback endpoints of a site (contract: FEEDBACK-API.md). No key: the defences are the
 * same-origin check for browsers, a small body cap, a per-address rate limit with a site-wide budget
 * on top (addresses are cheap to rotate), and paths that must be pages of the build being served.
 */
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ForbiddenError, MethodNotAllowedError, NotFoundError, ValidationError } from '../../errors.js';
import {
  addVoteDetails,
  AgentFeedbackSchema,
  CodeFeedbackSchema,
  recordAgentFeedback,
  recordCodeFeedback,
  recordVote,
  VoteDetailsSchema,
  VoteSchema,
} from '../../domain/readerFeedback.js';
import { readJsonBody } from '../../http/body.js';
import { clientKey, tooManyRequests, type RateLimiter } from '../../http/rateLimit.js';
import type { SiteModel } from '../project/model.js';
import { hasDotSegment } from '../project/read.js';
import { findPage, parseSitePath } from './paths.js';

/** Largest feedback body, in bytes. */
export const FEEDBACK_BODY_LIMIT = 16 * 1024;

/** The URL paths of the endpoints. */
export const FEEDBACK_PATHS = {
  agent: '/feedback',
  vote: '/_offprint/feedback/vote',
  details: '/_offprint/feedback/details',
  code: '/_offprint/feedback/code',
} as const;

/**
 * Refuses browser requests sent by another origin. `Sec-Fetch-Site` and `Origin` are set by browsers
 * and cannot be forged by a page; a request with neither is not from a browser page (an agent, curl).
 * With `requireBrowser`, one of them must vouch for the site's own origin.
 */
export function checkSameOrigin(ctx: Context, requireBrowser: boolean): void {
  const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
  const origin = ctx.get('Origin');
  const own = `http://${ctx.get('Host')}`.toLowerCase();
  if (fetchSite !== '' && fetchSite !== 'same-origin') {
    throw ForbiddenError('Cross-site requests are not accepted: send feedback from the site itself');
  }
  if (origin !== '' && origin.toLowerCase() !== own) {
    throw ForbiddenError('Requests from another origin are not accepted: send feedback from the site itself');
  }
  if (requireBrowser && fetchSite === '' && origin === '') {
    throw ForbiddenError('This endpoint takes requests from the site pages only (Origin header missing)');
  }
}

function issues(error: z.ZodError): string[] {
  return error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined) throw ValidationError('Invalid feedback', ['body: a JSON object is required']);
  const result = schema.safeParse(body);
  if (!result.success) throw ValidationError('Invalid feedback', issues(result.error));
  return result.data;
}

/** Files `/a/b/`, `/a/b.md`, `/a/b?x#y` under `/a/b`. */
export function normalizeFeedbackPath(path: string): string {
  let out = path.replace(/[?#].*$/s, '');
  if (out.length > 1) out = out.replace(/\/+$/, '');
  if (out.endsWith('.md')) out = out.slice(0, -3);
  if (out === '/index' || out === '') out = '/';
  return out;
}

/**
 * The URL of the page `path` names in `model`, looked up as the site resolves a request (percent-
 * decoding, `index` pages, folder paths); a 400 naming the path when it is no page of the site.
 */
export function feedbackPageUrl(model: SiteModel, path: string): string {
  const site = parseSitePath(normalizeFeedbackPath(path));
  const page = site === null || hasDotSegment(site.segments) ? undefined : findPage(model, site.path);
  if (page === undefined) {
    throw ValidationError('Invalid feedback', [`path: ${path.slice(0, 200)} is not a page of this site`]);
  }
  return page.url;
}

/** What the endpoints need. */
export interface FeedbackContext {
  readonly deps: Deps;
  readonly projectId: string;
  readonly limiter: RateLimiter;
  /** Counts every request to the site's endpoints under one key: the budget of the whole site. */
  readonly siteBudget?: RateLimiter | undefined;
  /** The model of the build being served (for `settings.readerFeedback`). */
  readonly model: () => SiteModel | null;
}

/** True when `ctx` is a request for one of the endpoints (any method). */
export function isFeedbackPath(path: string): boolean {
  return Object.values(FEEDBACK_PATHS).some((p) => p === path) || path.startsWith('/_offprint/feedback/');
}

/** Answers a request to a feedback path. */
export async function handleFeedback(ctx: Context, fc: FeedbackContext): Promise<void> {
  const kind = Object.entries(FEEDBACK_PATHS).find(([, p]) => p === ctx.path)?.[0];
  if (kind === undefined) throw NotFoundError(`No feedback endpoint at ${ctx.path}`);
  if (ctx.method !== 'POST') throw MethodNotAllowedError(['POST'], 'Use POST to send feedback');
  checkSameOrigin(ctx, kind !== 'agent');
  fc.limiter.hit(clientKey(ctx.req.socket.remoteAddress));
  const budget = fc.siteBudget?.record('site');
  if (budget?.retryAfterSeconds !== undefined) {
    throw tooManyRequests(budget.retryAfterSeconds, 'This site has received too much feedback: try again later');
  }
  const model = fc.model();
  if (model === null || !model.settings.readerFeedback) {
    throw NotFoundError('Feedback is turned off for this site', undefined, [
      'the site\u2019s config sets integrations.telemetry.enabled to false, which turns reader feedback off',
    ]);
  }
  const body = await readJsonBody(ctx, FEEDBACK_BODY_LIMIT);
  const { deps, projectId } = fc;
  ctx.set('Cache-Control', 'no-store');
  if (kind === 'vote') {
    const vote = parse(VoteSchema, body);
    ctx.status = 201;
    ctx.body = recordVote(deps, projectId, { ...vote, path: feedbackPageUrl(model, vote.path) });
  } else if (kind === 'details') {
    const details = parse(VoteDetailsSchema, body);
    addVoteDetails(deps, projectId, details);
    ctx.status = 200;
    ctx.body = { id: details.id };
  } else if (kind === 'code') {
    const input = parse(CodeFeedbackSchema, body);
    ctx.status = 201;
    ctx.body = recordCodeFeedback(deps, projectId, { ...input, path: feedbackPageUrl(model, input.path) });
  } else {
    const input = parse(AgentFeedbackSchema, body);
    ctx.status = 201;
    ctx.body = recordAgentFeedback(deps, projectId, { ...input, path: feedbackPageUrl(model, input.path) });
  }
}

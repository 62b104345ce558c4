/**
 * The public feedback endpoints of a site (contract: FEEDBACK-API.md). No key: the defences are the
 * same-origin check for browsers, a small body cap, and a per-address rate limit.
 */
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Deps } from '../../domain/deps.js';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../domain/errors.js';
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
import type { RateLimiter } from '../../http/rateLimit.js';
import type { SiteModel } from '../project/model.js';

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

function feedbackEnabled(model: SiteModel): boolean {
  const telemetry = model.settings.integrations?.['telemetry'];
  return !(typeof telemetry === 'object' && telemetry !== null && telemetry['enabled'] === false);
}

/** What the endpoints need. */
export interface FeedbackContext {
  readonly deps: Deps;
  readonly projectId: string;
  readonly limiter: RateLimiter;
  /** The model of the build being served (for `telemetry.enabled`). */
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
  if (ctx.method !== 'POST') throw new AppError(405, 'Use POST to send feedback', [], { Allow: 'POST' });
  checkSameOrigin(ctx, kind !== 'agent');
  fc.limiter.hit(ctx.req.socket.remoteAddress ?? 'unknown');
  const model = fc.model();
  if (model === null || !feedbackEnabled(model)) throw NotFoundError('Feedback is turned off for this site');
  const body = await readJsonBody(ctx, FEEDBACK_BODY_LIMIT);
  const { deps, projectId } = fc;
  ctx.set('Cache-Control', 'no-store');
  if (kind === 'vote') {
    const vote = parse(VoteSchema, body);
    ctx.status = 201;
    ctx.body = recordVote(deps, projectId, { ...vote, path: normalizeFeedbackPath(vote.path) });
  } else if (kind === 'details') {
    const details = parse(VoteDetailsSchema, body);
    addVoteDetails(deps, projectId, details);
    ctx.status = 200;
    ctx.body = { id: details.id };
  } else if (kind === 'code') {
    const input = parse(CodeFeedbackSchema, body);
    ctx.status = 201;
    ctx.body = recordCodeFeedback(deps, projectId, { ...input, path: normalizeFeedbackPath(input.path) });
  } else {
    const input = parse(AgentFeedbackSchema, body);
    ctx.status = 201;
    ctx.body = recordAgentFeedback(deps, projectId, { ...input, path: normalizeFeedbackPath(input.path) });
  }
}

/**
 * Typed route definitions. A route declares its zod schemas for path parameters, query and body; the
 * handler receives the validated, typed input (never a cast). Every definition is also recorded so the
 * OpenAPI document is generated from exactly the schemas that validate requests.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Principal } from '../domain/apiKeys.js';
import { ValidationError } from '../errors.js';
import { readJsonBody } from './body.js';
import type { Deps } from '../deps.js';
import { requireApiKey, type SessionTokens } from './middleware/auth.js';

/** The body schema of routes that take no JSON body. */
export const NO_BODY = z.undefined();

/** A response a route can give, for the OpenAPI document. */
export interface ResponseSpec {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Defaults to application/json. */
  readonly contentType?: string;
}

/** What a route is: method, path, schemas and documentation. */
export interface RouteSpec<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType> {
  readonly method: 'get' | 'post' | 'patch' | 'delete';
  /** Koa-style path (`/v1/analytics/:projectId/feedback`). */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** An Offprint extension (not in the official API): marked `x-offprint: true` in the OpenAPI document. */
  readonly extension?: boolean;
  /** Whether an admin API key is needed (the default). */
  readonly auth?: boolean;
  readonly params: P;
  readonly query: Q;
  /** The JSON body schema, or {@link NO_BODY}; routes that stream their body also declare `rawBody`. */
  readonly body: B;
  readonly rawBody?: { readonly contentType: string; readonly description: string };
  readonly responses: Readonly<Record<number, ResponseSpec>>;
}

/** The validated input a handler receives. */
export interface RouteInput<P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType> {
  readonly params: z.output<P>;
  readonly query: z.output<Q>;
  readonly body: z.output<B>;
  /** The caller, on routes that need a key. */
  readonly principal: Principal;
}

/** Every route defined so far, for the OpenAPI document. */
export type RouteRegistry = RouteSpec<z.ZodObject, z.ZodObject, z.ZodType>[];

/** Parses the raw query string into single values, reporting parameters given more than once. */
function readQuery(ctx: Context, known: readonly string[]): { values: Record<string, string>; problems: string[] } {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [key, value] of new URLSearchParams(ctx.querystring)) {
    if (!known.includes(key)) continue;
    if (seen.has(key)) {
      if (!problems.some((p) => p.startsWith(`${key}:`))) problems.push(`${key}: must be given at most once`);
      continue;
    }
    seen.add(key);
    values[key] = value;
  }
  return { values, problems };
}

function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
}

/** Defines routes on one router, recording each in the registry. */
export type RouteDefiner = <P extends z.ZodObject, Q extends z.ZodObject, B extends z.ZodType>(
  spec: RouteSpec<P, Q, B>,
  handler: (ctx: Context, input: RouteInput<P, Q, B>) => Promise<void> | void,
) => void;

/** Creates the function routes are defined with: it validates input and authenticates before the handler. */
export function routeDefiner(
  router: Router,
  registry: RouteRegistry,
  deps: Deps,
  sessions?: SessionTokens,
): RouteDefiner {
  return (spec, handler) => {
    registry.push(spec);
    router[spec.method](spec.path, async (ctx) => {
      const principal = spec.auth === false ? { keyId: '', orgId: '' } : requireApiKey(deps, ctx, sessions);
      const rawQuery = readQuery(ctx, Object.keys(spec.query.shape));
      const params = spec.params.safeParse(ctx.params);
      const query = spec.query.safeParse(rawQuery.values);
      const body = spec.body.safeParse(Object.is(spec.body, NO_BODY) ? undefined : await readJsonBody(ctx));
      if (!params.success || !query.success || !body.success || rawQuery.problems.length > 0) {
        const problems = [...rawQuery.problems];
        for (const result of [params, query, body]) if (!result.success) problems.push(...issueMessages(result.error));
        throw ValidationError('Invalid request parameters', problems);
      }
      await handler(ctx, { params: params.data, query: query.data, body: body.data, principal });
    });
  };
}

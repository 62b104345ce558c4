/**
 * Feedback left by readers of a docs site (the widgets) and by AI agents (`POST /feedback`). What is
 * stored here is what `GET /v1/analytics/{projectId}/feedback` returns, at once.
 *
 * A thumbs vote is stored immediately as `thumbs_only`; if the reader then adds a comment or an email,
 * the same entry becomes `contextual`. The widget proves it may do that with an edit token (an HMAC of
 * the entry id), so nobody else can rewrite a reader's entry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { writeTransaction } from '../db/connection.js';
import { insertFeedback, upgradeVoteToContextual, type NewFeedback } from '../db/feedback.js';
import type { Deps } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { ulid } from './ids.js';
import { wellFormedText } from './text.js';

const pagePath = wellFormedText().trim().min(1).max(2048).regex(/^\//, 'must be a site path starting with /');
const comment = wellFormedText().trim().max(5000);
const email = wellFormedText().trim().max(320).pipe(z.email('must be an email address'));

/** A thumbs up/down on a page. */
export const VoteSchema = z.strictObject({ path: pagePath, helpful: z.boolean() });
/** The optional follow-up to a vote: a comment and/or a contact address. */
export const VoteDetailsSchema = z.strictObject({
  id: wellFormedText().min(1).max(64),
  token: wellFormedText().min(1).max(128),
  helpful: z.boolean(),
  comment: comment.optional(),
  contact: email.optional(),
});
/** Feedback on one code block. */
export const CodeFeedbackSchema = z.strictObject({
  path: pagePath,
  code: wellFormedText().min(1).max(100_000),
  filename: wellFormedText().trim().max(512).nullable().optional(),
  lang: wellFormedText().trim().max(64).nullable().optional(),
  comment: comment.min(1, 'must not be empty'),
});
/** What an AI agent sends to `POST /feedback`. */
export const AgentFeedbackSchema = z.object({ path: pagePath, feedback: comment.min(1, 'must not be empty') });

function editToken(deps: Deps, projectId: string, id: string): string {
  return createHmac('sha256', deps.secret).update(`feedback-edit\0${projectId}\0${id}`).digest('base64url');
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The fields a reader's entry may set; everything else starts empty. */
type ReaderEntryFields = Pick<NewFeedback, 'path' | 'source'> &
  Partial<Pick<NewFeedback, 'comment' | 'helpful' | 'code' | 'filename' | 'lang'>>;

/** Stores one new pending entry, stamped now, in its own write transaction; returns its id. */
function insertReaderEntry(deps: Deps, projectId: string, fields: ReaderEntryFields): string {
  const id = ulid(deps.now());
  const row: NewFeedback = {
    id,
    path: fields.path,
    source: fields.source,
    status: 'pending',
    createdAt: deps.now(),
    comment: fields.comment ?? null,
    helpful: fields.helpful ?? null,
    contact: null,
    code: fields.code ?? null,
    filename: fields.filename ?? null,
    lang: fields.lang ?? null,
  };
  writeTransaction(deps.db, () => insertFeedback(deps.db, projectId, row));
  return id;
}

/** Stores a vote; returns the entry id and the token that lets the same reader add details. */
export function recordVote(
  deps: Deps,
  projectId: string,
  vote: z.output<typeof VoteSchema>,
): { id: string; token: string } {
  const id = insertReaderEntry(deps, projectId, { path: vote.path, source: 'thumbs_only', helpful: vote.helpful });
  return { id, token: editToken(deps, projectId, id) };
}

/** Adds a comment/contact to the reader's own vote, turning it into contextual feedback. */
export function addVoteDetails(deps: Deps, projectId: string, details: z.output<typeof VoteDetailsSchema>): void {
  if (!sameToken(details.token, editToken(deps, projectId, details.id))) {
    throw NotFoundError('No vote to update: reload the page and vote again');
  }
  const updated = writeTransaction(deps.db, () =>
    upgradeVoteToContextual(deps.db, projectId, details.id, {
      helpful: details.helpful,
      comment: details.comment === undefined || details.comment === '' ? null : details.comment,
      contact: details.contact ?? null,
    }),
  );
  if (!updated) throw NotFoundError('No vote to update: reload the page and vote again');
}

/** Stores feedback on a code block. */
export function recordCodeFeedback(
  deps: Deps,
  projectId: string,
  input: z.output<typeof CodeFeedbackSchema>,
): { id: string } {
  const id = insertReaderEntry(deps, projectId, {
    path: input.path,
    source: 'code_snippet',
    comment: input.comment,
    code: input.code,
    filename: input.filename ?? null,
    lang: input.lang ?? null,
  });
  return { id };
}

/** Stores an agent's report about a page. */
export function recordAgentFeedback(
  deps: Deps,
  projectId: string,
  input: z.output<typeof AgentFeedbackSchema>,
): { id: string } {
  return { id: insertReaderEntry(deps, projectId, { path: input.path, source: 'agent', comment: input.feedback }) };
}

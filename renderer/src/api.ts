/**
 * The dashboard's API client. It speaks the same `/v1` API as scripts do, with the desktop session token
 * or an admin key the user pasted. Response types come from the server's schemas (type-only imports).
 */
import type { z } from 'zod';
import type { FeedbackByPageSchema, FeedbackPageSchema } from '../../server/routes/analytics/schema.js';
import type { ApiKeyListSchema, CreatedKeySchema, ApiKeySchema } from '../../server/routes/keys/schema.js';
import type { ProjectSchema } from '../../server/routes/projects/router.js';
import type { BundleResponseSchema, ExportJobSchema } from '../../server/routes/exports/schema.js';
import type { DesktopBridge } from '../../main/ipcContract.js';

/** A page of feedback. */
export type FeedbackPage = z.output<typeof FeedbackPageSchema>;
/** One feedback entry. */
export type FeedbackEntry = FeedbackPage['feedback'][number];
/** Per-path counts. */
export type FeedbackByPage = z.output<typeof FeedbackByPageSchema>;
/** A project. */
export type Project = z.output<typeof ProjectSchema>;
/** A static export job. */
export type ExportJob = z.output<typeof ExportJobSchema>;
/** A presigned link to a completed job's bundle. */
export type BundleLink = z.output<typeof BundleResponseSchema>;
/** The deployment kinds an export can be made for. */
export type Deployment = ExportJob['deployment'];
/** An API key as listed. */
export type ApiKey = z.output<typeof ApiKeySchema>;

/** The error body every failed call returns. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: readonly string[],
  ) {
    super(message);
  }
}

declare global {
  interface Window {
    offprintDesktop?: DesktopBridge;
  }
}

const TOKEN_KEY = 'offprint.adminKey';

/** Where the API is and how to authenticate. */
export interface Connection {
  readonly apiUrl: string;
  readonly token: string;
  /** True inside the desktop app (no sign-out). */
  readonly desktop: boolean;
}

/** The desktop app's connection, or the key saved in this browser tab, or null (ask the user). */
export async function initialConnection(): Promise<Connection | null> {
  if (window.offprintDesktop !== undefined) return { ...(await window.offprintDesktop.connection()), desktop: true };
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token === null ? null : { apiUrl: '', token, desktop: false };
}

/** Remembers a pasted key for this tab only. */
export function saveBrowserKey(token: string | null): void {
  if (token === null) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}

/** A client bound to one connection. */
export function apiClient(connection: Connection) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${connection.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${connection.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const error = json as { error?: string; details?: { message: string }[] } | null;
      throw new ApiError(
        res.status,
        error?.error ?? `HTTP ${res.status}`,
        (error?.details ?? []).map((d) => d.message),
      );
    }
    return json as T;
  }
  return {
    projects: () => call<{ projects: Project[] }>('GET', '/v1/projects'),
    feedback: (projectId: string, query: URLSearchParams) =>
      call<FeedbackPage>('GET', `/v1/analytics/${encodeURIComponent(projectId)}/feedback?${query.toString()}`),
    feedbackByPage: (projectId: string, query: URLSearchParams) =>
      call<FeedbackByPage>(
        'GET',
        `/v1/analytics/${encodeURIComponent(projectId)}/feedback/by-page?${query.toString()}`,
      ),
    keys: () => call<z.output<typeof ApiKeyListSchema>>('GET', '/v1/keys'),
    createKey: (name: string) => call<z.output<typeof CreatedKeySchema>>('POST', '/v1/keys', { name }),
    revokeKey: (keyId: string) => call<ApiKey>('DELETE', `/v1/keys/${encodeURIComponent(keyId)}`),
    exportJobs: () => call<{ jobs: ExportJob[] }>('GET', '/v1/static-export/jobs'),
    startExport: (body: { domain: string; deployment: Deployment }) =>
      call<ExportJob>('POST', '/v1/static-export/jobs', body),
    cancelExport: (jobId: string) => call<ExportJob>('DELETE', `/v1/static-export/jobs/${encodeURIComponent(jobId)}`),
    bundleLink: (jobId: string) =>
      call<BundleLink>('POST', `/v1/static-export/jobs/${encodeURIComponent(jobId)}/bundle`),
  };
}

/** The client type pages receive. */
export type ApiClient = ReturnType<typeof apiClient>;

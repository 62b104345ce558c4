/**
 * The dashboard's API client: the same `/v1` API scripts use, with the desktop session token or the admin
 * key the user pasted. One function per call, so pages never build URLs themselves.
 */
import type { z } from 'zod';
import type { StartExportBodySchema } from '../../../server/routes/exports/schema.js';
import type { Connection } from './connection.js';
import { apiErrorOf, OFFLINE } from './errors.js';
import type {
  ApiKey,
  BundleLink,
  BundleRequest,
  CreatedKey,
  ExportJob,
  ExportJobList,
  FeedbackBulk,
  FeedbackBulkResult,
  FeedbackByPage,
  FeedbackHistory,
  FeedbackImportResult,
  FeedbackPage,
  FeedbackPatch,
  FeedbackStats,
  Project,
  ProjectDetail,
  RotatedKey,
  SigningKeys,
  SiteImport,
  VerifyResult,
} from './types.js';
import { uploadWithProgress, type UploadProgress } from './upload.js';

/** Body of a start-export request (the server's schema, before its defaults apply). */
export type StartExport = z.input<typeof StartExportBodySchema>;

/** Body of a create-project request. */
export interface CreateProject {
  readonly name: string;
  readonly domain: string;
}

const id = encodeURIComponent;

/** A client bound to one connection. */
export function apiClient(connection: Connection, onUnauthorized?: () => void) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${connection.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const res = await fetch(`${connection.apiUrl}${path}`, init).catch(() => {
      throw OFFLINE;
    });
    const json: unknown = await res.json().catch(() => null);
    if (res.status === 401) onUnauthorized?.();
    if (!res.ok) throw apiErrorOf(res.status, json);
    // The server's own schemas shaped this body; the types above are derived from them.
    return json as T;
  }
  // A file the server streams as an attachment, fetched with the key (a plain link could not send it).
  async function download(path: string): Promise<{ blob: Blob; filename: string }> {
    const res = await fetch(`${connection.apiUrl}${path}`, {
      headers: { Authorization: `Bearer ${connection.token}` },
    }).catch(() => {
      throw OFFLINE;
    });
    if (!res.ok) throw apiErrorOf(res.status, await res.json().catch(() => null));
    const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '');
    return { blob: await res.blob(), filename: named?.[1] ?? 'download' };
  }
  const upload = <T>(
    path: string,
    file: Blob,
    onProgress: (p: UploadProgress) => void,
    signal?: AbortSignal,
    contentType = 'application/zip',
  ) =>
    uploadWithProgress<T>({
      url: `${connection.apiUrl}${path}`,
      token: connection.token,
      body: file,
      contentType,
      onProgress,
      ...(signal === undefined ? {} : { signal }),
    });
  return {
    projects: () => call<{ projects: Project[] }>('GET', '/v1/projects'),
    project: (projectId: string) => call<ProjectDetail>('GET', `/v1/projects/${id(projectId)}`),
    createProject: (body: CreateProject) => call<Project>('POST', '/v1/projects', body),
    deleteProject: (projectId: string) => call<unknown>('DELETE', `/v1/projects/${id(projectId)}`),
    importSite: (projectId: string, zip: Blob, onProgress: (p: UploadProgress) => void, signal?: AbortSignal) =>
      upload<SiteImport>(`/v1/projects/${id(projectId)}/site`, zip, onProgress, signal),
    feedback: (projectId: string, query: URLSearchParams) =>
      call<FeedbackPage>('GET', `/v1/analytics/${id(projectId)}/feedback?${query.toString()}`),
    feedbackByPage: (projectId: string, query: URLSearchParams) =>
      call<FeedbackByPage>('GET', `/v1/analytics/${id(projectId)}/feedback/by-page?${query.toString()}`),
    feedbackStats: (projectId: string, query: URLSearchParams) =>
      call<FeedbackStats>('GET', `/v1/analytics/${id(projectId)}/feedback/stats?${query.toString()}`),
    feedbackHistory: (projectId: string, feedbackId: string) =>
      call<FeedbackHistory>('GET', `/v1/analytics/${id(projectId)}/feedback/${id(feedbackId)}/history`),
    updateFeedback: (projectId: string, feedbackId: string, patch: FeedbackPatch) =>
      call<FeedbackPage['feedback'][number]>(
        'PATCH',
        `/v1/analytics/${id(projectId)}/feedback/${id(feedbackId)}`,
        patch,
      ),
    bulkFeedback: (projectId: string, body: FeedbackBulk) =>
      call<FeedbackBulkResult>('POST', `/v1/analytics/${id(projectId)}/feedback/bulk`, body),
    downloadFeedback: (projectId: string, query: URLSearchParams) =>
      download(`/v1/analytics/${id(projectId)}/feedback/export?${query.toString()}`),
    importFeedback: (projectId: string, file: Blob, onProgress: (p: UploadProgress) => void) =>
      upload<FeedbackImportResult>(
        `/v1/analytics/${id(projectId)}/feedback/import`,
        file,
        onProgress,
        undefined,
        'application/x-ndjson',
      ),
    keys: () => call<{ keys: ApiKey[] }>('GET', '/v1/keys'),
    createKey: (name: string) => call<CreatedKey>('POST', '/v1/keys', { name }),
    revokeKey: (keyId: string) => call<ApiKey>('DELETE', `/v1/keys/${id(keyId)}`),
    /** One page of jobs, newest first: `limit`, the filters, and `cursor` (the previous page's nextCursor). */
    exportJobs: (query: URLSearchParams) => call<ExportJobList>('GET', `/v1/static-export/jobs?${query.toString()}`),
    exportJob: (jobId: string) => call<ExportJob>('GET', `/v1/static-export/jobs/${id(jobId)}`),
    startExport: (body: StartExport) => call<ExportJob>('POST', '/v1/static-export/jobs', body),
    cancelExport: (jobId: string) => call<ExportJob>('DELETE', `/v1/static-export/jobs/${id(jobId)}`),
    bundleLink: (jobId: string, body?: BundleRequest) =>
      call<BundleLink>('POST', `/v1/static-export/jobs/${id(jobId)}/bundle`, body),
    /** Checks a bundle; with `fingerprint`, its signature must be that key's. */
    verifyBundle: (zip: Blob, onProgress: (p: UploadProgress) => void, fingerprint?: string) =>
      upload<VerifyResult>(
        fingerprint === undefined
          ? '/v1/bundles/verify'
          : `/v1/bundles/verify?${new URLSearchParams({ fingerprint }).toString()}`,
        zip,
        onProgress,
      ),
    signingKeys: () => call<SigningKeys>('GET', '/v1/signing-key'),
    rotateSigningKey: () => call<RotatedKey>('POST', '/v1/signing-key/rotate'),
  };
}

/** The client type pages receive. */
export type ApiClient = ReturnType<typeof apiClient>;

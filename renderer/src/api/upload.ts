/**
 * Uploads with progress. `fetch` reports no upload progress, so large zips go through XMLHttpRequest,
 * whose `upload.onprogress` does; the answer is parsed and its errors shaped as every other call's.
 */
import { ApiError, apiErrorOf, OFFLINE } from './errors.js';

/** Bytes sent so far of the total. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** What one upload needs. */
export interface UploadRequest {
  readonly url: string;
  readonly token: string;
  readonly body: Blob;
  readonly contentType: string;
  readonly onProgress: (progress: UploadProgress) => void;
  /** Aborts the upload when signalled. */
  readonly signal?: AbortSignal;
}

/** POSTs `body` and resolves with the parsed JSON answer; rejects with an ApiError. */
export function uploadWithProgress<T>(request: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    xhr.setRequestHeader('Content-Type', request.contentType);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) =>
      request.onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : request.body.size });
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(apiErrorOf(xhr.status, body));
    };
    xhr.onerror = () => reject(OFFLINE);
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', []));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}

/**
 * HTTP requests through node:http, for tests that must control exactly what goes on the wire: `fetch`
 * rewrites the Host header, folds duplicates and cannot send a request without one.
 */
import { request, type OutgoingHttpHeaders } from 'node:http';

/** A response as it arrived. */
export interface RawResponse {
  readonly status: number;
  /** Header names lowercase; repeated headers joined as node:http does. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** What to send. `headers` as an array of name/value pairs may repeat a name. */
export interface RawRequest {
  readonly port: number;
  readonly method?: string;
  readonly path: string;
  /** Sent exactly as given: no Host header is added unless listed here. */
  readonly headers?: OutgoingHttpHeaders | readonly (readonly [string, string])[];
  readonly body?: string | Buffer;
}

function isPairs(headers: RawRequest['headers']): headers is readonly (readonly [string, string])[] {
  return Array.isArray(headers);
}

/** Sends one request on a fresh connection and reads the whole response. */
export function rawRequest(options: RawRequest): Promise<RawResponse> {
  const given = options.headers ?? {};
  const headers: OutgoingHttpHeaders | string[] = isPairs(given)
    ? given.flatMap(([name, value]) => [name, value])
    : given;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method ?? 'GET',
        path: options.path,
        setHost: false,
        agent: false,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The port of a `http://host:port` URL. */
export function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** Every `Access-Control-*` header of a response (there should be none). */
export function corsHeaders(headers: RawResponse['headers'] | Headers): string[] {
  const names = headers instanceof Headers ? [...headers.keys()] : Object.keys(headers);
  return names.filter((name) => name.toLowerCase().startsWith('access-control-'));
}

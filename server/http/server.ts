/** Listening and closing, kept apart from building the app. */
import { createServer, STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { HostPolicy } from './middleware/hostCheck.js';
import { refusalDetails } from './errorDetails.js';

/** A listening HTTP server. */
export interface RunningServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** `http://HOST:PORT` */
  readonly url: string;
  /** Stops accepting connections, lets in-flight requests finish (up to `graceMs`), then closes. */
  readonly close: (graceMs?: number) => Promise<void>;
}

/** Request limits: slow or oversized requests are cut off. */
export const SERVER_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 5 * 60_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderSize: 16 * 1024,
} as const;

const CLIENT_ERRORS: Readonly<Record<string, { status: number; message: string; detail?: string }>> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: `Request headers are larger than ${SERVER_LIMITS.maxHeaderSize} bytes` },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    message: 'Chunk extensions are too large',
    detail:
      'the extensions of a chunked body may take at most 16 KB (Node.js HTTP parser limit); send the body without them',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};

/**
 * Requests Node refuses before the app sees them (oversized headers, unparsable request lines, timeouts)
 * get the same JSON error body as everything else instead of Node's empty response.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message, detail } = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    message: 'Malformed HTTP request',
  };
  const details = detail === undefined ? refusalDetails(status) : [{ message: detail }];
  const body = JSON.stringify({ error: message, details });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
      body,
  );
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts `app` on `host:port` (port 0 picks a free one) and records the port in `hostPolicy`. */
export async function listen(
  app: Koa,
  options: { host: string; port: number; hostPolicy: HostPolicy },
): Promise<RunningServer> {
  const handle = app.callback();
  const server = createServer(
    {
      maxHeaderSize: SERVER_LIMITS.maxHeaderSize,
      requestTimeout: SERVER_LIMITS.requestTimeoutMs,
      // Node would answer a request without Host with an empty 400; the Host check answers it in JSON.
      requireHostHeader: false,
    },
    (req, res) => void handle(req, res),
  );
  server.on('clientError', answerClientError);
  server.headersTimeout = SERVER_LIMITS.headersTimeoutMs;
  server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  options.hostPolicy.port = port;
  const url = `http://${formatHost(options.host)}:${port}`;
  const close = (graceMs = 5_000): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
  return { server, host: options.host, port, url, close };
}

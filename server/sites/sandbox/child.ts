/**
 * A render sandbox process: renders the pages of one project, whose folder (argv[2]) is the only data it
 * may read. It runs under Node's permission model (no writes, no child processes, workers or addons;
 * reads only of the app's own code and that folder), with NODE_ENV as its whole environment, no code generation
 * from strings, and a heap cap; project code runs in a realm of its own inside it (runtime/guest.ts).
 * The pool (pool.ts) kills it when a page takes too long, and it dies alone when one uses too much memory.
 */
import { highlightBlocks, prepareHighlighter } from '../render/code/highlight.js';
import { renderPage } from '../render/index.js';
import { hasDotSegment, readProjectText, statInside } from '../project/read.js';
import { childRequestSchema, type ChildMessage, type ChildRequest, type RenderRequest } from './protocol.js';

/** The channel to the pool: Node's IPC, or an Electron utility process's parent port. */
interface Port {
  send(message: ChildMessage): void;
  onMessage(listener: (message: unknown) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

function electronPort(proc: NodeJS.Process): ElectronParentPort | null {
  const port: unknown = Reflect.get(proc, 'parentPort');
  if (typeof port !== 'object' || port === null) return null;
  const post: unknown = Reflect.get(port, 'postMessage');
  const on: unknown = Reflect.get(port, 'on');
  if (typeof post !== 'function' || typeof on !== 'function') return null;
  return {
    postMessage: (message) => void Reflect.apply(post, port, [message]),
    on: (event, listener) => void Reflect.apply(on, port, [event, listener]),
  };
}

function openPort(proc: NodeJS.Process): Port {
  const electron = electronPort(proc);
  if (electron !== null) {
    return {
      send: (message) => electron.postMessage(message),
      onMessage: (listener) => electron.on('message', (event) => listener(event.data)),
    };
  }
  const send = proc.send?.bind(proc);
  if (send === undefined) throw new Error('the render sandbox must be started by the render pool');
  // Ends with the server: a sandbox never outlives the process that started it.
  proc.on('disconnect', () => proc.exit(0));
  // Ctrl-C in a terminal signals the whole process group, this child too: the parent decides what it
  // means (an export cancels, serve shuts down) and ends the sandbox itself, instead of seeing it die
  // mid-page and reporting a crash.
  proc.on('SIGINT', () => undefined);
  return { send: (message) => void send(message), onMessage: (listener) => void proc.on('message', listener) };
}

/** Why this runtime cannot be a sandbox, or null when the permission model holds. */
function unsafeRuntime(proc: NodeJS.Process): string | null {
  const permission: unknown = Reflect.get(proc, 'permission');
  if (typeof permission !== 'object' || permission === null) return 'the runtime has no permission model';
  const has: unknown = Reflect.get(permission, 'has');
  if (typeof has !== 'function') return 'the runtime has no permission model';
  for (const scope of ['fs.write', 'child', 'worker']) {
    if (Reflect.apply(has, permission, [scope]) === true) return `the sandbox is allowed ${scope}`;
  }
  return null;
}

/**
 * Takes away what no render needs and escaped code would want: the `process` global and its doors to
 * Node's internals, and the network clients on the global object. Our own code keeps `proc`.
 */
function lockDown(proc: NodeJS.Process): void {
  for (const name of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'mainModule']) {
    Reflect.deleteProperty(proc, name);
  }
  for (const name of ['process', 'fetch', 'WebSocket', 'EventSource']) {
    Reflect.deleteProperty(globalThis, name);
  }
}

async function render(rootDir: string, request: RenderRequest): Promise<ChildMessage> {
  const readFile = (relPath: string): string | null => readProjectText(rootDir, relPath);
  const source = readFile(request.file);
  if (source === null) return { type: 'failed', id: request.id, reason: `${request.file}: the file could not be read` };
  const page = await renderPage({
    source,
    file: request.file,
    readFile,
    fileExists: (relPath) => {
      const segments = relPath.split('/');
      return !hasDotSegment(segments) && statInside(rootDir, segments) !== null;
    },
    variables: request.variables,
    iconLibrary: request.iconLibrary,
    ...(request.packedAssets === undefined ? {} : { packedAssets: request.packedAssets }),
  });
  const html = request.summary === true ? '' : page.html;
  return { type: 'rendered', id: request.id, page: { ...page, html, frontmatter: { ...page.frontmatter } } };
}

function answer(rootDir: string, request: ChildRequest): Promise<ChildMessage> {
  if (request.type === 'render') return render(rootDir, request);
  return highlightBlocks(request.blocks).then((html) => ({ type: 'highlighted', id: request.id, html }));
}

async function main(proc: NodeJS.Process): Promise<void> {
  const port = openPort(proc);
  const rootDir = proc.argv[2];
  const unsafe = rootDir === undefined ? 'no project folder given' : unsafeRuntime(proc);
  if (unsafe !== null || rootDir === undefined) {
    port.send({ type: 'unavailable', reason: unsafe ?? 'no project folder given' });
    return;
  }
  // The highlighter (Shiki and its WASM) starts before the first page asks for it, and before lockdown.
  await prepareHighlighter([]);
  lockDown(proc);
  port.onMessage((raw) => {
    const parsed = childRequestSchema.safeParse(raw);
    if (!parsed.success) return;
    const request = parsed.data;
    answer(rootDir, request).then(
      (message) => port.send(message),
      (error: unknown) =>
        port.send({
          type: 'failed',
          id: request.id,
          reason:
            request.type === 'render' ? 'the renderer failed on this page' : 'the code blocks could not be highlighted',
          detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
  port.send({ type: 'ready', nodeEnv: proc.env['NODE_ENV'] ?? '' });
}

void main(process);

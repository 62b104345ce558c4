/**
 * One sandbox process as the pool drives it: started for one project folder, one page at a time, killed
 * when a page overruns its time. Whatever the process sends is validated (protocol.ts).
 */
import type { RenderedPage } from '../render/types.js';
import type { SandboxChild, SandboxLauncher, SandboxSpawnSpec } from './launcher.js';
import { childMessageSchema, type ChildMessage, type RenderRequest } from './protocol.js';

/** Why a page has no rendered body: shown to the reader in the error box and listed by the import. */
export class SandboxFailure extends Error {
  override readonly name = 'SandboxFailure';

  /** `reason` is for readers and import reports; `detail` (a stack, stderr) only for the log. */
  constructor(
    reason: string,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

interface Pending {
  readonly id: number;
  readonly resolve: (page: RenderedPage) => void;
  readonly reject: (error: SandboxFailure) => void;
  readonly timer: NodeJS.Timeout;
}

/** Timing and memory limits of one worker. */
export interface WorkerLimits {
  readonly pageTimeoutMs: number;
  readonly startTimeoutMs: number;
  readonly memoryMb: number;
}

/** A sandbox process bound to one project folder. */
export class SandboxWorker {
  private readonly child: SandboxChild;
  private pending: Pending | null = null;
  private nextId = 1;
  private alive = true;
  private readyWait: { resolve: () => void; reject: (error: SandboxFailure) => void } | null = null;
  readonly ready: Promise<void>;
  /** When it last finished a page (for idle eviction). */
  lastUsed = Date.now();
  busy = false;

  constructor(
    readonly rootDir: string,
    launch: SandboxLauncher,
    spec: SandboxSpawnSpec,
    private readonly limits: WorkerLimits,
    private readonly onDeath: (worker: SandboxWorker, detail: string) => void,
    private readonly onReady: (worker: SandboxWorker, nodeEnv: string) => void = () => undefined,
  ) {
    this.ready = new Promise<void>((resolve, reject) => (this.readyWait = { resolve, reject }));
    // A start that fails is reported through `ready`; nobody may be waiting yet.
    this.ready.catch(() => undefined);
    const startTimer = setTimeout(() => this.die('the render sandbox did not start in time'), limits.startTimeoutMs);
    this.ready.then(
      () => clearTimeout(startTimer),
      () => clearTimeout(startTimer),
    );
    this.child = launch(spec);
    this.child.onMessage((raw) => this.receive(raw));
    this.child.onExit((code, signal) => this.exited(code, signal));
  }

  get isAlive(): boolean {
    return this.alive;
  }

  /** Renders one page; rejects with a SandboxFailure when the page overran, crashed or blew the heap. */
  async render(request: Omit<RenderRequest, 'type' | 'id'>): Promise<RenderedPage> {
    await this.ready;
    if (!this.alive) throw new SandboxFailure('the render sandbox stopped');
    const id = this.nextId++;
    return new Promise<RenderedPage>((resolve, reject) => {
      const seconds = Math.round(this.limits.pageTimeoutMs / 100) / 10;
      const timer = setTimeout(
        () => this.die(`the page took longer than ${seconds} s to render and was stopped`),
        this.limits.pageTimeoutMs,
      );
      this.pending = { id, resolve, reject, timer };
      this.child.send({ type: 'render', id, ...request });
    });
  }

  /** Ends the process (idle eviction, shutdown). */
  stop(): void {
    this.die('the render sandbox was stopped');
  }

  private receive(raw: unknown): void {
    const parsed = childMessageSchema.safeParse(raw);
    if (!parsed.success) return this.die('the render sandbox sent a malformed message');
    const message: ChildMessage = parsed.data;
    if (message.type === 'ready') {
      this.onReady(this, message.nodeEnv);
      return this.readyWait?.resolve();
    }
    if (message.type === 'unavailable') return this.die(`the render sandbox cannot start: ${message.reason}`);
    const pending = this.pending;
    if (pending === null || pending.id !== message.id) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (message.type === 'rendered') pending.resolve(message.page);
    else pending.reject(new SandboxFailure(message.reason, message.detail));
  }

  private exited(code: number | null, signal: string | null): void {
    if (!this.alive) return;
    // V8 aborts when the heap cap is reached; any other death is a crash of the same page.
    const reason =
      signal === 'SIGABRT' || code === 134
        ? `the page used more memory than the render sandbox allows (${this.limits.memoryMb} MB)`
        : 'the render sandbox crashed while rendering the page';
    this.die(reason, `exit ${code ?? signal ?? '?'}: ${this.child.stderrTail().slice(-600)}`);
  }

  private die(reason: string, detail = ''): void {
    if (!this.alive) return;
    this.alive = false;
    this.child.kill();
    const failure = new SandboxFailure(reason);
    this.readyWait?.reject(failure);
    const pending = this.pending;
    this.pending = null;
    if (pending !== null) {
      clearTimeout(pending.timer);
      pending.reject(failure);
    }
    this.onDeath(this, detail === '' ? reason : `${reason} (${detail})`);
  }
}

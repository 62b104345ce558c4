/** State shared while the navigation tree is built: page lookups, generated pages, usage, problems. */
import type { OpenApiOperation, OpenApiSpec, SiteProblem } from '../model.js';
import { isRemoteSpec, operationPagePath, specFileOf } from '../openapi/operations.js';
import type { PackedAsset } from '../remote.js';

/** How the navigation uses one page. */
export interface PageUsage {
  /** Referenced outside any hidden section/group. */
  visible: boolean;
  /** Referenced inside a hidden section/group marked `searchable: true`. */
  hiddenSearchable: boolean;
  /** Boost inherited from the first group that set one. */
  boost?: number;
}

/** An endpoint page the navigation generates from an operation. */
export interface GeneratedPage {
  readonly path: string;
  readonly operation: OpenApiOperation;
}

/** A spec source attached to a division (`openapi`), normalised. */
export interface SpecSource {
  readonly source: string;
  readonly directory?: string;
}

/** What descendants inherit from their ancestors. */
export interface Inherited {
  readonly specs: readonly SpecSource[];
  readonly hidden: boolean;
  readonly searchable: boolean;
  /** `directory` display mode of groups (`none`, `accordion`, `card`). */
  readonly directory?: string;
  /** URL prefix of generated endpoint pages (`openapi.directory`). */
  readonly apiDirectory?: string;
  readonly boost?: number;
}

/** Mutable state of one navigation build. */
export class NavContext {
  readonly usage = new Map<string, PageUsage>();
  readonly order: string[] = [];
  readonly generated = new Map<string, GeneratedPage>();
  readonly problems: SiteProblem[] = [];
  private readonly generatedByKey = new Map<string, string>();

  constructor(
    readonly configFile: string,
    readonly filePages: ReadonlySet<string>,
    readonly specs: ReadonlyMap<string, OpenApiSpec>,
    readonly unreadableSpecs: ReadonlyMap<string, string>,
    readonly remoteAssets: ReadonlyMap<string, PackedAsset> = new Map(),
  ) {}

  /**
   * The project file a spec source names: the file itself, or for a URL the copy `offprint pack`
   * stored; undefined for a URL that was not packed.
   */
  specFile(source: string): string | undefined {
    if (!isRemoteSpec(source)) return specFileOf(source);
    const packed = this.remoteAssets.get(source.trim());
    return packed?.kind === 'spec' ? packed.path : undefined;
  }

  /** Whether `path` is a page (file or already generated). */
  exists(path: string): boolean {
    return this.filePages.has(path) || this.generated.has(path);
  }

  /** Records that the navigation references `path`. */
  use(path: string, inherited: Inherited): void {
    let usage = this.usage.get(path);
    if (usage === undefined) {
      usage = { visible: false, hiddenSearchable: false };
      this.usage.set(path, usage);
      this.order.push(path);
    }
    if (!inherited.hidden) usage.visible = true;
    else if (inherited.searchable) usage.hiddenSearchable = true;
    if (usage.boost === undefined && inherited.boost !== undefined) usage.boost = inherited.boost;
  }

  /** The page path of the generated page for `op` under `directory`, creating it on first use. */
  generate(op: OpenApiOperation, directory: string | undefined): string {
    const dir = directory ?? 'api-reference';
    const key = `${dir}\n${op.key}`;
    const known = this.generatedByKey.get(key);
    if (known !== undefined) return known;
    const base = operationPagePath(op, dir);
    let path = base;
    if (this.exists(path)) path = `${base}-${op.method}`;
    for (let n = 2; this.exists(path); n++) path = `${base}-${op.method}-${n}`;
    this.generated.set(path, { path, operation: op });
    this.generatedByKey.set(key, path);
    return path;
  }

  problem(code: SiteProblem['code'], keyPath: string, message: string): void {
    this.problems.push({ code, file: this.configFile, keyPath, message });
  }
}

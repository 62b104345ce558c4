/** State shared while the navigation tree is built: page lookups, generated pages, usage, problems. */
import type { OpenApiOperation, OpenApiSpec, SiteProblem } from '../model.js';
import { isPlainSitePath, isRemoteSpec, operationHref, operationPagePath, specFileOf } from '../openapi/operations.js';
import type { PackedAsset } from '../remote.js';

/** Why a spec named by URL and not packed is left out. */
export const REMOTE_SPEC =
  'the spec is a URL, which an offline import cannot fetch; run `offprint pack` on a connected machine';

/** Where endpoint pages go without an `openapi.directory`. */
const DEFAULT_API_DIRECTORY = 'api-reference';

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
  /** Unsafe `openapi.directory` values already reported. */
  private readonly refusedDirectories = new Set<string>();

  constructor(
    readonly configFile: string,
    /** Every (non-ignored) file of the project, to tell a spec file that is missing from one that is no spec. */
    readonly projectFiles: ReadonlySet<string>,
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

  /**
   * The spec a spec source of the config names (`api.openapi`, a division's `openapi`), reporting at
   * `keyPath` why there is none: a URL not packed, a file the project lacks, one that does not parse or
   * is no OpenAPI document. Without the report, pages that inherit a missing spec would fail silently.
   */
  specOf(source: string, keyPath: string): OpenApiSpec | undefined {
    const file = this.specFile(source);
    if (file === undefined) {
      this.problem('remote-spec', keyPath, `${source}: ${REMOTE_SPEC}`);
      return undefined;
    }
    const spec = this.specs.get(file);
    if (spec !== undefined) return spec;
    const unreadable = this.unreadableSpecs.get(file);
    if (unreadable !== undefined) this.problem('invalid-spec', keyPath, `${source}: ${unreadable}`);
    else if (!this.projectFiles.has(file))
      this.problem('missing-spec', keyPath, `${source}: file not found in the project`);
    else this.problem('invalid-spec', keyPath, `${source}: not an OpenAPI document`);
    return undefined;
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
    const dir = this.endpointDirectory(directory);
    const key = `${dir}\n${op.key}`;
    const known = this.generatedByKey.get(key);
    if (known !== undefined) return known;
    const href = operationHref(op);
    // x-mint: href naming a page of the project links that page; a free path becomes the page's own.
    if (href !== undefined && this.filePages.has(href)) {
      this.generatedByKey.set(key, href);
      return href;
    }
    const base = href !== undefined && !this.exists(href) ? href : operationPagePath(op, dir);
    // Mintlify numbers a repeat `-1`, `-2`, ... (endpoint-urls: "Duplicate URLs").
    let path = base;
    for (let n = 1; this.exists(path); n++) path = `${base}-${n}`;
    this.generated.set(path, { path, operation: op });
    this.generatedByKey.set(key, path);
    return path;
  }

  /**
   * Where endpoint pages of `openapi.directory` go: the config's value when it is a plain site path, else
   * the default, reported once. The value becomes page URLs and bundle file names, so `..` must not.
   */
  private endpointDirectory(directory: string | undefined): string {
    const dir = directory?.trim().replace(/^\/+|\/+$/g, '') ?? DEFAULT_API_DIRECTORY;
    if (dir === '' || isPlainSitePath(dir)) return dir;
    if (directory !== undefined && !this.refusedDirectories.has(directory)) {
      this.refusedDirectories.add(directory);
      this.problem(
        'invalid-config',
        'openapi.directory',
        `openapi directory ${JSON.stringify(directory)}: not a plain site path (segments of letters, digits and -_.~, none starting with a dot); its endpoint pages are under /${DEFAULT_API_DIRECTORY}`,
      );
    }
    return DEFAULT_API_DIRECTORY;
  }

  problem(code: SiteProblem['code'], keyPath: string, message: string): void {
    this.problems.push({ code, file: this.configFile, keyPath, message });
  }
}

/**
 * Bounds on how much of a spec one endpoint page lists. Schemas that nest widely multiply with every
 * level: a repository with its owner, organization, parent and template repository, each nesting more,
 * is listed again inside each of them down to the depth limit. A generated spec whose models hold three
 * references each listed 39,000 field rows (11.5 MB of HTML, 5 s to build) for one response, and a 14,000-line
 * example; an import of 3,000 such pages did not finish in 14 minutes.
 *
 * So a section (a location's parameters, the body, one response) lists schemas in full up to
 * {@link FREE_ROWS} rows, as before; past them, a named schema the section has listed already is not listed
 * again (its row links to where it is), and past {@link MAX_ROWS} nothing nests further. An example is
 * bounded the same way, by values. Ordinary specs never get there, and every schema of the section is
 * still listed at least once.
 */

/** Field rows a section lists in full (every nested schema, down to the depth limit). */
export const FREE_ROWS = 400;
/** Field rows past which a section nests nothing more, whatever the spec. */
export const MAX_ROWS = 1_500;
/** Values an example builds in full. */
export const FREE_VALUES = 300;
/** Values past which an example nests nothing more. */
export const MAX_VALUES = 1_200;

/** Whether nested fields are listed here, listed already (where: a row id, when that row has one), or not at all. */
export type Nesting = { readonly list: true } | { readonly list: false; readonly listedAt: string | null } | null;

/** What one section, or one example, has listed so far. */
export class Listing {
  private count = 0;
  /** Named schemas (`$ref`s) listed, and the id of the row listing them (null: that row has none). */
  private readonly listed = new Map<string, string | null>();

  constructor(
    private readonly free: number,
    private readonly max: number,
  ) {}

  /** A listing of field rows. */
  static ofRows(): Listing {
    return new Listing(FREE_ROWS, MAX_ROWS);
  }

  /** A listing of example values. */
  static ofValues(): Listing {
    return new Listing(FREE_VALUES, MAX_VALUES);
  }

  /** Counts a row (or a value). */
  add(): void {
    this.count += 1;
  }

  /**
   * Whether the fields of the schema at `ref` (undefined: written inline) are listed where the section is
   * now: `{list: true}`; `{list: false, listedAt}` when the section listed them already and is past its free
   * rows; null past its last row.
   */
  nest(ref: string | undefined): Nesting {
    if (this.count >= this.max) return null;
    const listedAt = ref === undefined ? undefined : this.listed.get(ref);
    return listedAt !== undefined && this.count >= this.free ? { list: false, listedAt } : { list: true };
  }

  /** The fields of the schema at `ref` are listed under the row `rowId` (the first place counts). */
  listedAt(ref: string | undefined, rowId: string | null): void {
    if (ref !== undefined && !this.listed.has(ref)) this.listed.set(ref, rowId);
  }
}

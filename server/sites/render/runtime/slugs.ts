/**
 * Anchor ids as Mintlify makes them, free of React so the theme's endpoint pages (and any module the
 * CLI loads at start) can use them without loading the renderer: the server process never loads React.
 */
import { slug as githubSlug } from 'github-slugger';

/**
 * ASCII punctuation Mintlify drops from an id. Kept: `&`, `/`, `@`, `+`, `_` and `-` (and `.` and `'`,
 * rewritten before this applies); every non-ASCII character is kept too (accented and CJK letters,
 * full-width punctuation such as `：` or `（`), so only this list goes.
 */
const DROPPED = /[!"#$%()*,:;<=>?[\\\]^`{|}~]/g;

/**
 * Mintlify's anchor id of a heading or titled component, which is not GitHub's: letters lower-cased,
 * whitespace and `.` become `-`, a straight apostrophe becomes `’` and stays, `&` `/` `@` `_` stay,
 * other ASCII punctuation goes, runs of `-` become one and none is left at either end. So
 * "Fees & billing" is `fees-&-billing`, "What's next?" is `what’s-next`, "1. Setup" is `1-setup`.
 * Authors link to these ids (and Mintlify checks links against them), so they must be the same.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/'/g, '’')
    .replace(/[.\s]+/g, '-')
    .replace(DROPPED, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The id GitHub (github-slugger) gives `text`: where authors wrote links for a GitHub-rendered copy
 * of their docs (or by habit), the page still takes a link to it to its heading (an alias, not an id).
 */
export function githubSlugOf(text: string): string {
  return githubSlug(text.trim());
}

/**
 * Page-unique ids the way Mintlify numbers repeats: the first keeps its id, the next `-2`, then `-3`
 * (page-wide, headings inside components included), skipping any id already taken on the page.
 */
export class PageIds {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const id of reserved) this.taken.add(id);
  }

  /** `base`, or its first free numbered form, now taken. */
  unique(base: string): string {
    let id = base;
    for (let n = 2; this.taken.has(id); n++) id = `${base}-${n}`;
    this.taken.add(id);
    return id;
  }

  /** Marks an id written by the author (`{#id}`, `id="..."`) as taken, so no derived id repeats it. */
  reserve(id: string): void {
    this.taken.add(id);
  }
}

/**
 * Mintlify's id of a ParamField / ResponseField: `param-` and the name in kebab case (`userId`,
 * `user_id` and `USER_ID` all give `param-user-id`; `body.id` gives `param-body-id`), as the field
 * links on Mintlify sites show (`<ResponseField name="iconType">` is `#param-icon-type`).
 */
export function fieldSlug(name: string): string {
  return `param-${kebabName(name)}`;
}

/**
 * A field name in kebab case, as Mintlify writes it in field anchors (`redirectTo` -> `redirect-to`,
 * `USER_ID` -> `user-id`); shared by MDX fields and the generated endpoint pages' rows.
 */
export function kebabName(name: string): string {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1-$2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1-$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Anchor ids as Mintlify makes them, free of React so the theme's endpoint pages (and any module the
 * CLI loads at start) can use them without loading the renderer: the server process never loads React.
 */
import { slug as githubSlug } from 'github-slugger';

/**
 * Mintlify's anchor id of a heading or titled component: GitHub's slug (github-slugger: lower-case,
 * punctuation and symbols dropped, letters and digits of any script kept, each space becomes `-`), so
 * "1. Connect to a warehouse" is `1-connect-to-a-warehouse`, as the links authors write expect.
 */
export function slugify(text: string): string {
  return githubSlug(text.trim());
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

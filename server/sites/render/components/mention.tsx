/** `<Mention page>` and `<Mention user>`: Mintlify's inline mentions of a page or a teammate. */
import type { ReactNode } from 'react';
import { useRenderState } from '../runtime/state.js';
import { linkProps } from './layout.js';
import { str, type MdxProps } from './util.js';

/**
 * A page's name from its path, as the site names a page without a title (`/guides/getting-started`
 * -> "Getting started"); the renderer never sees other pages' titles.
 */
function nameOfPage(path: string): string {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  const words = (clean.split('/').pop() ?? '').replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * `<Mention page="/quickstart" />` is a link to the page, as on Mintlify's published sites;
 * `<Mention user="a@b.c" />` shows "@a": Mintlify shows the teammate's display name, which only its
 * dashboard knows, and never their email address.
 */
export function Mention(props: MdxProps): ReactNode {
  const state = useRenderState();
  const page = str(props['page']);
  if (page !== undefined) {
    return (
      <a className="op-mention op-mention-page" data-op-mention-page="" {...linkProps(state, page)}>
        {nameOfPage(page) || page}
      </a>
    );
  }
  const user = str(props['user'])?.split('@')[0]?.trim();
  return user ? <span className="op-mention op-mention-user">@{user}</span> : null;
}

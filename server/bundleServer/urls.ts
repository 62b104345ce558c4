/** URLs as the bundle server shows and keys them: a signed link's query is its credential, never logged. */

/**
 * `url` without its query and fragment: how logs name a bundle link (the signature stays secret) and how
 * the cache recognises the same bundle behind a fresh or expired signature.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin === 'null' ? `${parsed.protocol}//` : parsed.origin}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

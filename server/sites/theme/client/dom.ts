/** Small DOM helpers shared by the client modules. */

/** All elements matching `selector` under `root`. */
export function all<T extends Element = HTMLElement>(selector: string, root: ParentNode = document): T[] {
  return Array.from(root.querySelectorAll<T>(selector));
}

/** localStorage read that never throws (storage may be disabled). */
export function load(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** localStorage write that never throws. */
export function save(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the preference just does not persist.
  }
}

/** A JSON POST to the site's own origin; resolves to the parsed body or rejects with a readable message. */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = data as { error?: unknown; details?: { message?: unknown }[] } | null;
    const detail = err?.details?.[0]?.message;
    const message = typeof err?.error === 'string' ? err.error : `Request failed (${response.status})`;
    throw new Error(typeof detail === 'string' ? `${message}: ${detail}` : message);
  }
  return data as T;
}

/** The page path feedback is filed under (the URL path of the document). */
export function pagePath(): string {
  const widget = document.querySelector<HTMLElement>('[data-op-feedback]');
  return widget?.dataset['path'] ?? window.location.pathname;
}

/** Creates an element with a class and optional text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

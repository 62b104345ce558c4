/** Copy buttons: code blocks, prompts, colour swatches and the page's "Copy page" action. */
import { all } from './dom.js';
import { text } from './text.js';

/** Copies text with the async clipboard API, falling back to a hidden textarea + execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the legacy path.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'op-offscreen';
  document.body.append(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** The code of a block as the reader sees it (no line numbers, no diff markers). */
export function codeOf(block: Element): string {
  const lines = all<HTMLElement>('.line', block);
  if (lines.length > 0) return lines.map((l) => l.textContent ?? '').join('\n');
  return block.querySelector('pre')?.textContent ?? '';
}

/**
 * `el.innerText` with content emoji images (theme/emoji.ts) read as their characters: innerText skips
 * images, so each is swapped for its alt text while the text is read, then put back.
 */
function textWithEmoji(el: HTMLElement): string {
  const swaps = all<HTMLImageElement>('img.op-emoji', el).map((img) => {
    const text = document.createTextNode(img.alt);
    img.replaceWith(text);
    return { img, text };
  });
  const out = el.innerText;
  for (const { img, text } of swaps) text.replaceWith(img);
  return out;
}

function flash(button: HTMLElement, ok: boolean): void {
  button.dataset['copied'] = ok ? 'true' : 'false';
  const label = button.getAttribute('aria-label');
  button.setAttribute('aria-label', ok ? text().copied : text().copyFailed);
  window.setTimeout(() => {
    delete button.dataset['copied'];
    if (label !== null) button.setAttribute('aria-label', label);
  }, 2000);
}

function textFor(button: HTMLElement): string | null {
  if (button.matches('[data-op-copy]')) {
    const block = button.closest('[data-op-code]');
    return block ? codeOf(block) : null;
  }
  if (button.matches('[data-op-copy-prompt]')) {
    const prompt = button.closest<HTMLElement>('[data-op-prompt]');
    // The prompt as its author wrote it, Markdown and all (render/compile/promptSource.ts).
    const written = prompt?.dataset['opPromptText'];
    if (written !== undefined) return written;
    const body = prompt?.querySelector<HTMLElement>('.op-prompt-body');
    return body ? textWithEmoji(body).trim() : null;
  }
  if (button.matches('[data-op-copy-page]')) {
    // The page's Markdown travels in the page (theme/pageActions.ts): a bundle opened from disk cannot fetch.
    return document.querySelector<HTMLTemplateElement>('template#op-page-markdown')?.content.textContent ?? null;
  }
  return button.dataset['opCopyValue'] ?? null;
}

/** Wires every copy button (delegated, so blocks added later work too). */
export function initCopy(): void {
  // The shell writes these labels in the page's language (bodyLabels.ts); blocks it did not write get them here.
  const { copy, copyCode } = text();
  all<HTMLElement>('[data-op-copy]').forEach((button) => {
    button.title = copy;
    button.setAttribute('aria-label', copyCode);
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>(
      '[data-op-copy], [data-op-copy-prompt], [data-op-copy-value], [data-op-copy-page]',
    );
    if (!button) return;
    const value = textFor(button);
    if (value === null) return;
    // A page action chosen from its menu: the menu closes, and its button says it copied.
    const menu = button.closest('details');
    const isPageAction = button.matches('[data-op-copy-page]');
    const shown = isPageAction
      ? (menu?.parentElement?.querySelector<HTMLElement>('.op-page-action-main[data-op-copy-page]') ?? button)
      : button;
    if (menu !== null && isPageAction) menu.open = false;
    void copyText(value).then((ok) => flash(shown, ok));
  });
}

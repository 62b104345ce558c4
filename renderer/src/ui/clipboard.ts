/**
 * Copies text. `navigator.clipboard` exists only in secure contexts (https, localhost); a dashboard opened
 * over plain http on a LAN address has none, so a hidden textarea and `execCommand('copy')` stand in.
 */

/** Copies `text`; resolves true when it reached the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard !== undefined) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused (an unfocused window, say): the fallback below may still work.
    }
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'offscreen';
  document.body.append(area);
  const focused = document.activeElement;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } finally {
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
  return copied;
}

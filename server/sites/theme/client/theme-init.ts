/**
 * Runs in <head> before first paint (a blocking external script: pages allow no inline script): applies
 * the reader's stored light/dark choice or the site default, and hides a banner already dismissed.
 */
(() => {
  // A static export's capture keeps the server's markup; the reader's choice applies when the bundle is read.
  if ((window as unknown as { __offprintCapture?: boolean }).__offprintCapture === true) return;
  const root = document.documentElement;
  let stored: string | null = null;
  let dismissed: string | null = null;
  try {
    if (root.dataset['strict'] !== 'true') stored = window.localStorage.getItem('op-theme');
    dismissed = window.localStorage.getItem('op-banner-dismissed');
  } catch {
    // Storage disabled: site defaults apply.
  }
  let mode = stored === 'dark' || stored === 'light' ? stored : root.dataset['appearance'];
  if (mode !== 'dark' && mode !== 'light') {
    mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
  if (root.dataset['banner'] && dismissed === root.dataset['banner']) root.classList.add('op-banner-hidden');
  root.classList.add('op-js');
})();
export {};

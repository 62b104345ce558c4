/**
 * verify.html's flow, as page source: load manifest.js (a plain script, which works from file:// where
 * fetch does not), check its signature at once, then find a way to read the files: served over HTTP(S),
 * one fetch tells whether the page may read files itself; from file:// (where Chromium refuses fetch
 * and XHR outright) or when that fetch fails, the reader chooses or drops the bundle's folder. Typing a fingerprint redraws the verdict without reading files again;
 * "Verify" reads everything again.
 */
export const FLOW_JS = String.raw`
const state = { data: null, signature: null, files: null, source: null, running: false };
let lastStatus = 0;

function setStatus(text, force) {
  const now = Date.now();
  if (!force && now - lastStatus < 400) return;
  lastStatus = now;
  byId('status-text').textContent = text;
}

function loadManifest() {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = 'manifest.js';
    script.onload = () => resolve(window.__offprintManifest || null);
    script.onerror = () => resolve(null);
    document.head.append(script);
  });
}

async function canFetch() {
  // Chromium never lets a file:// page fetch files (a failed probe would only log errors): ask at once.
  if (location.protocol === 'file:') return false;
  try {
    const response = await fetch('manifest.js', { cache: 'no-store', credentials: 'same-origin' });
    await response.arrayBuffer();
    return true;
  } catch (error) {
    return false; // file:// (Chromium refuses to fetch files): the reader chooses the folder instead
  }
}

async function checkAll() {
  if (state.running) return;
  state.running = true;
  state.files = null;
  delete document.documentElement.dataset.verdict;
  byId('verify').disabled = true;
  renderReceipt(state, false);
  try {
    state.signature = await checkSignature(state.data);
    const named = state.signature.manifest && state.signature.manifest.signing;
    byId('fp-named').textContent = state.signature.fingerprint || (named && named.fingerprint) || 'no key';
    if (!state.signature.manifest) {
      setStatus('', true);
      renderReceipt(state, true);
      return;
    }
    if (!state.source) {
      const s = state.signature;
      setStatus(s.error
        ? 'This bundle cannot be verified: ' + s.error + '. Choose its folder to see which files differ.'
        : 'The signature is valid. Choose the bundle folder to check its ' + plural(s.manifest.files ? s.manifest.files.length : 0, 'file', 'files') + '.', true);
      renderReceipt(state, false);
      return;
    }
    const manifest = state.signature.manifest || {};
    const total = Array.isArray(manifest.files) ? manifest.files.length : 0;
    if (state.source.fatal) {
      const problem = { path: state.source.root, kind: 'zip', detail: state.source.fatal };
      state.files = { listed: total, matched: 0, checkedBytes: 0, problems: [problem], ignored: null };
      renderReceipt(state, true);
      return;
    }
    const totalBytes = (Array.isArray(manifest.files) ? manifest.files : []).reduce((n, f) => n + (Number(f && f.size) || 0), 0);
    const bar = byId('progress');
    bar.hidden = false;
    bar.max = Math.max(totalBytes, 1);
    setStatus('Checking ' + plural(total, 'file', 'files') + '\u2026', true);
    state.files = await checkFiles(state.source, state.data, manifest, (done, bytes) => {
      bar.value = bytes;
      setStatus('Checked ' + count(done) + ' of ' + plural(total, 'file', 'files') + ' (' + formatSize(bytes) + ' of ' + formatSize(totalBytes) + ')');
    });
    bar.hidden = true;
    setStatus('', true);
    renderReceipt(state, true);
  } finally {
    state.running = false;
    byId('verify').disabled = false;
  }
}

function useFolder(entries) {
  if (entries.length === 0 || state.running) return;
  state.source = listedSource('folder', null, entries);
  checkAll();
}

async function useZip(file) {
  if (state.running) return;
  try {
    state.source = listedSource('zip', file.name, await zipEntries(file));
  } catch (error) {
    state.source = { kind: 'zip', root: file.name, fatal: String(error && error.message ? error.message : error) };
  }
  checkAll();
}

async function droppedEntries(items) {
  const roots = [...items].map((item) => (item.webkitGetAsEntry ? item.webkitGetAsEntry() : null)).filter(Boolean);
  const out = [];
  const walk = async (entry) => {
    if (entry.isFile) {
      out.push({ path: entry.fullPath.replace(/^\//, ''), file: await new Promise((ok, fail) => entry.file(ok, fail)) });
      return;
    }
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) return;
      for (const child of batch) await walk(child);
    }
  };
  for (const root of roots) await walk(root);
  return out;
}

function wireFolderPicker() {
  byId('pick').hidden = false;
  const input = byId('folder');
  input.onchange = () => useFolder([...input.files].map((file) => ({ path: file.webkitRelativePath || file.name, file })));
  const zip = byId('zip');
  zip.onchange = () => zip.files[0] && useZip(zip.files[0]);
  const zone = byId('drop');
  zone.ondragover = (event) => {
    event.preventDefault();
    zone.classList.add('over');
  };
  zone.ondragleave = () => zone.classList.remove('over');
  zone.ondrop = (event) => {
    event.preventDefault();
    zone.classList.remove('over');
    const files = [...event.dataTransfer.files];
    if (files.length === 1 && /\.zip$/i.test(files[0].name)) return void useZip(files[0]);
    droppedEntries(event.dataTransfer.items).then(useFolder, (error) => setStatus('The dropped folder could not be read: ' + error, true));
  };
}

async function start() {
  byId('fp-form').onsubmit = (event) => {
    event.preventDefault();
    if (state.source || state.signature === null) checkAll();
    else {
      renderReceipt(state, true);
      byId('folder').focus();
    }
  };
  byId('fp').oninput = () => {
    if (!state.running) renderReceipt(state, false);
  };
  setStatus('Loading the signed manifest\u2026', true);
  state.data = await loadManifest();
  if (await canFetch()) state.source = httpSource();
  else wireFolderPicker();
  await checkAll();
}

start().catch((error) => setStatus('The check stopped: ' + (error && error.message ? error.message : error), true));
`;

/**
 * verify.html's receipt, as page source: the verdict (signature, the fingerprint typed or only the one
 * the bundle names, then the files) and the facts a reader wants on record: who signed and when, what
 * made the bundle, how many files and bytes matched, the zero-egress proof, and every mismatch by file.
 * Everything read from the bundle goes in as text (textContent), never as markup.
 */
export const RECEIPT_JS = String.raw`
const byId = (id) => document.getElementById(id);
function node(tag, text, className) {
  const element = document.createElement(tag);
  if (text !== undefined && text !== null) element.textContent = text;
  if (className) element.className = className;
  return element;
}
const count = (n) => Number(n).toLocaleString('en-US');
function formatSize(bytes) {
  if (bytes < 1000) return count(bytes) + ' B';
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000, unit = 0;
  for (; value >= 1000 && unit < units.length - 1; unit++) value /= 1000;
  return value.toFixed(1) + ' ' + units[unit];
}
function formatTime(iso) {
  if (typeof iso !== 'string' || iso === '') return 'not recorded';
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(\.\d+)?Z$/.exec(iso);
  return m ? m[1] + ' ' + m[2] + ' UTC' : iso;
}
const plural = (n, one, many) => count(n) + ' ' + (n === 1 ? one : many);

function describeProblem(p) {
  switch (p.kind) {
    case 'missing': return 'is missing';
    case 'size':
      return p.found < p.listed
        ? 'is cut short: ' + count(p.found) + ' of its ' + count(p.listed) + ' bytes'
        : 'is larger than signed: ' + count(p.found) + ' bytes instead of ' + count(p.listed);
    case 'changed': return 'was changed: its SHA-256 differs from the signed one';
    case 'extra': return 'is not part of the signed bundle (an extra file)';
    case 'carrier': return 'differs from the copy in manifest.js, which this page checks';
    case 'entry': return p.detail;
    case 'zip': return 'cannot be read as a zip: ' + p.detail;
    default: return 'could not be read: ' + p.detail;
  }
}

/** The verdict: { ok, reason } (reason null when verified), or null while files are unchecked. */
function currentVerdict(state) {
  const s = state.signature;
  if (!s) return null;
  if (s.error) return { ok: false, reason: s.error };
  const typed = byId('fp').value.trim();
  if (typed !== '' && !/^[A-Z2-7]{16}$/.test(normalizeFingerprint(typed))) {
    return { ok: false, reason: 'what you typed (' + typed + ') is not a whole fingerprint: 16 letters and digits 2 to 7, like ' + s.fingerprint.replace(/[A-Z2-7]/g, 'X') };
  }
  if (typed !== '' && normalizeFingerprint(typed) !== normalizeFingerprint(s.fingerprint)) {
    return { ok: false, reason: 'signed by ' + s.fingerprint + ', not by the key you typed (' + typed + ')' };
  }
  const f = state.files;
  if (!f) return null;
  if (f.problems.length > 0) {
    const first = f.problems[0];
    const more = f.problems.length - 1;
    return { ok: false, reason: first.path + ' ' + describeProblem(first) + (more > 0 ? ' (and ' + plural(more, 'more problem', 'more problems') + ' below)' : '') };
  }
  if (f.listed === 0) return { ok: false, reason: 'the manifest lists no files' };
  return { ok: true, reason: null };
}

/** What the signature was checked against, as text parts (a fingerprint in its own unbroken code span). */
function keyNote(state) {
  const s = state.signature;
  if (s && s.error && s.manifest) return ['The details below come from a manifest whose signature does not check: do not trust them.'];
  if (!s || !s.fingerprint || s.error) return [];
  const fp = node('code', s.fingerprint, 'fp');
  const typed = byId('fp').value.trim();
  if (typed === '') {
    return ['Checked only against the key the bundle names itself (', fp, '), not one you typed. ' +
      'Anyone can sign a bundle with a key of their own: compare this fingerprint with the one your publisher gave you, or type it above.'];
  }
  return normalizeFingerprint(typed) === normalizeFingerprint(s.fingerprint)
    ? ['Checked against the fingerprint you typed: the signing key is ', fp, '.']
    : [];
}

function egressSummary(proof) {
  if (!proof || typeof proof !== 'object') return 'not recorded in this bundle';
  const modes = Array.isArray(proof.modes) ? proof.modes.join(' and ') : '';
  const kinds = Object.entries(proof.requests && typeof proof.requests === 'object' ? proof.requests : {})
    .filter((kv) => Number(kv[1]) > 0)
    .map((kv) => kv[0] + ' ' + count(kv[1]));
  const blocked = Number(proof.blocked) || 0;
  return plural(Number(proof.pagesChecked) || 0, 'page', 'pages') + ' opened' + (modes ? ' (' + modes + ')' : '') +
    ' with every request outside the bundle blocked: ' +
    (blocked === 0 ? 'none was made' : plural(blocked, 'request', 'requests') + ' blocked (' + kinds.join(', ') + ')');
}

function addFact(list, label, value) {
  const row = node('div');
  row.append(node('dt', label), value instanceof Node ? value : node('dd', value));
  list.append(row);
}

function factList(state) {
  const list = node('dl', null, 'facts');
  const s = state.signature || {};
  const m = s.manifest || {};
  const f = state.files;
  const named = s.fingerprint || (m.signing && m.signing.fingerprint) || 'none';
  addFact(list, s.error ? 'Key named' : 'Signed by', node('dd', named, 'mono'));
  addFact(list, 'Exported', formatTime(m.createdAt));
  if (m.site && typeof m.site === 'object') addFact(list, 'Site', (m.site.name || '') + (m.site.domain ? ' (' + m.site.domain + ')' : ''));
  addFact(list, 'Made with', 'Offprint ' + (m.offprintVersion || 'unknown') + ', ' + (m.chromiumVersion || 'Chromium version not recorded'));
  if (f) {
    addFact(list, 'Files checked', count(f.matched) + ' of ' + plural(f.listed, 'file', 'files') + ' match (' + formatSize(f.checkedBytes) + ')');
    const chosen = state.source.kind === 'zip' ? 'the zip you chose' : 'the folder you chose';
    addFact(list, 'Read from', state.source.kind === 'http'
      ? 'the web server this page came from (extra files cannot be listed over HTTP)'
      : chosen + (state.source.root ? ' (' + state.source.root + ')' : '') +
        (f.ignored ? '; ' + plural(f.ignored, 'system file', 'system files') + ' (like .DS_Store) ignored' : ''));
  }
  const hashes = f ? '; file hashes: ' + (subtleCrypto() ? 'WebCrypto' : 'built-in JavaScript') : '';
  addFact(list, 'Cryptography', 'signature: ' + (s.engine || 'not checked') + hashes);
  addFact(list, 'Zero-egress proof', egressSummary(m.egressProof));
  return list;
}

/** Appends a heading and a list of the entries (when they are a non-empty array), each item drawn by draw. */
function appendList(wrap, title, entries, draw) {
  if (!Array.isArray(entries) || entries.length === 0) return;
  const list = node('ul');
  for (const x of entries) {
    const item = node('li');
    draw(item, x);
    list.append(item);
  }
  wrap.append(node('h3', title), list);
}

function problemList(state) {
  const wrap = node('div', null, 'problems');
  const problems = state.files ? state.files.problems : [];
  appendList(wrap, plural(problems.length, 'problem', 'problems'), problems, (item, p) =>
    item.append(node('code', p.path), ' ' + describeProblem(p)),
  );
  const m = state.signature && state.signature.manifest;
  const proof = m && m.egressProof ? m.egressProof : {};
  appendList(wrap, 'Egress warnings recorded at export (these requests were blocked)', proof.failures, (item, x) =>
    item.append(node('code', String(x.page)), ' requested ' + String(x.url) + ' (' + String(x.kind) + ')'),
  );
  appendList(wrap, 'Page errors recorded at export (inside the bundle)', proof.pageErrors, (item, x) => {
    const what = x.kind === 'missing-file' ? ' could not load ' : ' had a script error: ';
    const how = x.mode === 'file' ? 'from disk' : 'over HTTP';
    item.append(node('code', String(x.page)), ' (' + how + ')' + what + String(x.detail));
  });
  return wrap;
}

/** Draws the receipt (or nothing while there is no verdict yet); focus moves to it when asked. */
function renderReceipt(state, focus) {
  const verdict = currentVerdict(state);
  const receipt = byId('receipt');
  receipt.hidden = verdict === null;
  if (verdict === null) return;
  const box = byId('verdict-box');
  box.className = 'verdict ' + (verdict.ok ? 'ok' : 'bad');
  byId('verdict').textContent = verdict.ok ? 'Verified' : 'Not verified: ' + verdict.reason;
  byId('verdict-icon').textContent = verdict.ok ? '\u2713' : '\u2717';
  byId('verdict-note').replaceChildren(...keyNote(state));
  byId('facts').replaceChildren(factList(state), problemList(state));
  document.documentElement.dataset.verdict = verdict.ok ? 'verified' : 'failed';
  if (focus) byId('verdict').focus();
}
`;

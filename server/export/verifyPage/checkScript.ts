/**
 * verify.html's checks, as page source: the signature of the manifest that manifest.js carries (its key
 * against the fingerprint it names, then Ed25519 over the manifest's exact UTF-8 bytes), then every file
 * the manifest lists (size, then SHA-256), read from one of two sources: the web server the page came
 * from (relative URLs, streamed), or the folder the reader chose (from file://, where Chromium refuses
 * fetch). WebCrypto is used where it exists; HASH_JS and ED25519_JS stand in where it does not.
 */
export const CHECK_JS = String.raw`
const CHUNK_BYTES = 4 << 20;
/** Up to this size a file is read whole for WebCrypto (which cannot stream); larger ones stream. */
const WHOLE_LIMIT = 16 << 20;
const PARALLEL = 4;
/** Bundle files the manifest cannot list (they carry it): compared with manifest.js instead. */
const CARRIERS = ['manifest.json', 'manifest.json.sig', 'manifest.js'];
/** What file managers leave in a folder they showed: not part of the copy, not reported as extra. */
const SYSTEM_NAME = /^(\.DS_Store|Thumbs\.db|desktop\.ini|\._.*)$/i;
const SYSTEM_DIR = /^(\.Spotlight-V100|\.Trashes|\.fseventsd|System Volume Information|__MACOSX)$/i;

function subtleCrypto() {
  const c = globalThis.crypto;
  return c && c.subtle && typeof c.subtle.digest === 'function' ? c.subtle : null;
}
const utf8 = (text) => new TextEncoder().encode(text);
async function sha256Of(bytes) {
  const subtle = subtleCrypto();
  return subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes)) : sha256(bytes);
}
async function verifySignature(key, message, signature) {
  const subtle = subtleCrypto();
  if (subtle) {
    try {
      const imported = await subtle.importKey('raw', key, { name: 'Ed25519' }, false, ['verify']);
      return { ok: await subtle.verify({ name: 'Ed25519' }, imported, signature, message), engine: 'WebCrypto' };
    } catch (error) {
      // This browser's WebCrypto has no Ed25519: the built-in check below decides.
    }
  }
  return { ok: ed25519Verify(key, message, signature), engine: 'built-in JavaScript' };
}

/** The signed manifest manifest.js carries: parsed, its key matched to its fingerprint, its signature checked. */
async function checkSignature(data) {
  if (!data || typeof data.manifest !== 'string' || typeof data.signature !== 'string') {
    return { error: 'manifest.js is missing or damaged, so there is no signed manifest to check' };
  }
  let manifest;
  try {
    manifest = JSON.parse(data.manifest);
  } catch (error) {
    return { error: 'the manifest in manifest.js is not valid JSON' };
  }
  if (!manifest || typeof manifest !== 'object') return { error: 'the manifest in manifest.js is not an object' };
  const signing = manifest.signing;
  if (!signing || typeof signing !== 'object') return { manifest, error: 'the bundle is not signed (its manifest names no key)' };
  if (signing.algorithm !== 'Ed25519') return { manifest, error: 'the manifest names an unknown signature algorithm' };
  let key, signature;
  try {
    key = base64Bytes(signing.publicKey);
    signature = base64Bytes(data.signature);
  } catch (error) {
    return { manifest, error: 'the public key or the signature is not valid base64' };
  }
  if (key.length !== 32) return { manifest, error: 'the public key in the manifest is not an Ed25519 key' };
  const fingerprint = fingerprintFromDigest(await sha256Of(key));
  if (normalizeFingerprint(fingerprint) !== normalizeFingerprint(signing.fingerprint)) {
    return { manifest, fingerprint, error: 'the manifest names the fingerprint ' + signing.fingerprint + ' but carries the key of ' + fingerprint };
  }
  const result =
    signature.length === 64 ? await verifySignature(key, utf8(data.manifest), signature) : { ok: false, engine: null };
  if (!result.ok) {
    const error = 'the signature does not match the manifest: it was altered after signing, or signed by another key';
    return { manifest, fingerprint, engine: result.engine, error };
  }
  return { manifest, fingerprint, engine: result.engine };
}

const encodePath = (path) => path.split('/').map(encodeURIComponent).join('/');

/** Files from the web server this page was loaded from. */
function httpSource() {
  return {
    kind: 'http',
    async open(path) {
      const response = await fetch(new URL(encodePath(path), location.href), { cache: 'no-store', credentials: 'same-origin' });
      if (response.status === 404 || response.status === 410) return null;
      if (!response.ok) throw new Error('the server answered HTTP ' + response.status);
      const reader = response.body.getReader();
      return {
        size: null,
        async *chunks() {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            yield value;
          }
        },
      };
    },
    extras: () => null,
  };
}

function blobReader(file) {
  return {
    size: file.size,
    async *chunks() {
      for (let at = 0; at < file.size; at += CHUNK_BYTES) {
        yield new Uint8Array(await file.slice(at, at + CHUNK_BYTES).arrayBuffer());
      }
    },
  };
}

/**
 * Files from a chosen or dropped folder, or from a zip: [{path, file}], 'file' a File or a reader
 * ({size, chunks}), paths as the browser (or the zip) gives them. The bundle's root is the shallowest
 * folder holding manifest.json (or verify.html), so choosing the bundle folder or the one above it both
 * work. 'label' names what was chosen on the receipt.
 */
function listedSource(kind, label, entries) {
  const depth = (p) => p.split('/').length;
  const roots = entries
    .filter((e) => /(^|\/)(manifest\.json|verify\.html)$/.test(e.path))
    .sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1));
  const sample = roots[0] ? roots[0].path : entries[0] && entries[0].path.includes('/') ? entries[0].path : '';
  const root = roots[0] ? sample.slice(0, sample.lastIndexOf('/') + 1) : sample.slice(0, sample.indexOf('/') + 1);
  const files = new Map();
  for (const e of entries) if (e.path.startsWith(root)) files.set(e.path.slice(root.length), e.file);
  return {
    kind,
    root: label || root.replace(/\/$/, ''),
    async open(path) {
      const file = files.get(path);
      if (!file) return null;
      return typeof file.slice === 'function' ? blobReader(file) : file;
    },
    extras(listed) {
      const extra = [];
      let ignored = 0;
      for (const path of files.keys()) {
        if (listed.has(path) || CARRIERS.includes(path)) continue;
        const parts = path.split('/');
        if (SYSTEM_NAME.test(parts[parts.length - 1]) || SYSTEM_DIR.test(parts[0])) ignored++;
        else extra.push(path);
      }
      return { extra: extra.sort(), ignored };
    },
  };
}

function safePath(path) {
  return typeof path === 'string' && path !== '' && !path.includes('\\') && path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}
function entryProblem(entry, seen) {
  if (!entry || !safePath(entry.path)) return 'is not a safe bundle path';
  if (!Number.isSafeInteger(entry.size) || entry.size < 0 || !/^[0-9a-f]{64}$/.test(entry.sha256)) return 'has no valid size and SHA-256 in the manifest';
  if (seen.has(entry.path)) return 'is listed twice in the manifest';
  return null;
}

/** One listed file against its entry: null when it matches, else what is wrong. */
async function checkFile(source, entry, onBytes) {
  const opened = await source.open(entry.path);
  if (opened === null) return { kind: 'missing' };
  if (opened.size !== null && opened.size !== entry.size) return { kind: 'size', found: opened.size };
  const subtle = entry.size <= WHOLE_LIMIT ? subtleCrypto() : null;
  const hash = subtle ? null : new Sha256();
  const parts = [];
  let seen = 0;
  for await (const chunk of opened.chunks()) {
    seen += chunk.length;
    if (seen > entry.size) continue; // longer than listed: counted to report its size, not hashed
    if (hash) hash.update(chunk);
    else parts.push(chunk);
    onBytes(chunk.length);
  }
  if (seen !== entry.size) return { kind: 'size', found: seen };
  let digest;
  if (hash) digest = hash.digest();
  else {
    const whole = new Uint8Array(seen);
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    digest = new Uint8Array(await subtle.digest('SHA-256', whole));
  }
  return hexOf(digest) === entry.sha256 ? null : { kind: 'changed' };
}

async function readBytes(source, path) {
  const opened = await source.open(path);
  if (opened === null) return null;
  const parts = [];
  for await (const chunk of opened.chunks()) parts.push(chunk);
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (whole.set(p, at), at + p.length), 0);
  return whole;
}
const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** manifest.json and its .sig beside this page must be the very ones manifest.js carries. */
async function checkCarriers(source, data) {
  const problems = [];
  const expected = { 'manifest.json': utf8(data.manifest), 'manifest.json.sig': utf8(data.signature + '\n') };
  for (const path of Object.keys(expected)) {
    try {
      const bytes = await readBytes(source, path);
      if (bytes === null) problems.push({ path, kind: 'missing' });
      else if (!sameBytes(bytes, expected[path])) problems.push({ path, kind: 'carrier' });
    } catch (error) {
      problems.push({ path, kind: 'unreadable', detail: String(error && error.message ? error.message : error) });
    }
  }
  return problems;
}

/**
 * Every file of the manifest from 'source'; 'progress(filesDone, bytesDone)' as it goes. Problems name
 * their file; 'extra' is null when the source cannot list what it holds (a web server).
 */
async function checkFiles(source, data, manifest, progress) {
  const listed = Array.isArray(manifest.files) ? manifest.files : [];
  const problems = [];
  const seen = new Set();
  const queue = [];
  for (const entry of listed) {
    const bad = entryProblem(entry, seen);
    if (bad) problems.push({ path: entry && typeof entry.path === 'string' ? entry.path : '(unnamed entry)', kind: 'entry', detail: bad });
    else queue.push(entry);
    if (entry && typeof entry.path === 'string') seen.add(entry.path);
  }
  let done = 0, bytes = 0, matched = 0, checkedBytes = 0, next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const entry = queue[next++];
      try {
        const problem = await checkFile(source, entry, (n) => progress(done, (bytes += n)));
        if (problem) problems.push(Object.assign({ path: entry.path, listed: entry.size }, problem));
        else {
          matched++;
          checkedBytes += entry.size;
        }
      } catch (error) {
        problems.push({ path: entry.path, kind: 'unreadable', detail: String(error && error.message ? error.message : error) });
      }
      progress(++done, bytes);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  problems.push(...(await checkCarriers(source, data)));
  const extras = source.extras(seen);
  if (extras) for (const path of extras.extra) problems.push({ path, kind: 'extra' });
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { listed: listed.length, matched, checkedBytes, problems, ignored: extras ? extras.ignored : null };
}
`;

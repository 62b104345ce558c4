/**
 * Reading a bundle's .zip in verify.html (page source), so a reader can check the archive they were
 * handed without unpacking it: the central directory (ZIP64 too) gives each entry's place, stored entries
 * are read as they are and deflated ones through the browser's DecompressionStream, in chunks. Nothing
 * the directory says is trusted: every entry's bytes are counted and hashed against the signed manifest.
 */
export const ZIP_JS = String.raw`
function zipError(message) {
  return new Error(message);
}
async function zipBytes(file, start, end) {
  return new DataView(await file.slice(Math.max(0, start), end).arrayBuffer());
}
/** The central directory's place and size, from the end record (and the ZIP64 one when present). */
async function zipDirectory(file) {
  const tailStart = Math.max(0, file.size - 22 - 65535);
  const tail = await zipBytes(file, tailStart, file.size);
  let end = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) if (tail.getUint32(i, true) === 0x06054b50) { end = i; break; }
  if (end < 0) throw zipError('no zip directory at its end (the file is cut short, or not a zip)');
  let count = tail.getUint16(end + 10, true);
  let size = tail.getUint32(end + 12, true);
  let offset = tail.getUint32(end + 16, true);
  if (end >= 20 && tail.getUint32(end - 20, true) === 0x07064b50) {
    const at = Number(tail.getBigUint64(end - 12, true));
    const z64 = await zipBytes(file, at, at + 56);
    if (z64.byteLength < 56 || z64.getUint32(0, true) !== 0x06064b50) throw zipError('a damaged ZIP64 directory');
    count = Number(z64.getBigUint64(32, true));
    size = Number(z64.getBigUint64(40, true));
    offset = Number(z64.getBigUint64(48, true));
  }
  if (offset + size > tailStart + end) throw zipError('its directory points past its end (the file is cut short)');
  return { count, view: await zipBytes(file, offset, offset + size) };
}
/** The ZIP64 extra field's values for the fields the entry marks as 0xffffffff. */
function zip64Values(view, at, length, wanted) {
  const out = [];
  for (let p = at; p + 4 <= at + length; ) {
    const id = view.getUint16(p, true);
    const n = view.getUint16(p + 2, true);
    if (id === 1) for (let q = p + 4; out.length < wanted && q + 8 <= p + 4 + n; q += 8) out.push(Number(view.getBigUint64(q, true)));
    p += 4 + n;
  }
  return out;
}
/** [{ path, size: null, chunks }] for every file of the zip (folders skipped). */
async function zipEntries(file) {
  const { count, view } = await zipDirectory(file);
  const names = new TextDecoder();
  const entries = [];
  for (let i = 0, p = 0; i < count; i++) {
    if (p + 46 > view.byteLength || view.getUint32(p, true) !== 0x02014b50) throw zipError('a damaged directory');
    const method = view.getUint16(p + 10, true);
    let compressed = view.getUint32(p + 20, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    let local = view.getUint32(p + 42, true);
    const path = names.decode(new Uint8Array(view.buffer, view.byteOffset + p + 46, nameLength));
    const big = [view.getUint32(p + 24, true), compressed, local].map((v) => v === 0xffffffff);
    const values = zip64Values(view, p + 46 + nameLength, extraLength, big.filter(Boolean).length);
    if (big[0]) values.shift();
    if (big[1]) compressed = values.shift();
    if (big[2]) local = values.shift();
    p += 46 + nameLength + extraLength + view.getUint16(p + 32, true);
    if (path.endsWith('/')) continue;
    entries.push({ path, file: zipEntryReader(file, local, compressed, method, path) });
  }
  return entries;
}
function zipEntryReader(file, local, compressed, method, path) {
  return {
    size: null,
    async *chunks() {
      const header = await zipBytes(file, local, local + 30);
      if (header.byteLength < 30 || header.getUint32(0, true) !== 0x04034b50) throw zipError('its zip entry header is damaged');
      const start = local + 30 + header.getUint16(26, true) + header.getUint16(28, true);
      if (start + compressed > file.size) throw zipError('the zip is cut short inside it');
      const data = file.slice(start, start + compressed);
      if (method !== 0 && method !== 8) throw zipError('unsupported zip compression ' + method + ' for ' + path);
      const stream = method === 0 ? data.stream() : data.stream().pipeThrough(new DecompressionStream('deflate-raw'));
      const reader = stream.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    },
  };
}
`;

/**
 * An export's page store (server/export/workDir.ts): what a capture leaves on disk and reads back. The
 * HTML is kept gzipped (a 10,000-page store, and the captures a project keeps for its next export, would
 * otherwise take ~600 MB), and reads back as the very text captured.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, it } from 'vitest';
import { CAPTURED_HTML, PageStore } from '../server/export/workDir.js';
import { tempDir } from './helpers/dataDirs.js';

/** A page like a captured docs page: a long, repetitive sidebar and some text outside ASCII. */
const HTML =
  '<!doctype html><html><head><meta charset="utf-8"><title>Überblick — 概要</title></head><body><nav>' +
  Array.from({ length: 400 }, (_, i) => `<a href="/guides/page-${i}" class="op-nav-link">Page ${i}</a>`).join('') +
  '</nav><main><h1>Überblick</h1><p>Emoji 🚀 and quotes “like these”.</p></main></body></html>';

it('keeps a page gzipped, a sixth of its size or less, and reads back the text it was given', () => {
  const store = new PageStore(tempDir('offprint-store-'));
  store.save({ path: '/guides/overview', blocked: [], errors: ['a console error'] }, HTML);

  const [notesFile, htmlFile] = store.files('/guides/overview');
  expect(readdirSync(store.dir).sort()).toEqual([basename(htmlFile), basename(notesFile)].sort());
  expect(htmlFile.endsWith(CAPTURED_HTML)).toBe(true);
  const onDisk = readFileSync(htmlFile);
  expect([...onDisk.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  expect(statSync(htmlFile).size).toBeLessThan(Buffer.byteLength(HTML) / 6);
  expect(store.html('/guides/overview')).toBe(HTML);
  expect(store.notes('/guides/overview').errors).toEqual(['a console error']);
});

it('counts a page captured once its HTML is written, not before, and not from a plain file of another format', () => {
  const store = new PageStore(tempDir('offprint-store-'));
  const [notesFile, htmlFile] = store.files('/a');
  writeFileSync(notesFile, JSON.stringify({ path: '/a', blocked: [], errors: [] }));
  expect(store.has('/a')).toBe(false);
  // What an Offprint that kept plain HTML left behind: the page is rendered again rather than misread.
  writeFileSync(htmlFile.slice(0, -CAPTURED_HTML.length) + '.html', HTML);
  expect(store.has('/a')).toBe(false);
  store.save({ path: '/a', blocked: [], errors: [] }, HTML);
  expect(store.has('/a')).toBe(true);
  expect(existsSync(htmlFile)).toBe(true);
});

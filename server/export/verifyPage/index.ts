/**
 * `verify.html`, the verifier inside every bundle: one self-contained page (inline style and script, no
 * request outside the bundle) that checks the signed manifest carried by `manifest.js` and then every
 * file it lists, from a web server or, opened from disk, from the folder the reader chooses. Its bytes
 * never change between exports of one Offprint version, so it is a normal, hashed file of the manifest.
 *
 * The page carries its own Content-Security-Policy: the bundle policy (csp.ts) grants no inline script,
 * so this one allows exactly its own inline script and style by their SHA-256, scripts from the bundle
 * (`manifest.js`), and requests to its own origin (reading the files over HTTP). A server that sends the
 * bundle policy as a header for this page too would block the inline script: serve it with
 * {@link VERIFY_PAGE_CSP} instead.
 */
import { createHash } from 'node:crypto';
import { CHECK_JS } from './checkScript.js';
import { ED25519_JS } from './ed25519Script.js';
import { FLOW_JS } from './flowScript.js';
import { HASH_JS } from './hashScript.js';
import { RECEIPT_JS } from './receiptScript.js';
import { VERIFY_CSS } from './style.js';
import { ZIP_JS } from './zipScript.js';

/** The verifier's file name at the bundle root. */
export const VERIFY_PAGE_FILE = 'verify.html';

/** The page's script: the crypto fallbacks, the checks, the receipt and the flow, in one private scope. */
const SCRIPT = `(() => {\n'use strict';${HASH_JS}${ED25519_JS}${CHECK_JS}${ZIP_JS}${RECEIPT_JS}${FLOW_JS}})();\n`;

const sourceHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy verify.html carries (and a server should send with it). */
export const VERIFY_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'self' ${sourceHash(SCRIPT)}`,
  `style-src ${sourceHash(VERIFY_CSS)}`,
  "connect-src 'self'",
  'img-src data:',
  "frame-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const BODY = `<main>
<h1>Verify this bundle</h1>
<p class="lead">Checks that every file of this documentation bundle is exactly what its publisher signed: nothing changed, nothing missing, nothing cut short. Nothing leaves this computer.</p>
<form id="fp-form" novalidate>
<label for="fp">Publisher\u2019s key fingerprint <span class="optional">(optional)</span></label>
<p class="hint" id="fp-hint">Type the fingerprint your publisher gave you (read out, or on paper) to check the signature against it. This bundle names <code id="fp-named">\u2026</code>.</p>
<div class="row"><input id="fp" name="fp" autocomplete="off" spellcheck="false" autocapitalize="characters" aria-describedby="fp-hint" placeholder="XXXX-XXXX-XXXX-XXXX"><button id="verify" type="submit">Verify</button></div>
</form>
<section id="pick" hidden aria-labelledby="pick-title">
<h2 id="pick-title">Choose this bundle\u2019s folder</h2>
<p class="hint">Opened from disk, the browser does not let this page read the files beside it. Choose the folder that holds verify.html (or the .zip it came in), or drop it here. The files are read on this computer only.</p>
<div class="drop" id="drop"><label for="folder">Bundle folder</label><input id="folder" type="file" webkitdirectory multiple>
<label for="zip" class="second">Or the bundle\u2019s .zip</label><input id="zip" type="file" accept=".zip,application/zip">
<p class="hint">or drop the folder or the .zip onto this box</p></div>
</section>
<div id="status" role="status" aria-live="polite"><p id="status-text">Starting the check\u2026 If this message stays, the browser did not run this page\u2019s script (a server may have sent a policy forbidding it): open verify.html from the bundle folder instead, or run <code>offprint verify</code> on the bundle.</p><progress id="progress" aria-label="Bytes checked" hidden></progress></div>
<section id="receipt" hidden aria-labelledby="verdict">
<div id="verdict-box" class="verdict"><span class="icon" id="verdict-icon" aria-hidden="true"></span><div><h2 id="verdict" tabindex="-1"></h2><p id="verdict-note"></p></div></div>
<div id="facts"></div>
</section>
<details><summary>About this check</summary>
<p>The bundle\u2019s manifest lists every file with its size and SHA-256, and is signed with the publisher\u2019s Ed25519 key. This page checks the signature, then reads every file and compares it with the manifest. It uses the browser\u2019s WebCrypto where available and its own implementation otherwise (plain-HTTP sites have no WebCrypto).</p>
<p>This page is itself part of the bundle: it proves a copy matches what the key signed, which catches damage and tampering on the way, but someone able to rewrite the bundle could rewrite this page too. For the strongest check, run <code>offprint verify</code> on the bundle\u2019s zip on a machine you trust, with the fingerprint your publisher gave you.</p>
</details>
</main>`;

/**
 * The verifier page, byte for byte the same on every call (so its manifest entry is stable and a
 * resumed export gives the same bundle).
 */
export function verifyPageHtml(): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${VERIFY_PAGE_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<link rel="icon" href="data:,">',
    '<title>Verify this bundle \u00b7 Offprint</title>',
    `<style>${VERIFY_CSS}</style>`,
    '</head>',
    '<body>',
    BODY,
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

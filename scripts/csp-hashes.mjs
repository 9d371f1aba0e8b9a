// Trunk post_build hook: (1) put the SHA-256 of every inline <script> of the staged index.html into
// its Content-Security-Policy, replacing the {{INLINE_SCRIPT_HASHES}} placeholder. Trunk's
// generated loader is an inline module script; hashing it keeps 'unsafe-inline' out of the CSP.
// (2) Point web/worker.js at the hashed app script.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLACEHOLDER = '{{INLINE_SCRIPT_HASHES}}';
const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('csp-hashes: TRUNK_STAGING_DIR is not set (run me as a trunk post_build hook)');
  process.exit(1);
}
const file = join(dir, 'index.html');
const html = readFileSync(file, 'utf8');
if (!html.includes(PLACEHOLDER)) {
  console.error(`csp-hashes: ${file} has no ${PLACEHOLDER} in its CSP`);
  process.exit(1);
}
const hashes = [];
for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  if (/\bsrc\s*=/i.test(m[1])) continue;
  hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
}
writeFileSync(file, html.replaceAll(PLACEHOLDER, hashes.join(' ')));
console.log(`csp-hashes: ${hashes.length} inline script(s) hashed into the CSP`);

// The worker script loads the page's own wasm module: give it the hashed names of trunk's app
// script and wasm (web/worker.js has placeholders; trunk hashes file names for cache busting).
const workerFile = join(dir, 'worker.js');
const files = readdirSync(dir);
const only = (re, what) => {
  const found = files.filter((f) => re.test(f));
  if (found.length !== 1) {
    console.error(`csp-hashes: expected one ${what} in ${dir}, found: ${found.join(', ') || 'none'}`);
    process.exit(1);
  }
  return found[0];
};
const names = {
  __WAKELAB_APP_JS__: only(/^app(-[0-9a-f]+)?\.js$/, 'app script'),
  __WAKELAB_APP_WASM__: only(/^app(-[0-9a-f]+)?_bg\.wasm$/, 'app wasm'),
};
let worker = readFileSync(workerFile, 'utf8');
for (const [placeholder, name] of Object.entries(names)) {
  if (!worker.includes(placeholder)) {
    console.error(`csp-hashes: ${workerFile} has no ${placeholder}`);
    process.exit(1);
  }
  worker = worker.replaceAll(placeholder, name);
}
writeFileSync(workerFile, worker);
console.log(`csp-hashes: worker.js loads ${Object.values(names).join(' and ')}`);

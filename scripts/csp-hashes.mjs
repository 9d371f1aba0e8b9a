// Trunk post_build hook: put the SHA-256 of every inline <script> of the staged index.html into
// its Content-Security-Policy, replacing the {{INLINE_SCRIPT_HASHES}} placeholder. Trunk's
// generated loader is an inline module script; hashing it keeps 'unsafe-inline' out of the CSP.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
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

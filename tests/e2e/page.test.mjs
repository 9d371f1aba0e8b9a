// End-to-end test of the built page (dist/, from `trunk build --release`): served on a free
// loopback port, loaded in Debian's Chromium through playwright-core. The page must draw the
// plot computed by the wasm core in a Web Worker, with no console error, no uncaught exception
// and no failed request. A screenshot goes to tests/e2e/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '../../dist');
const artifacts = join(here, 'artifacts');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// Generous: the first load in a cold CI browser compiles the wasm.
const LOAD_TIMEOUT_MS = 60_000;

let server, url, browser;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), `${dist}/index.html is missing: run trunk build --release first`);
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/bootstrap.sh`);
  mkdirSync(artifacts, { recursive: true });
  ({ server, url } = await startServer({ root: dist }));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
});

/** Open the page and record every problem it reports. */
async function open(contextOptions) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`uncaught exception: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('worker', (worker) => {
    worker.on('close', () => problems.push(`worker closed: ${worker.url()}`));
  });
  await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
  return { context, page, problems };
}

/** Wait until the plot card leaves the running state; return its final state. */
async function settled(page, problems = []) {
  const card = page.locator('#plot[data-state="done"], #plot[data-state="error"]');
  try {
    await card.waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
  } catch (e) {
    const state = await page.locator('#plot').getAttribute('data-state').catch(() => '?');
    throw new Error(`the plot never finished (state ${state}): ${e.message}\n${problems.join('\n')}`);
  }
  return card.getAttribute('data-state');
}

for (const [name, options] of [
  ['light theme, HiDPI (devicePixelRatio 2)', { viewport: { width: 1200, height: 900 }, deviceScaleFactor: 2, colorScheme: 'light' }],
  ['dark theme, narrow window', { viewport: { width: 420, height: 800 }, deviceScaleFactor: 1, colorScheme: 'dark' }],
]) {
  test(`the worker computes and the page draws the plot: ${name}`, async () => {
    const { context, page, problems } = await open(options);
    try {
      const state = await settled(page, problems);
      const error = await page.locator('#error').textContent();
      assert.equal(state, 'done', `plot state is ${state}; error shown: ${error}; ${problems.join('; ')}`);
      assert.equal(await page.locator('#error').isHidden(), true);
      assert.match(await page.locator('#status').textContent(), /\d+ samples computed in (under 1|\d+) ms .* Web Worker/);
      assert.equal(await page.locator('h1').textContent(), 'Wakelab');
      // The numbers came from the wasm core running in a (module) Web Worker.
      assert.deepEqual(page.workers().map((w) => new URL(w.url()).pathname), ['/worker_loader.js']);
      // The CSP the page runs under is strict, and the build hook filled in the script hash.
      const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/]+=*'/);
      assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'|\{\{/);

      // The canvas backing store is in device pixels and something was drawn on it.
      const canvas = await page.locator('#plot-canvas').evaluate((c) => {
        const r = c.getBoundingClientRect();
        const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
        let painted = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) painted++;
        }
        return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, dpr: devicePixelRatio, painted };
      });
      assert.equal(canvas.w, Math.round(canvas.cssW * canvas.dpr), JSON.stringify(canvas));
      assert.equal(canvas.h, Math.round(canvas.cssH * canvas.dpr), JSON.stringify(canvas));
      assert.ok(canvas.painted > 2000, `only ${canvas.painted} pixels differ from the background`);

      const file = join(artifacts, `page-${options.colorScheme}-${options.viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a failing worker shows a visible error, not a blank page', async () => {
  const context = await browser.newContext();
  // Serve a broken worker script in place of the real one.
  await context.route('**/worker_loader.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("boom from the test");' }),
  );
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    assert.equal(await settled(page), 'error');
    const error = page.locator('#error');
    assert.equal(await error.isVisible(), true);
    assert.match(await error.textContent(), /worker failed/i);
  } finally {
    await context.close();
  }
});

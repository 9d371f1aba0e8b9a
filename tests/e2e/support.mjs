// Shared set-up of the end-to-end tests (page, editors, results): dist/ served on a free
// loopback port, Debian's Chromium via playwright-core, pages that record every problem they
// report (console errors, uncaught exceptions, failed or 4xx/5xx requests, closed workers).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/static-server.mjs';

export const here = dirname(fileURLToPath(import.meta.url));
export const dist = resolve(here, '../../dist');
export const artifacts = join(here, 'artifacts');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// Generous: the first load in a cold CI browser compiles the wasm.
export const LOAD_TIMEOUT_MS = 60_000;

/** Serve dist/ and launch Chromium: `{ server, url, browser }`. */
export async function startBrowser() {
  assert.ok(existsSync(join(dist, 'index.html')), `${dist}/index.html is missing: run trunk build --release first`);
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run scripts/bootstrap.sh`);
  mkdirSync(artifacts, { recursive: true });
  const { server, url } = await startServer({ root: dist });
  const browser = await chromium.launch({
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
      // Chromium 148's Local Network Access blocks a loopback frame inside an about:blank
      // page (the "embed further down a page" test); every page here is on loopback anyway.
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  return { server, url, browser };
}

export async function stopBrowser({ server, browser }) {
  await browser?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
}

/** Open `target` in a new context and record every problem the page reports. With
 * `watchWorkers`, a worker that closes is a problem too (runs replaced by a new Run terminate
 * busy workers, so tests that re-run leave it off). */
export async function openPage(browser, contextOptions, target, { watchWorkers = false } = {}) {
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
  if (watchWorkers) {
    page.on('worker', (worker) => {
      worker.on('close', () => problems.push(`worker closed: ${worker.url()}`));
    });
  }
  await page.goto(target, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
  return { context, page, problems };
}

/** Wait until the results card leaves the running state; return its final state. */
export async function settled(page, problems = []) {
  const card = page.locator('#plot[data-state="done"], #plot[data-state="error"], #plot[data-state="cancelled"]');
  try {
    await card.waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
  } catch (e) {
    const state = await page.locator('#plot').getAttribute('data-state').catch(() => '?');
    throw new Error(`the run never finished (state ${state}): ${e.message}\n${problems.join('\n')}`);
  }
  return card.getAttribute('data-state');
}

/** Make the current experiment short (fast tests): clients and duration. */
export async function shorten(page, clients = '1, 2', duration = '80', warmup = '20') {
  await page.fill('#f-clients', clients);
  await page.fill('#f-warmup', warmup);
  await page.fill('#f-duration', duration);
}

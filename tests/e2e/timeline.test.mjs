// The per-CPU timeline's zoom and pan (issue 22 item 5): Perfetto's keys while the timeline has
// focus (W/S zoom around the pointer or the centre, A/D pan), a drag that selects a range,
// Reset zoom, the From/Length fields and the link following the window; and "Copy for a
// mailing list" (the comparison table, the link and what differs from the preset). Same
// set-up as the other e2e tests; screenshots of the zoomed timeline go to tests/e2e/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOAD_TIMEOUT_MS, artifacts, openPage, settled, startBrowser, stopBrowser } from './support.mjs';

let server, url, browser;

before(async () => {
  ({ server, url, browser } = await startBrowser());
});

after(() => stopBrowser({ server, browser }));

const clip = { permissions: ['clipboard-read', 'clipboard-write'] };

async function timelineShown(page, problems) {
  assert.equal(await settled(page, problems), 'done');
  await page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
}

/** From, Length and the window the canvas says it draws. */
async function windowOf(page) {
  return {
    from: await page.locator('#tl-start').inputValue(),
    length: await page.locator('#tl-length').inputValue(),
    drawn: await page.locator('#timeline-canvas').getAttribute('data-window'),
  };
}

/** The CSS x (page coordinates) of time `t` ms on the timeline as drawn. */
async function xOf(page, t) {
  const canvas = page.locator('#timeline-canvas');
  const box = await canvas.boundingBox();
  const [x0, x1] = (await canvas.getAttribute('data-plot-x')).split(',').map(Number);
  const [a, b] = (await canvas.getAttribute('data-window')).split('-').map(Number);
  return { x: box.x + x0 + ((t - a) / (b - a)) * (x1 - x0), y: box.y + box.height / 2 };
}

test('W/S/A/D zoom and pan the timeline; From, Length and the link follow; Reset zoom goes back', async () => {
  const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 1000 } }, url);
  try {
    await timelineShown(page, problems);
    assert.deepEqual(await windowOf(page), { from: '60', length: '20', drawn: '60-80' });
    assert.equal(await page.locator('#tl-reset').isDisabled(), true);
    const canvas = page.locator('#timeline-canvas');
    assert.equal(await canvas.getAttribute('tabindex'), '0');
    assert.match(await canvas.getAttribute('aria-label'), /W and S zoom in and out, A and D pan/);
    const before = await page.evaluate(() => location.href);
    // Keyboard only (no pointer over the timeline): W zooms in around the centre.
    await canvas.focus();
    await page.keyboard.press('w');
    assert.deepEqual(await windowOf(page), { from: '62', length: '16', drawn: '62-78' });
    assert.equal(await page.locator('#tl-reset').isDisabled(), false);
    assert.match(await canvas.getAttribute('aria-label'), /^Per-CPU timeline of 62–78 ms/);
    // The wake-up list shows the window's wake-ups.
    const times = (await page.locator('#wake-list option').allTextContents()).map((t) => parseFloat(t));
    assert.ok(times.length > 0 && times.every((t) => t >= 62 && t <= 78), times.join(' '));
    // The link carries the new window, as it does a typed one.
    const zoomedLink = await page.evaluate(() => location.href);
    assert.notEqual(zoomedLink, before);
    // Out of the recording and straight back: nothing is simulated.
    await page.keyboard.press('d');
    await page.keyboard.press('a');
    assert.deepEqual(await windowOf(page), { from: '62', length: '16', drawn: '62-78' });
    await page.waitForTimeout(700);
    assert.match(await page.locator('#tl-status').textContent(), / in 60–80 ms /);
    assert.equal(await page.locator('#timeline-card').getAttribute('data-state'), 'done');
    // D pans right by a fifth; the part past the recording is simulated after a short pause.
    await page.keyboard.press('d');
    assert.deepEqual(await windowOf(page), { from: '65.2', length: '16', drawn: '65.2-81.2' });
    await page.locator('#tl-status', { hasText: 'in 65–81 ms' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    // S zooms out around the centre, A pans left.
    await page.keyboard.press('s');
    assert.deepEqual(await windowOf(page), { from: '63.2', length: '20', drawn: '63.2-83.2' });
    await page.keyboard.press('a');
    assert.deepEqual(await windowOf(page), { from: '59.2', length: '20', drawn: '59.2-79.2' });
    // Zooming out stops at the longest window the timeline records (200 ms) and the run's start.
    for (let i = 0; i < 20; i++) await page.keyboard.press('s');
    assert.deepEqual(await windowOf(page), { from: '0', length: '200', drawn: '0-200' });
    // Reset zoom: back to the window asked for.
    await page.locator('#tl-reset').click();
    assert.deepEqual(await windowOf(page), { from: '60', length: '20', drawn: '60-80' });
    assert.equal(await page.locator('#tl-reset').isDisabled(), true);
    await page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('zooming into a timeline whose segments ran out simulates the zoomed window', async () => {
  const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 1000 } }, url);
  try {
    await timelineShown(page, problems);
    await page.locator('details.advanced summary').click();
    const json = JSON.parse(await page.locator('#json').inputValue());
    json.scenario.engine = { ...(json.scenario.engine ?? {}), max_timeline_segments: 40 };
    await page.fill('#json', JSON.stringify(json));
    await page.locator('#json-apply').click();
    await page.locator('#plot[data-stale="false"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.locator('#tl-run').click();
    await page.locator('#timeline-card[data-capped="true"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    const at = Number((await page.locator('#tl-status').textContent()).match(/max_timeline_segments \(40\) at ([\d.]+) ms/)[1]);
    assert.ok(at > 60 && at < 78, `segments ran out at ${at} ms`);
    // 62-78 ms reaches past where the segments ran out: that window is simulated on its own.
    await page.locator('#timeline-canvas').focus();
    await page.keyboard.press('w');
    await page.locator('#tl-status', { hasText: ' in 62–78 ms ' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('W zooms around the pointer, a drag selects a range, and a zoomed link opens on its window', async () => {
  const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 1000 } }, url);
  let link;
  try {
    await timelineShown(page, problems);
    // The pointer at 65 ms: it stays at 65 ms (a quarter in) while W zooms.
    await page.locator('#timeline-canvas').scrollIntoViewIfNeeded();
    await page.locator('#timeline-canvas').focus();
    const at = await xOf(page, 65);
    await page.mouse.move(at.x, at.y);
    await page.keyboard.press('w');
    const w = await windowOf(page);
    assert.ok(Math.abs(Number(w.from) - 61) <= 0.05 && w.length === '16', JSON.stringify(w));
    // A drag from 64 to 70 ms zooms into that range; the click that ends it explains nothing.
    const a = await xOf(page, 64);
    const b = await xOf(page, 70);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, a.y, { steps: 4 });
    assert.equal(await page.locator('#tl-brush').isVisible(), true, 'no selection drawn while dragging');
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.locator('#timeline-card').screenshot({ path: join(artifacts, 'timeline-drag.png') });
    await page.mouse.up();
    assert.equal(await page.locator('#tl-brush').isHidden(), true);
    const d = await windowOf(page);
    assert.ok(Math.abs(Number(d.from) - 64) < 0.1 && Math.abs(Number(d.length) - 6) < 0.1, JSON.stringify(d));
    assert.equal(d.drawn, `${d.from}-${Number((Number(d.from) + Number(d.length)).toFixed(3))}`);
    assert.equal(await page.locator('#explanation').isHidden(), true);
    await page.waitForTimeout(400);
    await page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    link = await page.evaluate(() => location.href);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  const second = await openPage(browser, { viewport: { width: 1280, height: 1000 } }, link);
  try {
    await timelineShown(second.page, second.problems);
    // Whole ms in the link: the window around the zoomed one.
    assert.equal(await second.page.locator('#tl-start').inputValue(), '64');
    assert.equal(await second.page.locator('#tl-length').inputValue(), '6');
    assert.deepEqual(second.problems, []);
  } finally {
    await second.context.close();
  }
});

for (const [name, options] of [
  ['light', { viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1, colorScheme: 'light' }],
  ['dark', { viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1, colorScheme: 'dark' }],
  ['phone-390', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, colorScheme: 'light', isMobile: true, hasTouch: true }],
  ['dpr2-dark', { viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 2, colorScheme: 'dark' }],
]) {
  test(`the zoomed timeline drawn: ${name}`, async () => {
    const { context, page, problems } = await openPage(browser, options, url);
    try {
      await timelineShown(page, problems);
      await page.locator('#timeline-canvas').focus();
      for (const k of ['w', 'w', 'w', 'd']) await page.keyboard.press(k);
      await page.locator('#tl-status', { hasText: /in 6\d–\d+ ms/ }).waitFor({ timeout: LOAD_TIMEOUT_MS });
      await page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
      const w = await windowOf(page);
      assert.ok(Number(w.length) < 11, JSON.stringify(w));
      await page.locator('#timeline-card').screenshot({ path: join(artifacts, `timeline-zoomed-${name}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('Copy for a mailing list: the comparison table, the link and what differs from the preset', async () => {
  const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 1000 }, ...clip }, url);
  try {
    assert.equal(await settled(page, problems), 'done');
    const copy = async () => {
      await page.evaluate(() => navigator.clipboard.writeText('before'));
      await page.locator('#copy-mail').click();
      await page.waitForFunction(() => document.querySelector('#share-status').textContent === 'Text for a mailing list copied.');
      return page.evaluate(() => navigator.clipboard.readText());
    };
    let text = await copy();
    // The link is the address bar's (the copy brings it up to date, as Copy link does).
    const table = (await page.locator('#compare').textContent()).trimEnd();
    assert.ok(text.includes(table), `no table in:\n${text}`);
    assert.ok(text.includes(`\n${await page.evaluate(() => location.href)}\n`), `no link in:\n${text}`);
    assert.match(text, /^.+\nSimulated with Wakelab: default as in the gallery\.\n/);
    // Edit the machine: the summary says what changed, computed from the two experiments.
    await page.fill('#f-cores', '2');
    await page.locator('#plot[data-stale="false"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    text = await copy();
    assert.match(text, /Simulated with Wakelab: default with machine 2 cores \(4 CPUs\)/);
    assert.ok(text.includes((await page.locator('#compare').textContent()).trimEnd()));
    assert.ok(text.includes(`\n${await page.evaluate(() => location.href)}\n`));
    // Prose fits 72 columns (the table and the link keep their own widths).
    const prose = text.split('\n\n').filter((p, i, all) => i === 0 || i === all.length - 1);
    for (const line of prose.join('\n').split('\n').filter((l) => !l.startsWith('http'))) {
      assert.ok(line.length <= 72, `too long: ${line}`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('axe-core finds nothing serious or critical with the timeline zoomed and the mailing-list text copied', async () => {
  // bypassCSP: only to inject axe itself (the page's CSP forbids inline scripts).
  const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 1000 }, bypassCSP: true, ...clip }, url);
  try {
    await timelineShown(page, problems);
    await page.locator('#timeline-canvas').focus();
    await page.keyboard.press('w');
    await page.locator('#copy-mail').click();
    await page.waitForFunction(() => document.querySelector('#share-status').textContent === 'Text for a mailing list copied.');
    await page.addScriptTag({ content: readFileSync(join(import.meta.dirname, 'node_modules/axe-core/axe.min.js'), 'utf8') });
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const findings = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    assert.deepEqual(findings, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a patched variant's timeline says how many decisions its kernel changes against the first variant", async () => {
  const { context, page, problems } = await openPage(browser, { viewport: { width: 1280, height: 1000 } }, url);
  try {
    await timelineShown(page, problems);
    // the default timeline is the last (patched) variant's
    const shadow = page.locator('#tl-shadow');
    assert.equal(await shadow.isVisible(), true);
    const text = await shadow.textContent();
    assert.match(text, /^Against .+: of the whole run's \d+ placement decisions, taken again under its kernel on the same state, \d+ \([\d.]+%\) pick another CPU/);
    await page.locator('#timeline-card').screenshot({ path: join(artifacts, 'timeline-shadow.png') });
    // the first variant is the reference: no sentence
    await page.selectOption('#tl-variant', '0');
    await page.locator('#tl-run').click();
    await page.locator('#tl-status', { hasText: /^[^,]+, \d+ clients/ }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => document.querySelector('#timeline-card').dataset.state === 'done');
    await page.waitForFunction(() => document.querySelector('#tl-shadow').hidden);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

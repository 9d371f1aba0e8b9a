// End-to-end tests of the results side beyond the main chart (crates/wakelab-web/src/results_ui.rs):
// energy and per-watt charts, residency and wake-up latency histograms, the Perfetto trace
// export from the timeline, and the measured-results overlay. Same set-up as page.test.mjs:
// dist/ served on a free loopback port, Debian's Chromium via playwright-core, and every test
// fails on a console error, an uncaught exception or a failed request. Screenshots go to
// tests/e2e/artifacts/ (git-ignored).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOAD_TIMEOUT_MS, artifacts, openPage, startBrowser, stopBrowser } from './support.mjs';

let server, url, browser;

before(async () => {
  ({ server, url, browser } = await startBrowser());
});

after(() => stopBrowser({ server, browser }));

function open(contextOptions = {}, target = url) {
  return openPage(browser, contextOptions, target);
}

async function done(page, problems) {
  const card = page.locator('#plot[data-state="done"], #plot[data-state="error"]');
  await card.waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
  assert.equal(await page.locator('#plot').getAttribute('data-state'), 'done',
    `${await page.locator('#error').textContent()} ${problems.join('; ')}`);
}

/** Pixels of the canvas that differ from its top-left pixel. */
function painted(page, selector) {
  return page.locator(selector).evaluate((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2]) n++;
    }
    return n;
  });
}

/** A fingerprint of what the canvas shows (changes when anything drawn changes). */
function pixels(page, selector) {
  return page.locator(selector).evaluate((c) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let h = 0;
    for (let i = 0; i < data.length; i += 7) h = (h * 31 + data[i]) >>> 0;
    return h;
  });
}

for (const [name, options] of [
  ['light, HiDPI', { viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 2, colorScheme: 'light' }],
  ['dark, narrow', { viewport: { width: 420, height: 900 }, deviceScaleFactor: 1, colorScheme: 'dark' }],
]) {
  test(`energy, per-watt, residency and latency charts of the default preset: ${name}`, async () => {
    const { context, page, problems } = await open(options);
    try {
      await done(page, problems);
      await page.locator('#power-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
      // One line (energy, per watt) or one set of bars (histograms) per variant, drawn.
      for (const id of ['#energy-canvas', '#perwatt-canvas', '#pstate-canvas', '#cstate-canvas', '#latency-canvas']) {
        assert.equal(await page.locator(id).getAttribute('data-series'), '2', id);
        assert.ok((await painted(page, id)) > 1500, `${id} is blank`);
      }
      // p99 and p50 against client count: four lines.
      assert.equal(await page.locator('#latency-clients-canvas').getAttribute('data-series'), '4');
      assert.ok((await painted(page, '#latency-clients-canvas')) > 1500);
      // Frequencies in GHz, C-state names, latency buckets with units.
      // GHz levels, or ranges of them ("0.8–0.9") on machines with many levels.
      const ghz = '\\d+\\.\\d+(–\\d+\\.\\d+)?';
      assert.match(await page.locator('#pstate-canvas').getAttribute('data-categories'), new RegExp(`^${ghz}(\\|${ghz})*$`));
      assert.match(await page.locator('#cstate-canvas').getAttribute('data-categories'), /C\d/);
      assert.match(await page.locator('#latency-canvas').getAttribute('data-categories'), /µs|ns/);
      assert.match(await page.locator('#latency-summary').textContent(),
        /^1 clients: .+: p50 < [\d.]+ (ns|µs|ms), p99 < [\d.]+ (ns|µs|ms) \(\d+ wake-ups\)/);
      // Another point: the histograms follow.
      const before = await pixels(page, '#latency-canvas');
      await page.selectOption('#pw-clients', '8');
      assert.match(await page.locator('#latency-summary').textContent(), /^8 clients: /);
      assert.notEqual(await pixels(page, '#latency-canvas'), before, 'the latency chart did not change');
      const file = `power-${options.colorScheme}-${options.viewport.width}.png`;
      await page.locator('#power-card').screenshot({ path: join(artifacts, file) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('the timeline exports the shown run as a Perfetto-compatible trace', async () => {
  const { context, page, problems } = await open({ viewport: { width: 1280, height: 1000 } });
  try {
    await done(page, problems);
    await page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    const names = [];
    const grab = async (button) => {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: LOAD_TIMEOUT_MS }),
        page.locator(button).click(),
      ]);
      // What it is: the preset, the variant, the client count, the kind and the range.
      assert.match(download.suggestedFilename(), /^wakelab-trace-default-4\.15-recent-used-1clients-(whole|window)-[\d.]+-[\d.]+ms\.json$/);
      names.push(download.suggestedFilename());
      return JSON.parse(readFileSync(await download.path(), 'utf8'));
    };
    const check = (doc) => {
      assert.ok(Array.isArray(doc.traceEvents) && doc.traceEvents.length > 50);
      const threads = doc.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name');
      assert.deepEqual(threads.map((e) => e.args.name).sort(), [0, 1, 2, 3, 4, 5, 6, 7].map((c) => `CPU ${c}`).sort());
      const timed = doc.traceEvents.filter((e) => e.ph !== 'M');
      for (let i = 1; i < timed.length; i++) assert.ok(timed[i - 1].ts <= timed[i].ts, `unsorted at ${i}`);
      const slices = timed.filter((e) => e.ph === 'X');
      assert.ok(slices.length > 10 && slices.every((e) => e.dur >= 0 && typeof e.name === 'string'));
      assert.ok(timed.some((e) => e.ph === 'C' && / freq$/.test(e.name)), 'no frequency counters');
      return slices;
    };
    const whole = check(await grab('#trace-run'));
    assert.equal(await page.locator('#trace-status').getAttribute('data-state'), 'done');
    assert.match(await page.locator('#trace-status').textContent(), /Downloaded .+ 0–300 ms/);
    // The timeline's window only (From 60 ms, Length 20 ms by default).
    const part = check(await grab('#trace-window'));
    assert.ok(part.length < whole.length);
    assert.ok(part.every((e) => e.ts >= 60_000 - 1e-6 && e.ts < 80_000), 'a slice outside the window');
    assert.match(await page.locator('#trace-status').textContent(), /60–80 ms/);
    // The whole run and a window of it download under different names (issue 22, item 10).
    assert.equal(new Set(names).size, 2, names.join(', '));
    assert.deepEqual(names, [
      'wakelab-trace-default-4.15-recent-used-1clients-whole-0-300ms.json',
      'wakelab-trace-default-4.15-recent-used-1clients-window-60-80ms.json',
    ]);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a run too long to export whole gives a message with a window that fits', async () => {
  const { context, page, problems } = await open({ viewport: { width: 1280, height: 1000 } });
  try {
    await done(page, problems);
    // 8 clients for 6 simulated seconds: far more timeline segments than one trace may hold.
    await page.fill('#f-clients', '8');
    await page.fill('#f-duration', '6000');
    await page.locator('#run').click();
    await done(page, problems);
    await page.selectOption('#tl-clients', '8');
    await page.locator('#trace-run').click();
    await page.locator('#trace-status[data-state="error"]').waitFor({ timeout: 120_000 });
    const msg = await page.locator('#trace-status').textContent();
    assert.match(msg, /too long to export whole: 0–6000 ms hold \d+ timeline segments, more than the 150000 a trace may hold/);
    assert.match(msg, /at most about [\d.]+ ms/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

const CSV = 'clients,v4.16 <b>base</b>,v4.16 patched\n1,130.5,150\n2,250,290\n4,480,560\n8,900,1000\n16,1500,1700\n';

test('measured results overlay the chart and the table, marked "measured"', async () => {
  const { context, page, problems } = await open({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' });
  try {
    await done(page, problems);
    const before = await pixels(page, '#plot-canvas');
    await page.locator('#measured-box summary').click();
    await page.fill('#measured-text', CSV);
    await page.locator('#measured-apply').click();
    // Table: measured columns with the kernel names as text (never HTML), a row for 16 clients.
    const heads = await page.locator('#summary thead th.measured').allTextContents();
    assert.deepEqual(heads, ['v4.16 <b>base</b> (measured)', 'v4.16 patched (measured)', 'Δ v4.16 patched (measured)']);
    assert.equal(await page.locator('#summary thead b').count(), 0);
    const rows = await page.locator('#summary tbody tr').allTextContents();
    assert.equal(rows.length, 5);
    assert.equal(await page.locator('#summary tbody tr').first().locator('td.measured').first().textContent(), '130.5');
    // The measured change against the file's first kernel, beside the simulated Δ (item 9).
    assert.deepEqual(await page.locator('#summary tbody td.delta').allTextContents(),
      ['+14.94%', '+16.00%', '+16.67%', '+11.11%', '+13.33%']);
    assert.match(rows[4], /^16/);
    assert.equal(await page.locator('#summary tbody tr').nth(4).locator('td.sim-missing').count(), 3);
    assert.notEqual(await pixels(page, '#plot-canvas'), before, 'the chart did not change');
    assert.match(await page.locator('#measured-info').textContent(), /2 kernels .* statistic value/);
    await page.locator('#plot').screenshot({ path: join(artifacts, 'measured-overlay-light.png') });

    // A malformed file: the parser's message naming the line, as text; the overlay stays.
    await page.fill('#measured-text', 'clients,a,b\n1,2,3\n2,<i>x</i>,4\n');
    await page.locator('#measured-apply').click();
    const err = page.locator('#measured-error');
    assert.equal(await err.isVisible(), true);
    assert.match(await err.textContent(), /^Could not read the measured results: line 3/);
    assert.equal(await err.locator('i').count(), 0);
    assert.equal(await page.locator('#summary thead th.measured').count(), 3);

    // A compare-mmtests text file, loaded from disk.
    const text = [
      '                          5.10.0-rc6             5.10.0-rc6',
      '                           schedstat          idlecandidate',
      'Hmean     1        150.00 (   0.00%)      160.00 *   6.67%*',
      'Hmean     8        900.00 (   0.00%)     1000.00 *  11.11%*',
      '',
    ].join('\n');
    await page.setInputFiles('#measured-file', { name: 'tbench.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.locator('#measured-error[hidden]').waitFor({ state: 'attached' });
    assert.deepEqual(await page.locator('#summary thead th.measured').allTextContents(),
      ['5.10.0-rc6-schedstat (measured)', '5.10.0-rc6-idlecandidate (measured)', 'Δ 5.10.0-rc6-idlecandidate (measured)']);
    assert.match(await page.locator('#measured-info').textContent(), /statistic Hmean/);
    // Removing the overlay restores the plain table.
    await page.locator('#measured-clear').click();
    assert.equal(await page.locator('#summary thead th.measured').count(), 0);
    assert.equal(await page.locator('#summary tbody tr').count(), 4);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the measured overlay in the dark scheme and a narrow window', async () => {
  const { context, page, problems } = await open({ viewport: { width: 420, height: 900 }, colorScheme: 'dark' });
  try {
    await done(page, problems);
    await page.locator('#measured-box summary').click();
    await page.fill('#measured-text', CSV);
    await page.locator('#measured-apply').click();
    assert.equal(await page.locator('#summary thead th.measured').count(), 3);
    await page.locator('#plot').screenshot({ path: join(artifacts, 'measured-overlay-dark-420.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a link restores the timeline point and window; an embed link has its size and colours', async () => {
  const first = await open({ viewport: { width: 1280, height: 1000 }, colorScheme: 'light' });
  let link, src;
  try {
    await done(first.page, first.problems);
    await first.page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    await first.page.selectOption('#tl-variant', '0');
    await first.page.selectOption('#tl-clients', '4');
    await first.page.fill('#tl-start', '100');
    await first.page.fill('#tl-length', '30');
    await first.page.locator('#copy-link').click();
    link = await first.page.locator('#share-url').inputValue();
    await first.page.locator('#embed').click();
    await first.page.selectOption('#embed-size', 'small');
    await first.page.selectOption('#embed-theme', 'dark');
    const code = await first.page.locator('#embed-code').inputValue();
    assert.match(code, /^<iframe src="[^"]+\?embed=plot#w1\.[^"]+" width="480" height="320" /);
    src = code.match(/src="([^"]+)"/)[1];
    assert.notEqual(src.split('#')[1], link.split('#')[1], 'the embed link carries its colour scheme');
    assert.deepEqual(first.problems, []);
  } finally {
    await first.context.close();
  }
  const second = await open({ viewport: { width: 1280, height: 1000 } }, link);
  try {
    await done(second.page, second.problems);
    assert.equal(await second.page.locator('#tl-variant').inputValue(), '0');
    assert.equal(await second.page.locator('#tl-clients').inputValue(), '4');
    assert.equal(await second.page.locator('#tl-start').inputValue(), '100');
    assert.equal(await second.page.locator('#tl-length').inputValue(), '30');
    assert.equal(await second.page.locator('#pw-clients').inputValue(), '4');
    assert.match(await second.page.locator('#latency-summary').textContent(), /^4 clients: /);
    // The timeline that follows the run shows that point and window.
    await second.page.locator('#timeline-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.match(await second.page.locator('#tl-status').textContent(), /, 4 clients: .* in 100–130 ms/);
    assert.equal(await second.page.locator('html').getAttribute('data-theme'), null);
    assert.deepEqual(second.problems, []);
  } finally {
    await second.context.close();
  }
  // The embed in a reader whose browser is set to light: dark, as the embed asked.
  const third = await open({ viewport: { width: 480, height: 320 }, colorScheme: 'light' }, src);
  try {
    await done(third.page, third.problems);
    assert.equal(await third.page.locator('body').getAttribute('data-embed'), 'plot');
    assert.equal(await third.page.locator('html').getAttribute('data-theme'), 'dark');
    const bg = await third.page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
    assert.equal(bg, 'rgb(22, 24, 28)');
    // The chart is drawn in the dark theme too: its background pixel is dark.
    const px = await third.page.locator('#plot-canvas').evaluate((c) => Array.from(c.getContext('2d').getImageData(2, 2, 1, 1).data));
    assert.ok(px[0] < 60 && px[1] < 60 && px[2] < 60, `canvas background ${px}`);
    await third.page.screenshot({ path: join(artifacts, 'embed-dark-480x320.png') });
    assert.deepEqual(third.problems, []);
  } finally {
    await third.context.close();
  }
});

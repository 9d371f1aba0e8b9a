// The edit-run-share loop (issue 22): stale results are marked, the run bar stays on screen with
// the run's cost and the form's problems, Ctrl+Enter runs, cheap edits re-run by themselves,
// the address bar and Copy link carry the form's experiment (and refuse an invalid one), titles
// follow the scenario, broken links stay put, Cancel brings the previous results back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LOAD_TIMEOUT_MS, artifacts, openPage, settled, shorten, startBrowser, stopBrowser,
} from './support.mjs';

let server, url, browser;

before(async () => {
  ({ server, url, browser } = await startBrowser());
});

after(async () => {
  await stopBrowser({ server, browser });
});

/** The address bar now (page.url() follows replaceState a little later). */
const href = (page) => page.evaluate(() => location.href);

const clip = { permissions: ['clipboard-read', 'clipboard-write'] };

/** Open the page (runs replaced by edits terminate busy workers: worker closes are fine). */
function open(contextOptions = {}, target = url) {
  return openPage(browser, { viewport: { width: 1366, height: 768 }, ...contextOptions }, target);
}

/** Whether the element is inside the viewport. */
async function onScreen(page, selector) {
  return page.locator(selector).evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight + 0.5 && r.height > 0;
  });
}

async function waitState(page, state) {
  await page.locator(`#plot[data-state="${state}"]`).waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
}

test('stale results are marked, the run bar stays on screen, cheap edits re-run, Ctrl+Enter runs, Cancel keeps the previous results', async () => {
  const { context, page, problems } = await open(clip);
  try {
    assert.equal(await settled(page, problems), 'done');
    // The run bar with the cost, on screen wherever the form is scrolled.
    assert.match(await page.locator('#run-summary').textContent(), /^8 runs: .* · (under a second|about \d+ s) · Ctrl\+Enter runs$/);
    await page.locator('#workload-kind').scrollIntoViewIfNeeded();
    assert.ok(await onScreen(page, '#run'), 'Run scrolled away');
    assert.ok(await onScreen(page, '#progress'), 'progress scrolled away');
    const firstLink = await href(page);
    // A cheap edit: the old results are marked stale at once, then re-run by themselves.
    await page.fill('#f-cores', '2');
    assert.equal(await page.locator('#results').getAttribute('data-stale'), '');
    assert.equal(await page.locator('#stale-note').isVisible(), true);
    assert.match(await page.locator('#stale-note').textContent(), /Out of date.*runs again by itself/);
    // The address bar follows the form at once, and Copy link copies exactly it.
    assert.notEqual(await href(page), firstLink);
    await page.screenshot({ path: join(artifacts, 'loop-stale.png') });
    await page.locator('#plot[data-stale="false"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.equal(await page.locator('#stale-note').isHidden(), true);
    assert.equal(await page.locator('#results').getAttribute('data-stale'), null);
    assert.equal(await page.locator('#summary tbody tr').count(), 4);
    assert.match(await page.locator('#machine-caption').textContent(), /^4 CPUs/);
    await page.locator('#copy-link').click();
    assert.equal(await page.locator('#share-url').inputValue(), await href(page));
    await page.waitForFunction(() => document.querySelector('#share-status').textContent === 'Link copied.');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await href(page));
    // An expensive edit waits for Run and says what it costs.
    await page.fill('#f-duration', '20000');
    await page.fill('#f-clients', '1, 2, 4, 8, 16, 32');
    await page.waitForTimeout(900);
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'done');
    assert.match(await page.locator('#stale-action').textContent(), /Press Run \(Ctrl\+Enter\) to update: about \d+ (s|min)\./);
    assert.match(await page.locator('#run-summary').textContent(), /^12 runs: .* about \d+ (s|min)/);
    // Ctrl+Enter runs from anywhere; Run is disabled while it goes on.
    await page.locator('#f-seed').focus();
    await page.keyboard.press('Control+Enter');
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'running');
    assert.equal(await page.locator('#run').isDisabled(), true);
    assert.match(await page.locator('#run').getAttribute('title'), /in progress/);
    // Ctrl+Enter again does not restart it.
    await page.keyboard.press('Control+Enter');
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'running');
    await page.waitForTimeout(300);
    await page.locator('#cancel').click();
    // Cancel brings back the previous (2-core) results, marked stale against the form.
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'cancelled');
    assert.match(await page.locator('#status').textContent(), /showing the previous results again/);
    assert.equal(await page.locator('#summary tbody tr').count(), 4);
    assert.equal(await page.locator('#stale-note').isVisible(), true);
    assert.equal(await page.locator('#run').isDisabled(), false);
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('every problem is listed by the run bar, links to its field, and Copy link refuses with the reason', async () => {
  const { context, page, problems } = await open(clip);
  try {
    await settled(page, problems);
    const validLink = await href(page);
    await page.fill('#f-sockets', '0');
    await page.fill('#f-iterations', '0');
    const items = page.locator('#run-errors li');
    assert.equal(await items.count(), 2);
    assert.equal(await page.locator('#run-errors-title').textContent(), 'Fix these 2 problems to run:');
    const texts = await items.allTextContents();
    assert.match(texts[0], /^Sockets: must be 1 to 8$/);
    assert.match(texts[1], /^Iterations: must be 1 to 64$/);
    // No Rust range syntax anywhere on the page.
    assert.doesNotMatch(await page.locator('body').innerText(), /\d\.\.=\d/);
    assert.ok(await onScreen(page, '#run-errors'), 'the problems are not next to Run');
    await page.locator('#plot').scrollIntoViewIfNeeded();
    // A link focuses its field (which is marked aria-invalid) and leaves the address bar alone.
    await page.locator('#run-errors a', { hasText: 'Iterations' }).click();
    assert.equal(await page.evaluate(() => document.activeElement.id), 'f-iterations');
    assert.equal(await page.locator('#f-iterations').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#f-sockets').getAttribute('aria-invalid'), 'true');
    assert.equal(await href(page), validLink, 'an invalid form changed the address bar');
    await page.screenshot({ path: join(artifacts, 'loop-problems.png') });
    // Copy link refuses and says why; the clipboard keeps what it had.
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await page.locator('#copy-link').click();
    assert.match(await page.locator('#share-status').textContent(), /^Not copied: the form has a problem \(and 1 more\): Sockets: must be 1 to 8\./);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'before');
    // Keyboard: Ctrl+Enter says why nothing runs.
    await page.keyboard.press('Control+Enter');
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'done');
    await page.fill('#f-sockets', '1');
    await page.fill('#f-iterations', '1');
    assert.equal(await page.locator('#run-errors-box').isHidden(), true);
    // A rule over two fields is listed too, and links to a field.
    await page.fill('#f-warmup', '5000');
    assert.deepEqual(await items.allTextContents(), ['Warm-up (ms): must be shorter than the run (300 ms) (got 5000)']);
    await page.fill('#f-warmup', '60');
    assert.equal(await page.locator('#f-sockets').getAttribute('aria-invalid'), null);
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('the title follows the scenario until the user types one', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await page.selectOption('#preset', 't1');
    await shorten(page, '1', '100', '20');
    let title = await page.locator('#f-title').inputValue();
    assert.match(title, /^dbench on skl-client-8t, hwp: /);
    // 2 sockets: the machine is not skl-client-8t any more, and the title says so.
    await page.fill('#f-sockets', '2');
    title = await page.locator('#f-title').inputValue();
    assert.match(title, /^dbench on 2 × 4 cores × 2 threads \(16 CPUs\), hwp: 4\.15-prev-idle vs 4\.15-recent-used$/);
    await page.locator('#plot[data-stale="false"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.equal(await page.locator('#plot-title').textContent(), title);
    // Once typed, the title stays through edits.
    await page.fill('#f-title', 'my two-socket laptop');
    await page.fill('#f-sockets', '1');
    assert.equal(await page.locator('#f-title').inputValue(), 'my two-socket laptop');
    // Emptied, it follows the scenario again.
    await page.fill('#f-title', '');
    // (the machine is no longer the skl-client-8t preset once its shape was edited)
    assert.match(await page.locator('#f-title').inputValue(), /^dbench on 4 cores × 2 threads \(8 CPUs\), hwp: /);
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('a broken link stays in the address bar and its message can be copied', async () => {
  const bad = `${url}#w1.this-is-not-a-link`;
  const { context, page, problems } = await open(clip, bad);
  try {
    assert.equal(await settled(page, problems), 'done');
    assert.equal(await href(page), bad);
    const banner = page.locator('#link-error');
    assert.match(await banner.textContent(), /could not be opened/);
    await page.locator('#copy-link-error').click();
    await page.waitForFunction(() => document.querySelector('#link-error-status').textContent === 'Message copied.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(copied.startsWith(await banner.textContent()), copied);
    assert.ok(copied.endsWith(`Link: ${bad}`), copied);
    await page.screenshot({ path: join(artifacts, 'loop-bad-link.png') });
    // An edit then puts the form's link there.
    await page.fill('#f-seed', '7');
    assert.notEqual(await href(page), bad);
    assert.match(await href(page), /#w1\./);
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('hackbench counts groups; a client count listed twice is refused', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await page.fill('#f-clients', '1, 1');
    assert.equal(await page.locator('#f-clients-error').textContent(), '1 is listed twice');
    assert.equal(await page.locator('#run').isDisabled(), true);
    await page.selectOption('#workload-kind', 'hackbench');
    await shorten(page, '1, 2', '60', '20');
    await page.locator('#plot[data-stale="false"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.equal(await page.locator('#summary thead th').first().textContent(), 'groups');
    assert.match(await page.locator('#plot-canvas').getAttribute('aria-label'), /against groups count/);
    assert.match(await page.locator('#run-summary').textContent(), / × 2 group counts × /);
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('the PNG export has the chosen size and the title', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    for (const [size, w, h] of [['960x540', 960, 540], ['1920x1080', 1920, 1080]]) {
      await page.selectOption('#png-size', size);
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export-png').click()]);
      assert.match(download.suggestedFilename(), new RegExp(`^wakelab-default-${w}x${h}\\.png$`));
      const png = readFileSync(await download.path());
      assert.equal(png.readUInt32BE(16), w);
      assert.equal(png.readUInt32BE(20), h);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [name, options] of [
  ['light, DPR 2', { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 2, colorScheme: 'light' }],
  ['dark', { viewport: { width: 1920, height: 1080 }, colorScheme: 'dark' }],
  ['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
]) {
  test(`the run bar and the stale mark: ${name}`, async () => {
    const { context, page, problems } = await open(options);
    try {
      await settled(page, problems);
      await page.fill('#f-sockets', '0');
      await page.fill('#f-duration', '20000');
      await page.locator('#f-sockets').scrollIntoViewIfNeeded();
      assert.ok(await onScreen(page, '#run'));
      const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await page.screenshot({ path: join(artifacts, `loop-runbar-${slug}.png`) });
      await page.fill('#f-sockets', '1');
      await page.locator('#plot').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `loop-stale-${slug}.png`) });
      assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
    } finally {
      await context.close();
    }
  });
}

test('the JSON editor names the field of a type error', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await page.locator('details.advanced summary').click();
    const json = JSON.parse(await page.locator('#json').inputValue());
    json.variants[1].name = 7;
    await page.fill('#json', JSON.stringify(json));
    await page.locator('#json-apply').click();
    assert.match(await page.locator('#json-error').textContent(), /^Not applied: variants\[1\]\.name: invalid type: integer `7`/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the timeline says when a recording bound left wake-ups out', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await page.locator('details.advanced summary').click();
    const json = JSON.parse(await page.locator('#json').inputValue());
    json.scenario.engine = { ...(json.scenario.engine ?? {}), max_wakeup_records: 50 };
    await page.fill('#json', JSON.stringify(json));
    await page.locator('#json-apply').click();
    assert.equal(await page.locator('#json-error').textContent(), 'Applied.');
    await page.locator('#plot[data-stale="false"][data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.locator('#timeline-card[data-capped="true"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.match(await page.locator('#tl-status').textContent(),
      /engine\.max_wakeup_records \(50\), reached at [\d.]+ ms, before this window: none are listed/);
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

test('embeds are chrome-free by default, run one worker, and the comparison has its title', async () => {
  for (const [which, controls] of [['plot', ''], ['compare', ''], ['plot', '&controls=run']]) {
    const { context, page, problems } = await open({ viewport: { width: 600, height: 400 } }, `${url}?embed=${which}${controls}`);
    try {
      assert.equal(await settled(page, problems), 'done');
      assert.equal(await page.locator('#runbar').isVisible(), controls !== '', `${which}${controls}`);
      assert.equal(page.workers().length, 1, 'one worker per embed');
      assert.equal(await page.locator('#plot-title').isVisible(), true);
      assert.equal(await page.locator('#open-full').isVisible(), true);
      if (which === 'compare') {
        assert.equal(await page.locator('#compare').isVisible(), true);
        assert.equal(await page.locator('#ops').isVisible(), false);
      } else {
        const box = await page.locator('#plot-canvas').boundingBox();
        assert.ok(box.height > (controls ? 150 : 230), `the plot is ${box.height} px tall in a 400 px frame`);
      }
      await page.screenshot({ path: join(artifacts, `loop-embed-${which}${controls ? '-controls' : ''}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  }
});

test('an embed further down a page starts its worker and run only when scrolled into view', async () => {
  const { context, page, problems } = await open({ viewport: { width: 800, height: 600 } }, 'about:blank');
  try {
    // No loading="lazy": the frame loads at once, and the page itself must wait (item 7).
    await page.setContent(`<div style="height: 2500px">docs text</div><iframe id="f" src="${url}?embed=plot" width="600" height="400"></iframe>`);
    const frame = page.frameLocator('#f');
    await frame.locator('#status', { hasText: 'Runs when scrolled into view.' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await page.waitForTimeout(1500);
    assert.equal(await frame.locator('#plot').getAttribute('data-state'), 'idle');
    assert.equal(page.workers().length, 0, 'no worker before the embed is seen');
    await page.locator('#f').scrollIntoViewIfNeeded();
    await frame.locator('#plot[data-state="done"]').waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
    assert.equal(page.workers().length, 1);
    await page.screenshot({ path: join(artifacts, 'loop-embed-scrolled.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the gallery: a card per preset, one click runs it, and a jump link to the editor', async () => {
  const { context, page, problems } = await open({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    await settled(page, problems);
    const cards = page.locator('#gallery-cards .gallery-card');
    assert.ok(await cards.count() >= 6, `${await cards.count()} cards`);
    assert.equal(await cards.first().getAttribute('aria-current'), 'true');
    assert.match(await cards.first().locator('.tag').textContent(), /Start here/);
    await page.screenshot({ path: join(artifacts, 'loop-gallery-phone.png') });
    await page.locator('#gallery-cards [data-preset="t1"]').click();
    assert.equal(await page.locator('#preset').inputValue(), 't1');
    assert.equal(await page.locator('#gallery-cards [data-card="t1"]').getAttribute('aria-current'), 'true');
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'running');
    await page.locator('#cancel').click();
    // The jump link reaches the editor, which on a phone comes after the results.
    await page.locator('.jump').click();
    assert.ok(await page.locator('#scenario').evaluate((e) => Math.abs(e.getBoundingClientRect().top) < 50));
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

/** axe-core's serious and critical findings on the page as it is now. */
async function axeFindings(page) {
  const source = readFileSync(join(import.meta.dirname, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark']) {
  test(`axe-core finds nothing serious or critical: ${colorScheme}, with problems listed and results stale`, async () => {
    // bypassCSP: only to inject axe itself (the page's CSP forbids inline scripts).
    const { context, page, problems } = await open({ colorScheme, bypassCSP: true });
    try {
      await settled(page, problems);
      await page.fill('#f-duration', '20000');
      await page.fill('#f-sockets', '0');
      await page.locator('#copy-link').click();
      const findings = await axeFindings(page);
      assert.deepEqual(findings, []);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a link to hours of simulation does not start by itself, and Run asks first', async () => {
  // t3 with 20 runs of 60 s per point (`wakelab link encode` of that experiment): the page's
  // estimate is far beyond runbar::CONFIRM_MS (issue 21 item 4).
  const long = `${url}#w1.eNp1jUEOgjAQRe8yaxbVWpWuvElTyxgaoSVtQQnh7k4REkPibCaZef_9CfDdYbAtugRygruOCBISvx2hgE4nU-ezTRh0st5FkEdWQDTodLA-_0Lv8qr6L6FaYs6MZi7g5cOz8bpa1GPCqKhM-Q6kuDDymMZSsdIP8quIrlJmNA3GzNcW5EGUGWuoSPDFuCZ22JVv2PmwYBHDQMr_4tNlS5zK38QOY0ysGOeCzXkKGOgxfwCtnGUT`;
  const { context, page, problems } = await open({}, long);
  try {
    await page.waitForFunction(
      () => /^Not started: a long experiment/.test(document.querySelector('#status')?.textContent ?? ''),
      null, { timeout: LOAD_TIMEOUT_MS },
    );
    let asked = '';
    page.once('dialog', async (d) => { asked = d.message(); await d.dismiss(); });
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Not run.', null, { timeout: LOAD_TIMEOUT_MS });
    assert.match(asked, /will take about \d+ min on this page\. Run it\?$/);
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'waiting');
    assert.deepEqual(problems.filter((p) => !p.startsWith('worker closed')), []);
  } finally {
    await context.close();
  }
});

// End-to-end tests of "Import a scheduler trace" (crates/wakelab-web/src/sched_import_ui.rs,
// issue 18): the committed tbench excerpt (recordings/excerpts/, perf script, gzip) is loaded
// through the file input, the summary shows the tbench groups, their wake-up edges and both
// CPUs, and "Run this workload" runs the derived workload under the form's two kernels; the
// group table's checkboxes and the minimum-bursts field choose the derived tasks (the CLI's
// --groups / --min-bursts); a malformed trace shows the parser's line-numbered message; a
// truncated gzip its gzip message.
// Same set-up as the other e2e tests: dist/ on a free loopback port, Debian's Chromium via
// playwright-core, and every test fails on a console error, an uncaught exception or a failed
// request. Screenshots go to tests/e2e/artifacts/ (git-ignored).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOAD_TIMEOUT_MS, artifacts, here, openPage, settled, startBrowser, stopBrowser } from './support.mjs';

const EXCERPT = resolve(here, '../../recordings/excerpts/tbench-c2-50ms.perf-script.txt.gz');

let server, url, browser;

before(async () => {
  ({ server, url, browser } = await startBrowser());
});

after(() => stopBrowser({ server, browser }));

async function done(page, problems) {
  assert.equal(await settled(page, problems), 'done',
    `${await page.locator('#error').textContent()} ${problems.join('; ')}`);
}

/** Load a file into the panel and wait until the worker answered (summary or error). */
async function load(page, file) {
  await page.setInputFiles('#sched-file', file);
  await page.locator('#sched-card[data-state="done"], #sched-card[data-state="error"]')
    .waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
  return page.locator('#sched-card').getAttribute('data-state');
}

const SIZES = [
  ['light-1366', { viewport: { width: 1366, height: 768 }, colorScheme: 'light' }],
  ['dark-1366', { viewport: { width: 1366, height: 768 }, colorScheme: 'dark' }],
  ['light-390', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, colorScheme: 'light', isMobile: true, hasTouch: true }],
  ['dark-390', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, colorScheme: 'dark', isMobile: true, hasTouch: true }],
];

test('the tbench excerpt: its summary, then its derived workload runs under two kernels', async () => {
  const { context, page, problems } = await openPage(browser, SIZES[0][1], url);
  try {
    await done(page, problems);
    assert.equal(await load(page, EXCERPT), 'done', await page.locator('#sched-error').textContent());
    assert.equal(await page.locator('#sched-error').isVisible(), false);
    assert.match(await page.locator('#sched-status').textContent(),
      /^Read tbench-c2-50ms\.perf-script\.txt\.gz in \d+ ms\.$/);
    assert.match(await page.locator('#sched-overview').textContent(),
      /^perf script: 2 CPUs, 50\.\d ms, 19 tasks, 8000 context switches, 4294 wake-ups/);
    // The per-group table: the two tbench groups first (most CPU time), with numbers.
    const groups = await page.locator('#sched-groups tbody th').allTextContents();
    assert.deepEqual(groups.slice(0, 2), ['tbench', 'tbench_srv']);
    const heads = await page.locator('#sched-groups thead th').allTextContents();
    assert.equal(heads.length, 11);
    const tbench = await page.locator('#sched-groups tbody tr[data-group="tbench"] td').allTextContents();
    assert.equal(tbench[0], '2 (2)', 'tasks (kept in the derived workload)');
    assert.match(tbench[1], /^\d+%$/, 'CPU share');
    for (const i of [2, 3, 4, 5, 6]) assert.match(tbench[i], /^\d+(\.\d)?$/, `${heads[i + 1]}: ${tbench[i]}`);
    // Who wakes whom: the client wakes the server most.
    const edge = await page.locator('#sched-edges tbody tr').first().locator('th, td').allTextContents();
    assert.deepEqual(edge.slice(0, 3), ['tbench', 'tbench_srv', '3470']);
    // Per CPU: two rows and two bars.
    assert.equal(await page.locator('#sched-cpus tbody tr').count(), 2);
    assert.equal(await page.locator('#sched-cpu-canvas').getAttribute('data-categories'), '0|1');
    assert.match(await page.locator('#sched-derived').textContent(), /Derived workload: 4 tasks .* at 3000 MHz/);
    // Another recording clock derives the workload again from the same file.
    await page.locator('#sched-card').evaluate((c) => c.setAttribute('data-state', 'idle'));
    await page.fill('#sched-mhz', '1500');
    await page.locator('#sched-mhz').dispatchEvent('change');
    await page.locator('#sched-card[data-state="done"]').waitFor({ timeout: LOAD_TIMEOUT_MS });
    assert.match(await page.locator('#sched-derived').textContent(), /Derived workload: 4 tasks .* at 1500 MHz/);
    // ... without parsing it again: the idle pool hands the job to the worker that read it,
    // which kept its events.
    assert.match(await page.locator('#sched-status').textContent(),
      /^Derived again from tbench-c2-50ms\.perf-script\.txt\.gz's events, kept by the worker that read it, in \d+ ms\.$/);

    // Run this workload: the form's workload becomes the derived one, the run has one client
    // count and the form's two variants.
    const run = page.locator('#sched-run');
    assert.equal(await run.isEnabled(), true);
    await run.click();
    // (the clock's change fires on the click: the file is read again, then its workload runs)
    await page.locator('#plot-title', { hasText: 'Trace: ' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await done(page, problems);
    assert.equal(await page.locator('#workload-kind').inputValue(), 'custom');
    assert.equal(await page.locator('#f-clients').inputValue(), '1');
    assert.equal(await page.locator('#plot-title').textContent(), 'Trace: tbench-c2-50ms.perf-script.txt.gz');
    await page.locator('#runbar').evaluate((b) => { b.style.display = 'none'; });
    await page.locator('#plot').screenshot({ path: join(artifacts, 'trace-import-run.png') });
    await page.locator('#runbar').evaluate((b) => { b.style.display = ''; });
    const rows = await page.locator('#summary tbody tr').allTextContents();
    assert.equal(rows.length, 1, rows.join(' | '));
    assert.equal(await page.locator('#summary thead th').count() >= 3, true, 'two variants');
    // The link carries the derived workload and stays short.
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /^#w1\./);
    assert.ok(hash.length < 2000, `link ${hash.length} characters`);
    assert.equal(await page.locator('#link-warning').isVisible(), false);
    // ... and reopens the same experiment.
    const again = await openPage(browser, SIZES[0][1], `${url}${hash}`);
    try {
      await done(again.page, again.problems);
      assert.equal(await again.page.locator('#workload-kind').inputValue(), 'custom');
      assert.equal(await again.page.locator('#plot-title').textContent(), 'Trace: tbench-c2-50ms.perf-script.txt.gz');
      assert.deepEqual(again.problems, []);
    } finally {
      await again.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** Tasks of the form's workload, from the JSON editor. */
async function formTasks(page) {
  const json = JSON.parse(await page.locator('#json').inputValue());
  return json.scenario.workload.tasks.map((t) => t.name);
}

/** Change a derivation option and wait for the worker's new derivation. */
async function rederive(page, change) {
  await page.locator('#sched-card').evaluate((c) => c.setAttribute('data-state', 'idle'));
  await change();
  await page.locator('#sched-card[data-state="done"], #sched-card[data-state="error"]')
    .waitFor({ state: 'attached', timeout: LOAD_TIMEOUT_MS });
  return page.locator('#sched-card').getAttribute('data-state');
}

test('the comm groups and minimum bursts choose the derived workload, as trace-import --groups / --min-bursts', async () => {
  const { context, page, problems } = await openPage(browser, SIZES[0][1], url);
  try {
    await done(page, problems);
    assert.equal(await load(page, EXCERPT), 'done', await page.locator('#sched-error').textContent());
    // Every box ticked (the CLI's default: no --groups); the kept column says which tasks.
    const boxes = page.locator('#sched-groups tbody input[type="checkbox"]');
    const n = await boxes.count();
    assert.ok(n >= 10, `${n} groups`);
    for (let i = 0; i < n; i++) assert.equal(await boxes.nth(i).isChecked(), true);
    const kept = async (g) => page.locator(`#sched-groups tbody tr[data-group="${g}"] td.kept`).textContent();
    assert.deepEqual([await kept('tbench'), await kept('tbench_srv'), await kept('cc*')], ['2 (2)', '2 (2)', '1 (0)']);
    assert.match(await page.locator('#sched-derived').textContent(),
      /Derived workload: 4 tasks .* from every comm group with at least 10 bursts each/);
    assert.match(await page.locator('#sched-derived .sched-cli').textContent(),
      /wakelab trace-import tbench-c2-50ms\.perf-script\.txt\.gz --workload$/);

    // Untick tbench_srv (by its label): the clients alone, as --groups without it.
    assert.equal(await rederive(page, () => page.getByLabel('tbench_srv', { exact: true }).uncheck()), 'done');
    assert.equal(await page.locator('input[data-group="tbench_srv"]').isChecked(), false, 'the box stays cleared');
    assert.match(await page.locator('#sched-derived').textContent(),
      new RegExp(`Derived workload: 2 tasks .* from the ${n - 1} ticked comm groups`));
    assert.deepEqual([await kept('tbench'), await kept('tbench_srv')], ['2 (2)', '2 (0)']);
    const cli = await page.locator('#sched-derived .sched-cli code').textContent();
    assert.match(cli, /--groups '?tbench,/);
    assert.doesNotMatch(cli, /tbench_srv/);

    // The minimum: a wrong value names the field and leaves nothing to run ...
    assert.equal(await rederive(page, () => page.getByLabel('Minimum bursts per task').fill('2.5')
      .then(() => page.locator('#sched-min-bursts').dispatchEvent('change'))), 'error');
    assert.match(await page.locator('#sched-error').textContent(),
      /^Minimum bursts per task must be a whole number between 0 and 4000000 \(got 2\.5\)\.$/);
    assert.equal(await page.locator('#sched-min-bursts').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#sched-run').isEnabled(), false);
    // ... 0 keeps every task of the ticked groups, however short-lived ...
    assert.equal(await rederive(page, () => page.fill('#sched-min-bursts', '0')
      .then(() => page.locator('#sched-min-bursts').dispatchEvent('change'))), 'done');
    assert.equal(await page.locator('#sched-error').isVisible(), false);
    assert.equal(await page.locator('#sched-min-bursts').getAttribute('aria-invalid'), null);
    assert.equal(await kept('cc*'), '1 (1)');
    assert.match(await page.locator('#sched-derived .sched-cli').textContent(), /--min-bursts 0$/);
    // ... and back to the default.
    assert.equal(await rederive(page, () => page.fill('#sched-min-bursts', '10')
      .then(() => page.locator('#sched-min-bursts').dispatchEvent('change'))), 'done');
    assert.match(await page.locator('#sched-derived').textContent(), /Derived workload: 2 tasks /);

    // Clearing every box is refused (an empty --groups would mean every group).
    // (each box re-derives; the last one's refusal drops the derivation still in flight)
    assert.equal(await rederive(page, async () => {
      for (let i = 0; i < n; i++) await boxes.nth(i).uncheck();
    }), 'error');
    assert.match(await page.locator('#sched-error').textContent(), /^Comm groups in the workload: tick at least one group/);
    assert.equal(await page.locator('#sched-run').isEnabled(), false);
    // tick tbench alone again (every other box stays cleared): the same two clients
    assert.equal(await rederive(page, async () => {
      for (let i = 0; i < n; i++) {
        if (await boxes.nth(i).getAttribute('data-group') !== 'tbench_srv') await boxes.nth(i).check();
      }
    }), 'done');
    assert.match(await page.locator('#sched-derived').textContent(), /Derived workload: 2 tasks /);

    // A narrow window in the dark: nothing wider than the page (the table scrolls inside).
    await page.setViewportSize({ width: 420, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 420 px`);
    await page.locator('#runbar').evaluate((b) => { b.style.display = 'none'; });
    await page.locator('#sched-card').screenshot({ path: join(artifacts, 'trace-import-groups-dark-420.png') });
    await page.locator('.table-wrap:has(> #sched-groups)').screenshot({ path: join(artifacts, 'trace-import-groups-table-dark-420.png') });
    await page.locator('.sched-pick').screenshot({ path: join(artifacts, 'trace-import-options-dark-420.png') });
    await page.locator('#runbar').evaluate((b) => { b.style.display = ''; });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(SIZES[0][1].viewport);

    // Run: the form's workload is the two clients, and it runs.
    await page.locator('#sched-run').click();
    await page.locator('#plot-title', { hasText: 'Trace: ' }).waitFor({ timeout: LOAD_TIMEOUT_MS });
    await done(page, problems);
    const tasks = await formTasks(page);
    assert.equal(tasks.length, 2, tasks.join(', '));
    assert.ok(tasks.every((t) => /^tbench\/\d+$/.test(t)), tasks.join(', '));
    assert.equal((await page.locator('#summary tbody tr').allTextContents()).length, 1);
    // The link carries the two-task workload.
    const hash = await page.evaluate(() => location.hash);
    assert.match(hash, /^#w1\./);
    const again = await openPage(browser, SIZES[0][1], `${url}${hash}`);
    try {
      await done(again.page, again.problems);
      assert.deepEqual(await formTasks(again.page), tasks);
      assert.deepEqual(again.problems, []);
    } finally {
      await again.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('hostile traces: a malformed line is named, a truncated gzip is refused, nothing breaks', async () => {
  const { context, page, problems } = await openPage(browser, SIZES[0][1], url);
  try {
    await done(page, problems);
    const text = [
      '          tbench 23908 [000]  7556.161410173:       sched:sched_waking: comm=tbench_srv pid=23910 prio=120 target_cpu=000',
      '          tbench 23908 [000]  7556.161413950:       sched:sched_switch: prev_comm=tbench prev_pid=23908 prev_prio=120 prev_state=R ==> next_comm=tbench_srv next_pid=23910 next_prio=120',
      '<img src=x onerror=alert(1)> this is not an event',
      '',
    ].join('\n');
    assert.equal(await load(page, { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(text) }), 'error');
    const err = page.locator('#sched-error');
    assert.equal(await err.isVisible(), true);
    assert.match(await err.textContent(), /^Could not read the trace: line 3: expected /);
    assert.equal(await err.locator('img').count(), 0, 'file text is never HTML');
    assert.equal(await page.locator('#sched-summary').isVisible(), false);
    assert.equal(await page.locator('#sched-run').isEnabled(), false);
    await page.locator('#sched-card').screenshot({ path: join(artifacts, 'trace-import-error.png') });

    // Half of the gzip'ed excerpt: the gzip reader's message.
    const gz = readFileSync(EXCERPT);
    await page.locator('#sched-card').evaluate((c) => c.setAttribute('data-state', 'idle'));
    assert.equal(await load(page, { name: 'cut.txt.gz', mimeType: 'application/gzip', buffer: gz.subarray(0, gz.length >> 1) }), 'error');
    assert.match(await err.textContent(), /^Could not read the trace: gzip: /);
    // The page still works: a good file afterwards replaces the message by the summary.
    await page.locator('#sched-card').evaluate((c) => c.setAttribute('data-state', 'idle'));
    assert.equal(await load(page, EXCERPT), 'done');
    assert.equal(await err.isVisible(), false);
    assert.equal(await page.locator('#sched-groups tbody tr').first().locator('th').textContent(), 'tbench');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('an experiment too large for a link is never written to the address bar; Copy link says why', async () => {
  const { context, page, problems } = await openPage(browser, SIZES[0][1], url);
  try {
    await done(page, problems);
    await page.selectOption('#workload-kind', 'custom');
    await page.locator('#ed-tasks input').first().waitFor();
    const fits = await page.evaluate(() => location.hash);
    assert.match(fits, /^#w1\./);
    // 300 copies of the example task with incompressible 100-character names: ~23 KB of link.
    const json = JSON.parse(await page.locator('#json').inputValue());
    const task = json.scenario.workload.tasks[0];
    let x = 12345;
    const letter = () => { x = (x * 1103515245 + 12345) % 2147483648; return 'abcdefghijklmnopqrstuvwxyz0123456789'[x % 36]; };
    json.scenario.workload.tasks = Array.from({ length: 300 }, () => ({ ...task, name: Array.from({ length: 100 }, letter).join('') }));
    await page.locator('details.advanced summary').click();
    await page.fill('#json', JSON.stringify(json));
    await page.locator('#json-apply').click();
    assert.match(await page.locator('#json-error').textContent(), /^Applied\.$/);
    await page.locator('#copy-link').click();
    const warning = page.locator('#link-warning');
    assert.equal(await warning.isVisible(), true);
    assert.match(await warning.textContent(), /^This experiment does not fit in a link: it would be \d+ characters, more than the 16384/);
    assert.match(await page.locator('#share-status').textContent(), /does not fit in a link/);
    assert.equal(await page.evaluate(() => location.hash), fits, 'the address bar keeps the last link that fitted');
    await page.locator('#cancel').click().catch(() => {});
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [name, options] of SIZES) {
  test(`the panel with the tbench summary, screenshot ${name}`, async () => {
    const { context, page, problems } = await openPage(browser, options, url);
    try {
      await done(page, problems);
      assert.equal(await load(page, EXCERPT), 'done');
      // Nothing in the card is wider than the page (tables scroll inside their wrappers).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      // The sticky run bar would cover part of the tall card in an element screenshot.
      await page.locator('#runbar').evaluate((b) => { b.style.display = 'none'; });
      await page.locator('#sched-card').screenshot({ path: join(artifacts, `trace-import-${name}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

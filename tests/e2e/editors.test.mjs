// End-to-end tests of the scenario editor (crates/wakelab-web/src/editor): the machine editor and
// its picture, governor parameters, variants, interference and custom tasks as form controls,
// messages by their fields, and edited scenarios through the share link. Same set-up as
// page.test.mjs: dist/ served on a free loopback port, Debian's Chromium via playwright-core,
// every test fails on a console error, an uncaught exception or a failed request. Screenshots
// go to tests/e2e/artifacts/editor-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, openPage, settled, shorten, startBrowser, stopBrowser } from './support.mjs';

const DESKTOP = { viewport: { width: 1280, height: 1000 }, colorScheme: 'light' };

let server, url, browser;

before(async () => {
  ({ server, url, browser } = await startBrowser());
});

after(() => stopBrowser({ server, browser }));

/** Open `target` and record every problem the page reports. Runs that are replaced by a new
 * Run terminate busy workers, so closing workers is not a problem here. */
function open(contextOptions = DESKTOP, target = url) {
  return openPage(browser, contextOptions, target);
}

async function run(page, problems) {
  await page.locator('#run').click();
  assert.equal(await settled(page, problems), 'done', await page.locator('#error').textContent());
}

/** Pixels of the canvas within `tol` of an RGB colour (a series' colour from the theme). */
function pixelsOf(page, rgb, tol = 40) {
  return page.locator('#plot-canvas').evaluate((c, [r, g, b, t]) => {
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < t) n++;
    }
    return n;
  }, [...rgb, tol]);
}

test('the machine editor: 2 sockets x 4 cores SMT2, the picture follows, the run plots it', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    // The default machine is skl-client-8t: one socket, 4 cores, SMT2.
    assert.equal(await page.locator('#machine-pic .socket').count(), 1);
    await page.fill('#f-sockets', '2');
    await page.fill('#f-cores', '4');
    await page.selectOption('#f-smt', '2');
    assert.equal(await page.locator('#machine-pic .socket').count(), 2);
    assert.equal(await page.locator('#machine-pic .core').count(), 8);
    assert.equal(await page.locator('#machine-pic .thread').count(), 16);
    // x86 numbering: the sibling of CPU 0 is CPU 8 (= the number of cores).
    assert.deepEqual(await page.locator('#machine-pic .core').first().locator('.thread').allTextContents(), ['0', '8']);
    assert.match(await page.locator('#machine-caption').textContent(), /^16 CPUs: 2 sockets × 1 LLC × 4 cores × 2 threads/);
    // A second socket brings its NUMA distance; the focus stayed in the field being edited.
    assert.equal(await page.locator('#f-remote').inputValue(), '21');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'f-cores');
    await page.selectOption('#f-numbering', 'linear');
    assert.deepEqual(await page.locator('#machine-pic .core').first().locator('.thread').allTextContents(), ['0', '1']);
    // big.LITTLE-style capacities per cluster (here: per LLC) show in the picture.
    await page.fill('#f-llcs', '2');
    await page.fill('#f-capacity', '1024, 512');
    assert.deepEqual(await page.locator('#machine-pic .socket').first().locator('.llc > .pic-label').allTextContents(),
      ['LLC · capacity 1024', 'LLC · capacity 512']);
    await page.fill('#f-capacity', '');
    await page.fill('#f-llcs', '1');
    await shorten(page, '1, 8, 16');
    await run(page, problems);
    assert.equal(await page.locator('#summary tbody tr').count(), 3);
    assert.ok((await pixelsOf(page, [31, 119, 180])) > 300, 'the first variant is drawn');
    await page.locator('#pstates-box summary').click();
    await page.screenshot({ path: join(artifacts, 'editor-machine-light.png'), fullPage: true });
    await page.locator('#scenario').screenshot({ path: join(artifacts, 'editor-scenario-light.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('an invalid value shows its message by the field and does not run', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    const before = await page.locator('#compare').textContent();
    // A field-level mistake...
    await page.fill('#f-cores', '0');
    assert.match(await page.locator('#f-cores-error').textContent(), /1 to 256/);
    assert.equal(await page.locator('#f-cores').getAttribute('aria-invalid'), 'true');
    await page.fill('#f-cores', '4');
    // ...and one only the core's checks see: LLCs must be a multiple of the NUMA nodes.
    await page.fill('#f-nodes', '2');
    await page.fill('#f-llcs', '3');
    assert.match(await page.locator('#f-llcs-error').textContent(), /multiple of nodes_per_socket/);
    assert.equal(await page.locator('#run').isDisabled(), true);
    // Run is refused even when triggered (e.g. by a stale keyboard shortcut): nothing runs.
    await page.locator('#run').evaluate((b) => b.click());
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'done');
    assert.equal(await page.locator('#compare').textContent(), before);
    await page.fill('#f-llcs', '2');
    assert.equal(await page.locator('#f-llcs-error').textContent(), '');
    // A turbo table that rises with more active cores, inside the folded frequency table.
    await page.locator('#pstates-box summary').click();
    await page.fill('#f-turbo', '40, 42');
    assert.match(await page.locator('#f-turbo-error').textContent(), /must not increase/);
    assert.equal(await page.locator('#run').isDisabled(), true);
    await page.locator('#scenario').screenshot({ path: join(artifacts, 'editor-invalid.png') });
    await page.fill('#f-turbo', '42, 40');
    assert.equal(await page.locator('#run').isDisabled(), false);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('governor parameters: only those of the selected governor are shown', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    assert.equal(await page.locator('#f-governor').inputValue(), 'hwp');
    assert.equal(await page.locator('#f-epp').count(), 1);
    assert.equal(await page.locator('#f-dynboost').count(), 1);
    assert.equal(await page.locator('#f-rate-limit').count(), 0);
    await page.fill('#f-epp', '300');
    assert.match(await page.locator('#f-epp-error').textContent(), /0 to 255/);
    await page.fill('#f-epp', '64');
    await page.selectOption('#f-governor', 'schedutil');
    assert.equal(await page.locator('#f-epp').count(), 0);
    assert.equal(await page.locator('#f-rate-limit').count(), 1);
    await page.fill('#f-rate-limit', '2000');
    await page.selectOption('#f-governor', 'performance');
    assert.equal(await page.locator('#f-rate-limit').count(), 0);
    assert.equal(await page.locator('#hwpctl-box').isHidden(), true);
    // The boost hints open their parameters when switched on.
    await page.locator('#f-migboost').check();
    assert.equal(await page.locator('#f-migboost-pct').inputValue(), '80');
    const json = JSON.parse(await page.locator('#json').inputValue());
    assert.deepEqual(json.scenario.freq.migration_boost, { duration_ns: 4000000, level_pct: 80 });
    assert.equal(json.scenario.freq.governor, 'performance');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a 6.18 variant offers the EEVDF features, not SIS_PROP, and runs', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await page.locator('#add-variant').click();
    await page.locator('#v2-name').fill('eevdf');
    await page.selectOption('#v2-version', '6.18');
    for (const f of ['PLACE_LAG', 'RUN_TO_PARITY', 'DELAY_DEQUEUE', 'SIS_UTIL']) {
      assert.equal(await page.locator(`#v2-feat-${f}`).count(), 1, f);
    }
    assert.equal(await page.locator('#v2-feat-SIS_PROP').count(), 0, 'SIS_PROP is gone in 6.18');
    // each feature explains itself, folded; opened, it spans the row
    const det = page.locator('.field', { has: page.locator('#v2-feat-DELAY_DEQUEUE') }).locator('details');
    await det.locator('summary').click();
    assert.match(await det.locator('p').textContent(), /ttwu_runnable/);
    await page.locator('#variants fieldset.variant').nth(2).screenshot({ path: join(artifacts, 'editor-feature-details.png') });
    await det.locator('summary').click();
    await page.selectOption('#v2-feat-DELAY_DEQUEUE', 'off');
    const json = JSON.parse(await page.locator('#json').inputValue());
    assert.deepEqual(json.variants[2].kernel.version, '6.18');
    assert.equal(json.variants[2].kernel.features.DELAY_DEQUEUE, false);
    await page.locator('#variants fieldset.variant').nth(2).screenshot({ path: join(artifacts, 'editor-variant-6.18.png') });
    await shorten(page, '1, 2');
    await run(page, problems);
    const heads = await page.locator('#summary thead th').allTextContents();
    assert.ok(heads.includes('eevdf'), heads.join('|'));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('add a variant with its own governor and see a third curve', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    const third = [44, 160, 44]; // the light theme's third series colour
    const before = await pixelsOf(page, third);
    // Keyboard: the button is reachable and focus lands in the new variant's name.
    await page.locator('#add-variant').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#variants fieldset.variant').count(), 3);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'v2-name');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('perf-gov');
    await page.selectOption('#v2-governor', 'performance');
    await page.selectOption('#v2-feat-SIS_PROP', 'off');
    await shorten(page, '1, 2, 4');
    await run(page, problems);
    const heads = await page.locator('#summary thead th').allTextContents();
    assert.ok(heads.includes('perf-gov'), heads.join('|'));
    assert.match(await page.locator('#plot-canvas').getAttribute('aria-label'), /perf-gov/);
    const after = await pixelsOf(page, third);
    assert.ok(after > before + 300, `third series colour: ${before} -> ${after} pixels`);
    // The comparison has a third column (mmtests splits the name over two header lines).
    assert.match(await page.locator('#compare').textContent(), /^Hmean\s+1(\s+[\d.]+ \(\s*-?[\d.]+%\)){3}$/m);
    await page.locator('#plot').screenshot({ path: join(artifacts, 'editor-three-variants.png') });
    // And removed again.
    await page.locator('#remove-v2').click();
    assert.equal(await page.locator('#variants fieldset.variant').count(), 2);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'add-variant');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('interference and a custom workload as form controls, with messages by field', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await page.locator('#add-rt').click();
    assert.equal(await page.locator('#ed-interference fieldset').count(), 1);
    await page.fill('#itf0-cpus', '99');
    assert.match(await page.locator('#itf0-cpus-error').textContent(), /99|not within the machine/);
    assert.equal(await page.locator('#run').isDisabled(), true);
    await page.fill('#itf0-cpus', '1');
    await page.fill('#itf0-prio', '50');
    await page.locator('#add-irq').click();
    await page.fill('#itf1-cpus', '2-3');
    assert.equal(await page.locator('#run').isDisabled(), false);
    // The custom workload: one example task to start from, its program in the task language.
    await page.selectOption('#workload-kind', 'custom');
    assert.equal(await page.locator('#ed-custom').isVisible(), true);
    assert.equal(await page.locator('#ct-tasks0-name').inputValue(), 'task0');
    await page.fill('#ct-tasks0-program', '[{"wake": {"task": {"task": 7}}}]');
    assert.match(await page.locator('#ct-tasks0-program-error').textContent(), /does not exist/);
    await page.fill('#ct-tasks0-program', '[{"run": ');
    assert.match(await page.locator('#ct-tasks0-program-error').textContent(), /not valid JSON/);
    // group commit's steps are in the hint, and a journal id beyond the table is named
    assert.match(await page.locator('#ct-tasks0-program-hint').textContent(), /commit_wait/);
    // so are a submission that goes on (io's submit_only, io_wait) and kernel mode's preemption point
    assert.match(await page.locator('#ct-tasks0-program-hint').textContent(), /submit_only\}, io_wait/);
    assert.match(await page.locator('#ct-tasks0-program-hint').textContent(), /cond_resched \(in a syscall or a kernel thread\)/);
    // the workqueue flush (xfs's fsync) is in the hint, and a reply target is refused by name
    assert.match(await page.locator('#ct-tasks0-program-hint').textContent(), /flush_workqueue \{task\}/);
    await page.fill('#ct-tasks0-program', '[{"flush_workqueue": {"task": "sender"}}]');
    assert.match(await page.locator('#ct-tasks0-program-error').textContent(), /flush_workqueue\.task/);
    await page.fill('#ct-tasks0-program', '[{"commit_end": {"journal": 64}}]');
    assert.equal(await page.locator('#ct-tasks0-program-error').textContent(),
      '[0].commit_end.journal: must be at most 63 (got 64)');
    // a long program line wraps inside the panel instead of scrolling sideways
    assert.equal(await page.locator('#ct-tasks0-program').evaluate((e) => getComputedStyle(e).whiteSpace), 'pre-wrap');
    // row locks are in the hint too, and a lock id that is not a number or a range is named
    assert.match(await page.locator('#ct-tasks0-program-hint').textContent(), /lock \{id\}, unlock_all/);
    await page.fill('#ct-tasks0-program', '[{"lock": {"id": {"mean": 5}}}, "unlock_all"]');
    assert.equal(await page.locator('#ct-tasks0-program-error').textContent(),
      '[0].lock.id: an id is a number or {"lo", "hi"}');
    await page.fill('#ct-tasks0-program',
      '[{"loop": {"count": null, "body": [{"run": {"cycles": 60000}}, {"ops": {"n": 1}}, {"wake": {"task": {"task": 1}}}, {"wait": null}]}}]');
    await page.locator('#add-task').click();
    await page.fill('#ct-tasks1-program',
      '[{"loop": {"count": null, "body": [{"wait": null}, {"run": {"cycles": 30000}}, {"wake": {"task": {"task": 0}}}]}}]');
    await page.selectOption('#ct-tasks1-class', 'fifo');
    assert.equal(await page.locator('#ct-tasks1-prio').inputValue(), '10');
    assert.equal(await page.locator('#ct-tasks0-program-error').textContent(), '');
    assert.equal(await page.locator('#run').isDisabled(), false, await page.locator('#scenario').innerText());
    await shorten(page, '1', '60', '10');
    await run(page, problems);
    assert.equal(await page.locator('#summary tbody tr').count(), 1);
    await page.locator('#scenario').screenshot({ path: join(artifacts, 'editor-workload.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// An edit schedules an automatic run for when the form has been quiet for a moment; pressing
// Run before that moment runs the same form. When that run ended first, the automatic run used
// to start afterwards and replace the finished table by an empty, filling one (a CI failure of
// the test below). Run now supersedes the automatic run.
test('Run pressed right after an edit is not followed by an automatic rerun', async () => {
  const { context, page, problems } = await open();
  try {
    await settled(page, problems);
    await shorten(page, '1', '20', '5');
    await run(page, problems);
    const table = await page.locator('#compare').textContent();
    const doneAt = await page.locator('#plot').getAttribute('data-done-ms');
    // longer than runbar::AUTO_RUN_DELAY_MS (500 ms) after the last edit
    await page.waitForTimeout(1500);
    assert.equal(await page.locator('#plot').getAttribute('data-state'), 'done');
    // no second run ended since (a rerun would end with a new time stamp)
    assert.equal(await page.locator('#plot').getAttribute('data-done-ms'), doneAt);
    assert.equal(await page.locator('#compare').textContent(), table);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the link of an edited scenario reopens to the same form and the same table', async () => {
  const first = await open();
  let link, table;
  try {
    await settled(first.page, first.problems);
    await first.page.fill('#f-sockets', '2');
    await first.page.selectOption('#v1-feat-WA_BIAS', 'off');
    await first.page.locator('#add-variant').click();
    await first.page.selectOption('#v2-governor', 'performance');
    await first.page.locator('#add-hog').click();
    await first.page.fill('#itf0-nice', '5');
    await first.page.locator('#pstates-box summary').click();
    await first.page.fill('#f-turbo', '45, 44, 43, 42');
    await shorten(first.page, '2, 8', '100', '20');
    await run(first.page, first.problems);
    await first.page.locator('#copy-link').click();
    link = await first.page.locator('#share-url').inputValue();
    table = await first.page.locator('#compare').textContent();
    assert.deepEqual(first.problems, []);
  } finally {
    await first.context.close();
  }
  const second = await open(DESKTOP, link);
  try {
    assert.equal(await settled(second.page, second.problems), 'done');
    assert.equal(await second.page.locator('#link-error').isHidden(), true);
    assert.equal(await second.page.locator('#compare').textContent(), table);
    assert.equal(await second.page.locator('#f-sockets').inputValue(), '2');
    assert.equal(await second.page.locator('#v1-feat-WA_BIAS').inputValue(), 'off');
    assert.equal(await second.page.locator('#v2-governor').inputValue(), 'performance');
    assert.equal(await second.page.locator('#itf0-nice').inputValue(), '5');
    assert.equal(await second.page.locator('#f-turbo').inputValue(), '45, 44, 43, 42');
    assert.deepEqual(second.problems, []);
  } finally {
    await second.context.close();
  }
});

// A link written by the page before the editor existed (the build of commit c75c06f: preset
// t3 with SMT off and two client counts), kept verbatim: old links must keep opening.
const OLD_LINK =
  'w1.eNodjE0KAyEMhe-StQttu_IqpZTUBhQ0I1HbgcG7j5nde9_7OYD2SpIKcQd_wAcbgYd-BwMVe4gKQ04rbuCfzjxeBlogRkmbZgVDTEwqq1Cj9cIj51WKWC_cymJuTgMyWMF3CPa08busS2etgT9KGfXyNzundn-6OQFxGzTF';

test('a link written before the editor existed still opens, into the editor', async () => {
  const { context, page, problems } = await open(DESKTOP, `${url}#${OLD_LINK}`);
  try {
    assert.equal(await settled(page, problems), 'done');
    assert.equal(await page.locator('#link-error').isHidden(), true);
    assert.equal(await page.locator('#f-smt').inputValue(), '1');
    assert.equal(await page.locator('#f-clients').inputValue(), '1, 4');
    assert.equal(await page.locator('#summary tbody tr').count(), 2);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const [name, options] of [
  ['dark', { viewport: { width: 1280, height: 1000 }, colorScheme: 'dark' }],
  ['narrow', { viewport: { width: 380, height: 900 }, colorScheme: 'light' }],
  ['narrow-dark', { viewport: { width: 380, height: 900 }, colorScheme: 'dark' }],
]) {
  test(`the editor in a ${name} window: no sideways scrolling, every control labelled`, async () => {
    const { context, page, problems } = await open(options);
    try {
      await settled(page, problems);
      await page.locator('#add-variant').click();
      await page.locator('#add-rt').click();
      await page.locator('#pstates-box summary').click();
      await page.locator('#hwpctl-box summary').click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      // Every editor control has a label (for=id) or an aria-label.
      const unlabelled = await page.locator('#scenario [data-editor]').evaluateAll((els) =>
        els.filter((e) => !document.querySelector(`label[for="${e.id}"]`) && !e.getAttribute('aria-label')).map((e) => e.id));
      assert.deepEqual(unlabelled, []);
      const bg = await page.locator('#scenario').evaluate((e) => getComputedStyle(e).backgroundColor);
      assert.equal(bg === 'rgb(30, 33, 38)', options.colorScheme === 'dark', bg);
      await page.locator('#scenario').screenshot({ path: join(artifacts, `editor-${name}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

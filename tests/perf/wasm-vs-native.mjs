// Measures (does not test) the wasm / native time ratio and the worker pool's scaling
// (issue 10). Not part of the test suite: wall-clock numbers belong in docs/performance.md.
//
//   scripts/perf-wasm.sh            (builds what it needs, then runs this)
//   node tests/perf/wasm-vs-native.mjs <path to the release `wakelab` binary>
//
// 1. Ratio: the same experiment (an experiment file -> its share link) runs natively with
//    `wakelab run --threads 1` and in the built page (dist/, release wasm) with a pool of one
//    worker (navigator.hardwareConcurrency pretended to be 1); best of N wall times each.
//    The page's time is from the Run click to the "done" state, so it includes posting jobs,
//    building the report and drawing the charts; the worker time (the page's data-worker-ms:
//    the worker's own time per point, summed) is the simulation alone.
// 2. Scaling: the default experiment (8 points) with pools of 1 and 2 workers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { startServer } from '../../scripts/static-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const require = createRequire(join(root, 'tests/e2e/package.json'));
const { chromium } = require('playwright-core');
const bin = process.argv[2] ?? join(root, 'target/release/wakelab');
const REPS = Number(process.env.REPS ?? 3);
// PARTS=ratio,load,scaling,presets (default: all) runs only the named measurements.
const PARTS = new Set((process.env.PARTS ?? 'ratio,load,scaling,presets').split(','));

/** An experiment: a preset, cut to the given clients and variants, as a file + link
 * (`null` keeps the preset's own clients, variants, iterations or duration). */
function experiment(preset, clients, variants, durationMs) {
  const e = JSON.parse(execFileSync(bin, ['show', preset], { encoding: 'utf8' }));
  if (clients) e.clients = clients;
  if (variants) e.variants = e.variants.slice(0, variants);
  if (durationMs) {
    e.iterations = 1;
    e.scenario.run.duration_ms = durationMs;
    e.scenario.run.warmup_ms = Math.floor(durationMs / 5);
  }
  const dir = mkdtempSync(join(tmpdir(), 'wakelab-perf-'));
  const file = join(dir, `${preset}.json`);
  writeFileSync(file, JSON.stringify(e));
  const frag = execFileSync(bin, ['link', 'encode', file], { encoding: 'utf8' }).trim();
  return { file, frag };
}

function nativeMs(file, threads) {
  let best = Infinity;
  for (let i = 0; i < REPS; i++) {
    const t = process.hrtime.bigint();
    execFileSync(bin, ['run', file, '--quiet', '--threads', String(threads)], { encoding: 'utf8' });
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  return best;
}

async function pageMs(browser, url, frag, cores, reps = REPS) {
  let best = Infinity;
  let bestWorker = NaN;
  let bestRender = NaN;
  let table = '';
  for (let i = 0; i < reps; i++) {
    const context = await browser.newContext();
    await context.addInitScript((n) => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n });
    }, cores);
    const page = await context.newPage();
    await page.goto(`${url}#${frag}`, { waitUntil: 'load' });
    const done = page.locator('#plot[data-state="done"]');
    await done.waitFor({ state: 'attached', timeout: 600_000 }); // the automatic first run
    // ... and its timeline (a detail job on a worker), so the timed run has the pool to itself
    await page.locator('#timeline-card[data-state="done"]').waitFor({ state: 'attached', timeout: 600_000 });
    const ms = await page.evaluate(async () => {
      const card = document.getElementById('plot');
      const t0 = performance.now();
      document.getElementById('run').click();
      await new Promise((ok) => {
        const check = () => (card.dataset.state === 'done' ? ok() : setTimeout(check, 2));
        check();
      });
      return {
        ms: performance.now() - t0,
        workerMs: Number(card.dataset.workerMs),
        renderMs: Number(card.dataset.renderMs),
      };
    });
    table = await page.locator('#compare').textContent();
    if (ms.ms < best) {
      best = ms.ms;
      bestWorker = ms.workerMs;
      bestRender = ms.renderMs;
    }
    await context.close();
  }
  return { ms: best, workerMs: bestWorker, renderMs: bestRender, table };
}

const { server, url } = await startServer({ root: join(root, 'dist') });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  if (PARTS.has('ratio')) {
  const cases = [
    ['default (dbench xfs, 8 CPUs), 1 client, 2 variants', experiment('default', [1], null, 300)],
    ['t3 (tbench, 80 CPUs), 64 clients, 1 variant, 200 ms', experiment('t3', [64], 1, 200)],
  ];
  console.log(`best of ${REPS}; native = wakelab run --threads 1, wasm = page with 1 worker`);
  console.log('| scenario | native (ms) | page (ms) | page / native | worker (ms) | worker / native |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, { file, frag }] of cases) {
    const n = nativeMs(file, 1);
    const w = await pageMs(browser, url, frag, 1);
    console.log(
      `| ${name} | ${n.toFixed(0)} | ${w.ms.toFixed(0)} | ${(w.ms / n).toFixed(2)} | ${w.workerMs.toFixed(0)} | ${(w.workerMs / n).toFixed(2)} |`,
    );
  }
  }
  // First paint and first plotted point of a fresh page load (the default scenario).
  if (PARTS.has('load')) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('#plot[data-state="done"]').waitFor({ state: 'attached', timeout: 600_000 });
    const t = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      firstPoint: Number(document.getElementById('plot').dataset.firstPointMs),
      done: Number(document.getElementById('plot').dataset.doneMs),
    }));
    console.log(`\npage load (ms from navigation): first contentful paint ${t.fcp?.toFixed(0)}, first point ${t.firstPoint}, default experiment done ${t.done}`);
    await context.close();
  }

  // Pool scaling: a small sweep (points of ~40 ms, where the main thread's redraw after each
  // point competes with the workers for the 2 cores), a heavier one (points of ~0.1-0.3 s) and
  // the whole T3 preset (the fixed cost of the final redraw matters less as sweeps grow).
  if (PARTS.has('scaling')) {
  console.log('\nworker pool scaling (best of REPS):');
  console.log(
    '| sweep | 1 worker (ms) | 2 workers (ms) | speed-up | worker time, 1 / 2 workers (ms) | final redraw, 1 / 2 workers (ms) | same table |\n|---|---|---|---|---|---|---|',
  );
  for (const [name, e] of [
    ['default, clients 1,2,4,8, 300 ms (8 points)', experiment('default', [1, 2, 4, 8], null, 300)],
    ['t3, clients 8,16,32,64, 100 ms (8 points)', experiment('t3', [8, 16, 32, 64], null, 100)],
    ['t3 as in the gallery (20 points)', experiment('t3', null, null, null)],
  ]) {
    const one = await pageMs(browser, url, e.frag, 1);
    const two = await pageMs(browser, url, e.frag, 2);
    console.log(
      `| ${name} | ${one.ms.toFixed(0)} | ${two.ms.toFixed(0)} | ${(one.ms / two.ms).toFixed(2)}x | ${one.workerMs.toFixed(0)} / ${two.workerMs.toFixed(0)} | ${one.renderMs.toFixed(0)} / ${two.renderMs.toFixed(0)} | ${one.table === two.table} |`,
    );
  }

  }

  // The largest seed experiment as the gallery has it, with the pool this machine gets.
  if (PARTS.has('presets')) {
  const cores = (await import('node:os')).availableParallelism();
  console.log(`\nwhole presets in the page (${Math.min(cores, 8)} workers) and natively (${cores} threads):`);
  console.log('| preset | points | page (s) | native (s) |\n|---|---|---|---|');
  // PRESETS=default,t3,t4 (the default) picks them; t4 is issue 22's "T4 comparison in the page".
  for (const preset of (process.env.PRESETS ?? 'default,t3,t4').split(',')) {
    const e = experiment(preset, null, null, null);
    const full = JSON.parse(execFileSync(bin, ['show', preset], { encoding: 'utf8' }));
    const points = full.clients.length * full.variants.length * full.iterations;
    const w = await pageMs(browser, url, e.frag, Math.min(cores, 8), 1);
    const t = process.hrtime.bigint();
    execFileSync(bin, ['run', e.file, '--quiet'], { encoding: 'utf8' });
    const n = Number(process.hrtime.bigint() - t) / 1e6;
    console.log(`| ${preset} | ${points} | ${(w.ms / 1000).toFixed(1)} | ${(n / 1000).toFixed(1)} |`);
  }
  }
} finally {
  await browser.close();
  server.close();
}

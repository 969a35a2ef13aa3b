// Browser tests of the pool of engine workers: the page served from a sub-path plays against the AI, a search
// that is no longer wanted stops at once (its worker closes), `?workers=N` sets the pool's size, and "Play
// again" with the explorer open shows the explorer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newGame, openPage, play, restoreGame, serveDist, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

/** Resolves once the transcript has `plies` moves (two characters each). */
const waitPlies = (page, plies) =>
  page.waitForFunction(
    (n) => document.querySelector('[data-testid=transcript]').textContent.length >= 2 * n,
    plies,
    { timeout: 20_000 },
  );

test('served from a sub-path, the page loads every file and plays against the AI', async () => {
  const server = await serveDist({ prefix: '/reversi/' });
  const browser = await launchBrowser();
  try {
    const { page, context, errors } = await openPage(browser, server.url);
    await page.waitForSelector('[data-legal=true]');
    // Human (black) against the AI at level 3: the AI's replies come from the workers loaded from /reversi/.
    await newGame(page, { mode: 'hva', color: 'black', level: 3 });
    await play(page, ['f5']);
    await waitPlies(page, 2);
    const legal = await page.$$eval('[data-legal=true]', (cells) => cells.map((c) => c.dataset.square));
    await play(page, [legal[0]]);
    await waitPlies(page, 4);
    // The explorer's file is found beside the page too.
    await page.click('[data-testid=explorer-toggle]');
    await page.waitForSelector('[data-testid=explorer-move], [data-testid=explorer-empty]');
    assert.equal(await page.$('[data-testid=explorer-error]'), null);
    assert.deepEqual(server.missing.filter((p) => !p.endsWith('favicon.ico')), []);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a search no longer wanted stops at once: its worker closes; ?workers=N sets the pool', async () => {
  const started = [];
  const closed = [];
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`, {
    beforeLoad: (page) =>
      page.on('worker', (worker) => {
        started.push(worker);
        worker.on('close', () => closed.push(Date.now()));
      }),
  });
  // 36 empties, the person (black) to move against level 10, which thinks for a second or two here.
  const moves = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
  await restoreGame(page, { moves, level: 10 });
  // (The reload closed the first load's workers.)
  await page.waitForTimeout(300);
  assert.equal(started.length - closed.length, 2, 'two workers, as asked');
  // The analysis on: its request is withdrawn by the move (the pool stops it if it still runs).
  await page.check('[data-testid=analyse]');
  const legal = await page.$$eval('[data-legal=true]', (cells) => cells.map((c) => c.dataset.square));
  await page.click(`[data-square=${legal[0]}]`);
  await page.waitForSelector('[data-testid=thinking]');
  await page.waitForTimeout(300);
  // Undo while the AI thinks: its search is withdrawn, and the worker running it is terminated.
  const before = closed.length;
  const undone = Date.now();
  await page.click('[data-testid=undo]');
  const deadline = Date.now() + 5000;
  while (closed.length === before && Date.now() < deadline) await page.waitForTimeout(10);
  // A worker that finishes its search stays open: only a terminated one closes. (How soon Chromium reports
  // it is bench-web's figure, not this test's.)
  assert.ok(closed.length > before, `the worker running the search closed (waited ${Date.now() - undone} ms)`);
  assert.equal(await text(page, 'transcript'), moves);
  // A new worker takes its place, and the game goes on: the person moves, the AI answers.
  await page.waitForTimeout(200);
  assert.equal(started.length - closed.length, 2);
  await page.click(`[data-square=${legal[0]}]`);
  await waitPlies(page, moves.length / 2 + 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('"Play again" with the explorer open shows the explorer', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move][data-move=f5]');
  // A finished game (white wiped out in nine moves), imported, so that "Play again" is offered.
  await page.click('.share summary');
  await page.fill('[data-testid=import-text]', 'e6f4e3f6g5d6e7f5c5');
  await page.click('[data-testid=import]');
  await page.waitForSelector('[data-testid=play-again]');
  await page.click('[data-testid=play-again]');
  // The start position's explorer: f5 (with the four first moves merged) is shown again.
  await page.waitForSelector('[data-testid=explorer-move][data-move=f5]', { timeout: 10_000 });
  assert.equal(await text(page, 'transcript'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('workers killed without a word mid-search are replaced long before the search watchdog and the AI still answers', async () => {
  const started = [];
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`, {
    // Keeps the page's workers where the test can terminate them, as the browser may (no error event).
    init: () => {
      const Native = window.Worker;
      window.__workers = [];
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          window.__workers.push(this);
        }
      };
    },
    beforeLoad: (page) => page.on('worker', () => started.push(Date.now())),
  });
  const moves = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
  await restoreGame(page, { moves, level: 10 });
  await page.waitForTimeout(300);
  const legal = await page.$$eval('[data-legal=true]', (cells) => cells.map((c) => c.dataset.square));
  await page.click(`[data-square=${legal[0]}]`);
  await page.waitForSelector('[data-testid=thinking]');
  await page.waitForTimeout(200);
  const before = started.length;
  const killed = Date.now();
  await page.evaluate(() => window.__workers.forEach((w) => w.terminate()));
  // The pool takes a worker silent for 1 s as dead (its exact timing is unit-tested in `pool/tests.rs`);
  // without the heartbeat it would wait out the search's budget and 15 s of grace. The bound leaves room
  // for a loaded machine (CI saw 2 s to start two workers) and still tells the two apart.
  const deadline = Date.now() + 8000;
  while (started.length < before + 2 && Date.now() < deadline) await page.waitForTimeout(10);
  const replaced = Math.max(...started.slice(before)) - killed;
  assert.equal(started.length, before + 2, 'both workers replaced');
  assert.ok(replaced < 5000, `replaced ${replaced} ms after they died`);
  // The search is asked again, and the AI's move comes.
  await waitPlies(page, moves.length / 2 + 2);
  assert.deepEqual(errors, []);
  await context.close();
});

// Browser tests of the pool of engine workers: the page served from a sub-path plays against the AI; sharing one
// memory, the AI's search runs on every worker and a search no longer wanted stops by its flag; without the
// isolation headers the page still plays a whole game against the top level; "Play again" with the explorer
// open shows the explorer; workers killed mid-search are replaced.
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  REVERSI,
  launchBrowser,
  newGame,
  openMore,
  openPage,
  play,
  recordWorkerMessages,
  restoreGame,
  serveDist,
  text,
  useServerAndBrowser,
  showScreen,
} from './harness.mjs';

const env = useServerAndBrowser();

/** Resolves once the transcript has `plies` moves (two characters each). */
const waitPlies = (page, plies) =>
  page.waitForFunction(
    (n) => document.querySelector('[data-testid=transcript]')?.textContent.length >= 2 * n,
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
    await showScreen(page, 'analyse');
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

test('a broken data file is told in the page\'s language: a damaged explorer and a missing puzzle file, switched to Chinese', async () => {
  const server = await serveDist({
    files: { 'explorer.bin': Buffer.from('not the explorer file'), 'puzzles.bin': null },
  });
  try {
    const { page, context, errors } = await openPage(env.browser, server.url);
    await page.waitForSelector('[data-legal=true]');
    // No Latin letter in what is shown (a square's name aside): the errors are worded, never the worker's English.
    const latin = (words) => words.replace(/\b[a-h][1-8]\b/g, '').match(/[A-Za-z]+/g);
    await showScreen(page, 'analyse');
    await page.click('[data-testid=explorer-toggle]');
    await page.waitForSelector('[data-testid=explorer-error]');
    assert.match(await text(page, 'explorer-error'), /opening explorer could not be read/);
    // The error shown is a value: the language switch words it again.
    await page.selectOption('[data-testid=language]', 'zh-CN');
    await showScreen(page, 'analyse');
    await page.waitForFunction(() => /开局浏览器/.test(document.querySelector('[data-testid=explorer-error]')?.textContent));
    const explorer = await text(page, 'explorer-error');
    assert.match(explorer, /开局浏览器/);
    assert.match(explorer, /损坏/);
    assert.equal(latin(explorer), null, explorer);
    await openMore(page);
    await page.click('[data-testid=screen-train]');
    await page.click('[data-testid=start-puzzles]');
    await page.waitForSelector('[data-testid=puzzle-error]');
    const puzzles = await text(page, 'puzzle-error');
    assert.match(puzzles, /残局题库/);
    assert.match(puzzles, /404/);
    assert.equal(latin(puzzles), null, puzzles);
    // The one console error is the browser's own line for the missing file.
    assert.deepEqual(errors.filter((e) => !/404|Failed to load resource/.test(e)), []);
    await context.close();
  } finally {
    await server.close();
  }
});

test('sharing one memory: the AI searches on every worker, and a search no longer wanted stops by its flag', async () => {
  const started = [];
  const closed = [];
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`, {
    init: recordWorkerMessages,
    beforeLoad: (page) =>
      page.on('worker', (worker) => {
        started.push(worker);
        worker.on('close', () => closed.push(Date.now()));
      }),
  });
  // 36 empties, the person (black) to move against level 10, which thinks for a few seconds.
  const moves = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
  await restoreGame(page, { moves, level: 10 });
  assert.equal(await page.evaluate(() => window.crossOriginIsolated), true, 'the test server isolates the page');
  // (The reload closed the first load's workers.)
  await page.waitForTimeout(300);
  assert.equal(started.length - closed.length, 2, 'two workers, as asked');
  const legal = await page.$$eval('[data-legal=true]', (cells) => cells.map((c) => c.dataset.square));
  await page.click(`[data-square=${legal[0]}]`);
  await page.waitForSelector('[data-testid=thinking]');
  await page.waitForTimeout(300);
  // Undo while the AI thinks: its search is withdrawn and stops by its flag, every thread of it, and no
  // worker is terminated.
  const before = closed.length;
  await page.click('[data-testid=undo]');
  await page.waitForFunction(
    () => {
      const search = [...window.__posted].reverse().find((p) => p.data.startsWith('{"Search"'));
      const id = JSON.parse(search.data).Search.id;
      const helpers = window.__posted
        .filter((p) => p.t > search.t && p.data.startsWith('{"Help"'))
        .map((p) => JSON.parse(p.data).Help.id);
      const ended = (id) =>
        window.__answers.some((a) => new RegExp(`^\\{"(BestMove|Helped)":\\{"id":${id}[,}]`).test(a.data));
      return helpers.length > 0 && [id, ...helpers].every(ended);
    },
    null,
    { timeout: 5000 },
  );
  assert.equal(closed.length, before, 'no worker terminated');
  assert.equal(await text(page, 'transcript'), moves);
  assert.equal(await page.$('[data-testid=thinking]'), null);
  // The game goes on: the person moves, the AI answers, its search helped by the other worker.
  await page.click(`[data-square=${legal[0]}]`);
  await waitPlies(page, moves.length / 2 + 2);
  const workersOfTheSearch = await page.evaluate(() => {
    const search = [...window.__posted].reverse().find((p) => p.data.startsWith('{"Search"'));
    const helped = window.__posted.filter((p) => p.t > search.t && p.data.startsWith('{"Help"')).map((p) => p.worker);
    return [...new Set([search.worker, ...helped])].length;
  });
  assert.equal(workersOfTheSearch, 2, 'the AI searched on both workers');
  await page.click('[data-testid=engine-stats] summary');
  assert.match(await text(page, 'engine-figures'), /on 2 threads/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('sharing one memory: a move during a deep analysis gets the analysis of the new position, no worker terminated', async () => {
  const closed = [];
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`, {
    init: recordWorkerMessages,
    beforeLoad: (page) => page.on('worker', (worker) => worker.on('close', () => closed.push(Date.now()))),
  });
  await newGame(page, { mode: 'hvh' });
  // 36 empties: an analysis deepens for minutes here.
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2');
  await page.click('[data-testid=import]');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 48);
  const depths = await page.$$eval('[data-testid=analyse-depth] option', (o) => o.map((e) => e.value));
  await page.selectOption('[data-testid=analyse-depth]', depths[depths.length - 1]);
  await page.check('[data-testid=analyse]');
  await page.waitForFunction(() => window.__posted.some((p) => p.data.startsWith('{"Analyse"')));
  await page.waitForTimeout(200);
  const first = await page.evaluate(() => {
    const analyse = [...window.__posted].reverse().find((p) => p.data.startsWith('{"Analyse"'));
    return JSON.parse(analyse.data).Analyse.id;
  });
  // Its values deepen (a report a depth), and its last reply has not come: it still runs.
  const answeredBefore = await page.evaluate((id) => window.__answers.some((a) => a.data === `{"Analysed":{"id":${id}}}`), first);
  assert.equal(answeredBefore, false, 'the analysis still runs when the move is made');
  const before = closed.length;
  const square = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
  await page.click(`[data-square=${square}]`);
  // The values shown are the new position's: one on each of its legal moves.
  await page.waitForFunction(
    () => {
      const legal = [...document.querySelectorAll('[data-legal=true]')].map((c) => c.dataset.square).sort();
      const valued = [...document.querySelectorAll('[data-value-square]')]
        .filter((c) => c.querySelector('[data-value]'))
        .map((c) => c.dataset.valueSquare)
        .sort();
      return legal.length > 0 && JSON.stringify(legal) === JSON.stringify(valued);
    },
    null,
    { timeout: 10_000 },
  );
  // The first analysis was stopped by its flag (its answer came back, and was dropped), not by a terminated worker.
  const stoppedAnswer = await page.evaluate((id) => window.__answers.some((a) => a.data === `{"Analysed":{"id":${id}}}`), first);
  assert.ok(stoppedAnswer, 'the stopped analysis answered');
  assert.equal(closed.length, before, 'no worker terminated');
  assert.deepEqual(errors, []);
  await context.close();
});

test('without the isolation headers the page plays a whole game against level 10, one thread a worker', async () => {
  const server = await serveDist({ isolated: false });
  try {
    // No service worker either (an old browser, or the first visit): nothing can give the page isolation.
    // The quick pace (no reply held, searches capped at 150 ms): what this checks is the plain build's
    // whole game, not the level's time.
    const { page, context, errors } = await openPage(env.browser, `${server.url}?pace=quick`, { serviceWorkers: 'block' });
    await page.waitForSelector('[data-legal=true]');
    assert.equal(await page.evaluate(() => window.crossOriginIsolated), false);
    // The person plays white (games.test.mjs plays level 10 as white on an isolated page): level 10 opens,
    // then answers each of the person's moves, the first legal one each turn, until the game is over.
    await newGame(page, { mode: 'hva', color: 'white', level: 10 });
    for (let turn = 0; turn < 40; turn += 1) {
      await page.waitForSelector('[data-legal=true], [data-testid=play-again]', { timeout: 30_000 });
      if (await page.$('[data-testid=play-again]')) break;
      const square = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
      await page.click(`[data-square=${square}]`);
      await page.waitForFunction(() => !document.querySelector('[data-testid=thinking]'), null, { timeout: 30_000 });
    }
    await page.waitForSelector('[data-testid=play-again]', { timeout: 30_000 });
    // Played to its end by the rules (a wipe-out ends one early: the AI may open with any of the four first
    // moves, and the person's first-legal-move play can lose every disc).
    const record = await text(page, 'transcript');
    const last = JSON.parse(execFileSync(REVERSI, ['replay', record, '--json'], { encoding: 'utf8' }).trim().split('\n').at(-1));
    assert.equal(last.over, true, `a whole game: ${record}`);
    assert.ok(record.length >= 2 * 20, `a whole game: ${record}`);
    await page.click('[data-testid=engine-stats] summary');
    assert.match(await text(page, 'engine-figures'), /on one core/);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await server.close();
  }
});

test('"Play again" with the explorer open shows the explorer', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await showScreen(page, 'analyse');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move][data-move=f5]');
  // A finished game (white wiped out in nine moves), imported, so that "Play again" is offered.
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'e6f4e3f6g5d6e7f5c5');
  await page.click('[data-testid=import]');
  await page.waitForSelector('[data-testid=play-again]');
  await page.click('[data-testid=play-again]');
  // The start position's explorer: f5 (with the four first moves merged) is shown again.
  await showScreen(page, 'analyse');
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
  // for a loaded machine, where starting two workers can take seconds, and still tells the two apart.
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

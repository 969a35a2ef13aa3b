// The analysis room in the real page: the evaluation graph against `reversi review` (the native binary, same
// code and depth), a review that flags a known blunder, opening names under symmetry in both languages, the
// opening explorer against `reversi explore` and the database's first-move counts, and a 360 px phone screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ARTIFACTS, REVERSI, newGame, openPage, text, useServerAndBrowser, showScreen } from './harness.mjs';

/** The graph's depth (`GRAPH_DEPTH` in crates/engine/src/review.rs). */
const GRAPH_DEPTH = 8;
/** Games in the WTHOR database, 1977–2020: every one starts with f5 (WTHOR stores them turned that way). */
const DATABASE_GAMES = 124106;
// A tournament game of 2019 (WTHOR), 60 moves with passes near the end.
const GAME =
  'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3b6a5g4e6f1c1f2c7f7e7c8d8f6d7e8e1b8g1b2b7a8a7g2h4g5h5h6h1h3g3h2h7g6g7b1a2a1h8g8f8';

const env = useServerAndBrowser();

function reversi(args) {
  return JSON.parse(execFileSync(REVERSI, args, { encoding: 'utf8' }));
}

async function points(page) {
  return page.$$eval('[data-testid=eval-point]', (bars) =>
    bars.map((b) => ({ ply: Number(b.dataset.ply), value: Number(b.dataset.value), exact: b.dataset.exact === 'true' })),
  );
}

test('the evaluation graph fills in for a shared game and agrees with reversi review', async () => {
  const expected = reversi(['review', GAME, '--depth', String(GRAPH_DEPTH), '--json']).positions;
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=${GAME}`);
  const plies = expected.length - 1;
  await showScreen(page, 'analyse');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=eval-point]').length === n,
    plies,
    { timeout: 120_000 },
  );
  const got = await points(page);
  assert.deepEqual(
    got.map((p) => p.ply),
    expected.slice(1).map((p) => p.ply),
  );
  for (const point of got) {
    const want = expected[point.ply];
    // Same code, same depth, tables cleared before each position: equal but for the transposition table's
    // size (the worker's is larger), hence a small tolerance.
    assert.ok(Math.abs(point.value - want.value) <= 1.0, `ply ${point.ply}: ${point.value} vs ${want.value}`);
    assert.equal(point.exact, want.exact, `ply ${point.ply} exact`);
  }
  // The last point is the game's final score, exact.
  const last = got[got.length - 1];
  assert.equal(last.exact, true);
  assert.equal(last.value, expected[plies].value);
  // A click on a point shows the position after that move.
  await showScreen(page, 'analyse');
  await page.click('[data-testid=eval-point][data-ply="20"]');
  await page.waitForSelector('[data-testid=back-to-game]');
  const lines = execFileSync(REVERSI, ['replay', GAME.slice(0, 40), '--json'], { encoding: 'utf8' }).trim().split('\n');
  const after20 = JSON.parse(lines[lines.length - 1]);
  assert.equal(Number(await text(page, 'count-black')), after20.black);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a review flags the X-square blunder, shows progress and each side\'s average loss', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=f5f6e6f4g7`);
  await showScreen(page, 'analyse');
  await page.click('[data-testid=review-game]');
  await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
  const moves = await page.$$eval('[data-testid=review-move]', (list) =>
    list.map((m) => ({ ply: Number(m.dataset.ply), loss: Number(m.dataset.loss), mark: m.dataset.mark })),
  );
  assert.equal(moves.length, 5);
  const g7 = moves.find((m) => m.ply === 4);
  assert.ok(g7.loss >= 6, `g7 lost ${g7.loss}`);
  assert.ok(['?', '??'].includes(g7.mark));
  // The same figure as the command line at the review's default depth.
  const cli = reversi(['review', 'f5f6e6f4g7', '--json']);
  assert.equal(g7.loss, cli.positions[4].loss);
  assert.match(await text(page, 'mistakes'), /g7\?+ lost \d+ \(best [a-h][1-8]\)/);
  assert.match(await text(page, 'review-summary'), /Average loss per move: Black [\d.]+, White [\d.]+ discs/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a long review runs in the worker: the board stays usable, and it can be stopped', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=${GAME.slice(0, 80)}`);
  await showScreen(page, 'analyse');
  await page.click('[data-testid=review-game]');
  await page.waitForSelector('[data-testid=review-progress]');
  assert.match(await text(page, 'review-progress'), /Reviewing… \d+ \/ 40 moves/);
  // The page answers while the analyst works: browse the move list and come back.
  await page.click('[data-testid=eval-point][data-ply="3"]');
  await page.click('[data-testid=back-to-game]');
  await page.click('[data-testid=stop-review]');
  await page.waitForSelector('[data-testid=review][data-state=idle]');
  // The graph goes on after the stop (a fresh analyst).
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=eval-point]').length === 40, null, {
    timeout: 60_000,
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the opening is named above the move list, under symmetry and in Chinese', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  assert.equal(await text(page, 'opening-name'), '—');
  for (const square of ['f5', 'd6', 'c3', 'd3', 'c4']) await page.click(`[data-square=${square}]`);
  assert.equal(await text(page, 'opening-name'), 'Tiger');
  await page.goto(`${env.server.url}#t=d3c5f6f5e6`);
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'd3c5f6f5e6');
  assert.equal(await text(page, 'opening-name'), 'Tiger');
  await page.selectOption('[data-testid=language]', 'zh-CN');
  assert.equal(await text(page, 'opening-name'), '虎（Tiger）');
  // Browsing back names the opening of the position shown.
  await page.selectOption('[data-testid=language]', 'en');
  await page.click('.move-list li:nth-child(3) button');
  assert.equal(await text(page, 'opening-name'), 'Perpendicular Opening');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the opening explorer shows what the database holds, and a click plays the move', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await showScreen(page, 'analyse');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move]');
  const rows = () =>
    page.$$eval('[data-testid=explorer-move]', (list) =>
      list.map((r) => ({ move: r.dataset.move, games: Number(r.dataset.games) })),
    );
  // The start position: the database's first-move counts, and the opening book's value of the move.
  assert.deepEqual(await rows(), [{ move: 'f5', games: DATABASE_GAMES }]);
  assert.match(await text(page, 'book-value'), /^([+−]\d+\.\d|0\.0)$/);
  // A hint in the book says so.
  await page.click('[data-testid=hint]');
  await page.waitForSelector('[data-testid=hint-text][data-book=true]');
  assert.match(await text(page, 'hint-text'), /^Hint: [a-h][1-8] — book move, ([+−]\d+\.\d|0\.0)$/);
  await page.click('[data-testid=explorer-move][data-move=f5] button');
  assert.equal(await text(page, 'transcript'), 'f5');
  await page.waitForFunction(() => document.querySelector('[data-testid=explorer-move][data-move=d6]'));

  const cli = reversi(['explore', 'f5', '--json']).moves;
  assert.deepEqual(
    await rows(),
    cli.map((m) => ({ move: m.move, games: m.games })),
  );
  // The whole row plays its move: a click on its count of games, then Enter on a row's button.
  await page.click('[data-testid=explorer-move][data-move=d6] td:nth-child(2)');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'f5d6');
  await page.waitForSelector('[data-testid=explorer-move][data-move=c3]');
  await page.focus('[data-testid=explorer-move][data-move=c3] button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'f5d6c3');
  // Turned: after d3 the same games, on the turned squares (a link pasted in the address bar: the explorer
  // stays open and follows the new game).
  await page.evaluate(() => {
    location.hash = '#t=d3';
  });
  await page.waitForSelector('[data-testid=explorer-move][data-move=c5]');
  assert.equal((await rows())[0].games, cli[0].games);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a 360 px phone the analysis room fits the screen', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=f5d6c3d3c4`, {
    viewport: { width: 360, height: 740 },
  });
  await showScreen(page, 'analyse');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move]');
  await page.click('[data-testid=review-game]');
  await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `the page is ${width} px wide`);
  await page.screenshot({ path: join(ARTIFACTS, 'analysis-phone.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

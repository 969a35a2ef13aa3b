// The training room in the real page: puzzles judged against the puzzle file itself (read here, not through
// the page), the perfect line stepped through, a drill through the Tiger with one mistake, progress kept
// across a reload, the game kept while the room is open, a 360 px phone and both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { discs, newGame, openMore, openPage, painted, play, showScreen, text, useServerAndBrowser } from './harness.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const env = useServerAndBrowser();

const SQUARES = [...Array(64)].map((_, i) => 'abcdefgh'[i % 8] + (Math.floor(i / 8) + 1));

/** The puzzle file (format in crates/engine/src/puzzles.rs), keyed by the position as `data-position` writes it. */
function readPuzzles() {
  const bytes = readFileSync(join(ROOT, 'assets/puzzles.bin'));
  assert.equal(bytes.subarray(0, 8).toString('latin1'), 'RVPUZ001');
  const count = bytes.readUInt32LE(8);
  const byPosition = new Map();
  let at = 12;
  for (let n = 0; n < count; n++) {
    const head = bytes[at];
    const black = bytes.readBigUInt64LE(at + 2);
    const white = bytes.readBigUInt64LE(at + 10);
    at += 18;
    const moves = [];
    for (let m = bytes[at++]; m > 0; m--, at += 2) moves.push([SQUARES[bytes[at]], bytes.readInt8(at + 1)]);
    const line = [];
    for (let l = bytes[at++]; l > 0; l--) line.push(SQUARES[bytes[at++]]);
    const board = SQUARES.map((_, i) => ((black >> BigInt(i)) & 1n ? 'X' : (white >> BigInt(i)) & 1n ? 'O' : '-'));
    byPosition.set(`${board.join('')} ${head & 0x80 ? 'O' : 'X'}`, { level: head & 0x7f, moves, line });
  }
  assert.ok(count >= 3000, `${count} puzzles`);
  return byPosition;
}

const PUZZLES = readPuzzles();

async function currentPuzzle(page) {
  await page.waitForSelector('[data-testid=puzzle]');
  const position = await page.getAttribute('[data-testid=puzzle]', 'data-position');
  const puzzle = PUZZLES.get(position);
  assert.ok(puzzle, `the page's puzzle ${position} is in the file`);
  return { position, ...puzzle };
}

/** The page's board as `data-position` writes it, for the side to move given. */
async function boardText(page, side) {
  const d = await discs(page);
  return `${SQUARES.map((s) => (d[s] === 'black' ? 'X' : d[s] === 'white' ? 'O' : '-')).join('')} ${side}`;
}

test('a puzzle solved right, one wrong, the perfect line shown, and the counts kept across a reload', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await openMore(page);
  await page.click('[data-testid=screen-train]');
  await page.click('[data-testid=start-puzzles]');
  const first = await currentPuzzle(page);
  assert.equal(first.level, 1);
  // The board shows the puzzle, its legal moves marked.
  assert.equal(await boardText(page, first.position.slice(-1)), first.position);
  await page.click(`[data-square=${first.moves[0][0]}]`);
  await page.waitForSelector('[data-testid=puzzle-result][data-correct=true]');
  // The perfect line, move by move: its moves listed, and the board steps to the end of the game.
  const listed = await page.$$eval('[data-testid=line-move]', (b) => b.map((x) => x.textContent));
  assert.deepEqual(listed, first.line);
  for (let i = 0; i < first.line.length; i++) await page.click('[data-testid=line-forward]');
  assert.equal(await page.isDisabled('[data-testid=line-forward]'), true);
  const end = await discs(page);
  assert.ok(Object.values(end).every((d) => d !== 'empty') || (await page.$$('[data-legal=true]')).length === 0);
  assert.match(await text(page, 'puzzle-counts'), /Solved 1 of 1 · streak 1/);

  await page.click('[data-testid=puzzle-next]');
  await page.waitForFunction((p) => document.querySelector('[data-testid=puzzle]')?.dataset.position !== p, first.position);
  const second = await currentPuzzle(page);
  const [wrong, value] = second.moves[second.moves.length - 1];
  await page.click(`[data-square=${wrong}]`);
  await page.waitForSelector('[data-testid=puzzle-result][data-correct=false]');
  const loss = Number(await page.getAttribute('[data-testid=puzzle-result]', 'data-loss'));
  assert.equal(loss, second.moves[0][1] - value);
  assert.ok(loss > 0);
  assert.match(await text(page, 'puzzle-result'), new RegExp(`best move, marked on the board, is ${second.moves[0][0]}`));
  assert.equal(await page.getAttribute('.square.hint', 'data-square'), second.moves[0][0]);
  // The puzzle's disc counts are shown with it.
  const shown = Object.values(await discs(page));
  assert.equal(Number(await text(page, 'count-black')), shown.filter((d) => d === 'black').length);
  assert.match(await text(page, 'puzzle-counts'), /Solved 1 of 2 · streak 0 \(best 1\)/);

  // Progress survives a reload; the level goes on from the third puzzle.
  await page.reload();
  await openMore(page);
  await page.click('[data-testid=screen-train]');
  assert.match(await text(page, 'puzzle-counts'), /Solved 1 of 2/);
  await page.click('[data-testid=start-puzzles]');
  await page.waitForSelector('[data-testid=puzzle]');
  assert.match(await page.textContent('[data-testid=puzzle] .title'), /Level 1 · 3 of \d+/);
  // The daily puzzle: solved, it is marked for the day.
  await page.click('[data-testid=daily-puzzle]');
  await page.waitForFunction(() => /Daily puzzle/.test(document.querySelector('[data-testid=puzzle] .title')?.textContent ?? ''));
  const daily = await currentPuzzle(page);
  await page.click(`[data-square=${daily.moves[0][0]}]`);
  await page.waitForSelector('[data-testid=puzzle-result][data-correct=true]');
  assert.match(await text(page, 'daily-puzzle'), /✓/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a drill through the Tiger as black with one mistake, and the game kept meanwhile', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'f6']);
  const game = await discs(page);
  await openMore(page);
  await page.click('[data-testid=screen-train]');
  await page.click('[data-testid=tab-drills]');
  // The openings: a search, then the one ticked.
  await page.fill('[data-testid=drill-search]', 'tig');
  assert.ok((await page.locator('[data-testid=drill-opening-option]').count()) < 10, 'the search narrows the list');
  await page.check('[data-testid=drill-opening-option][data-name="Tiger"]');
  await page.selectOption('[data-testid=drill-color]', 'black');
  await page.click('[data-testid=start-drill]');
  await page.waitForSelector('[data-testid=drill]');
  // The line is shown before the first answer, and the setup folds away.
  // (In one of the four frames: the first move picks the frame.)
  assert.match(await text(page, 'drill-line'), /^(f5|d3|c4|e6)( [a-h][1-8]){4}$/);
  assert.equal(await page.getAttribute('[data-testid=drill-setup]', 'open'), null);
  let mistakes = 0;
  const played = [];
  for (let guard = 0; guard < 10; guard++) {
    if ((await page.getAttribute('[data-testid=drill]', 'data-done')) === 'true') break;
    const expected = await page.getAttribute('[data-testid=drill]', 'data-expected');
    // The first move may be any of the four (it sets the frame): the mistake comes at the second.
    if (mistakes === 0 && played.length === 1) {
      await page.click(`[data-legal=true]:not([data-square=${expected}])`);
      await page.waitForSelector('[data-testid=drill-feedback][data-correct=false]');
      assert.match(await text(page, 'drill-feedback'), new RegExp(`the line plays ${expected}`));
      // The line's move is marked on the board.
      assert.ok(await page.$eval(`[data-square=${expected}]`, (el) => el.classList.contains('hint')));
      mistakes++;
      continue;
    }
    played.push(expected);
    await page.click(`[data-square=${expected}]`);
    await page.waitForSelector('[data-testid=drill-feedback][data-correct=true]');
  }
  // Black's three moves of f5d6c3d3c4, in one of the four frames.
  assert.equal(played.length, 3);
  assert.ok(['f5', 'd3', 'c4', 'e6'].includes(played[0]), played[0]);
  await page.waitForSelector('[data-testid=drill-done]');
  assert.match(await text(page, 'drill-done'), /1 mistake/);
  assert.match(await text(page, 'drill-counts'), /Lines learned: 0 of 1 · due today: 1/);
  // Several openings at once: the Tiger and the Buffalo, drilled in turn.
  await page.click('[data-testid=drill-setup] summary');
  await page.fill('[data-testid=drill-search]', 'buffalo');
  await page.check('[data-testid=drill-opening-option][data-name="Buffalo/Kenichi Variation"]');
  await page.click('[data-testid=start-drill]');
  await page.waitForSelector('[data-testid=drill][data-done=false]');
  assert.match(await text(page, 'drill-counts'), /of 2 · due today: 1/);
  // The game comes back as it was.
  await page.click('[data-testid=leave-training]');
  await page.waitForSelector('[data-testid=new-game]');
  assert.deepEqual(await discs(page), game);
  // The schedule survives a reload: the missed Tiger is still due today.
  await page.reload();
  await openMore(page);
  await page.click('[data-testid=screen-train]');
  await page.click('[data-testid=tab-drills]');
  await page.fill('[data-testid=drill-search]', 'tiger');
  await page.check('[data-testid=drill-opening-option][data-name="Tiger"]');
  assert.match(await text(page, 'drill-counts'), /Lines learned: 0 of 1 · due today: 1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the room fits a 360 px phone and speaks Chinese', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, {
    viewport: { width: 360, height: 740 },
  });
  await page.selectOption('[data-testid=language]', 'zh-CN');
  await openMore(page);
  await page.click('[data-testid=screen-train]');
  await page.click('[data-testid=start-puzzles]');
  await page.waitForSelector('[data-testid=puzzle]');
  assert.match(await page.textContent('[data-testid=training-room] h2'), /训练/);
  assert.match(await page.textContent('[data-testid=puzzle] .task'), /走：找出唯一/);
  await page.click('[data-legal=true]');
  await page.waitForSelector('[data-testid=puzzle-result]');
  await page.click('[data-testid=tab-drills]');
  await page.click('[data-testid=start-drill]');
  await page.waitForSelector('[data-testid=drill]');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `page is ${width} px wide`);
  await page.screenshot({ path: join(ROOT, 'test-results', 'training-phone-zh.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test("on a 390×844 phone the puzzle's board and its verdict are in view without scrolling, as is a drill's word", async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, {
    viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true,
  });
  await showScreen(page, 'train');
  await page.click('[data-testid=start-puzzles]');
  await page.waitForSelector('[data-testid=puzzle]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('[data-legal=true]');
  await page.waitForSelector('[data-testid=puzzle-result]');
  await painted(page);
  const bar = await page.locator('[data-testid=screen-bar]').boundingBox();
  for (const id of ['board', 'puzzle-result']) {
    const box = await page.locator(`[data-testid=${id}]`).boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= bar.y + 1, `${id} in view above the bar: ${JSON.stringify(box)}, bar at ${bar.y}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// What players of the strong programs ask for, in the real page: the expert games behind the
// explorer (counts against `reversi games`, a search by a player, a game opened and replayed to its end),
// the board's orientation, the PNG image, the XOT and random starts, a pasted board, the AI's mistakes and the
// review's running total. Each on a desktop and on a 360 px phone, in one scheme or the other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { ARTIFACTS, REVERSI, ROOT, audit, importText, newGame, openMore, openPage, painted, text, useServerAndBrowser, openMoreOptions, showScreen } from './harness.mjs';

const env = useServerAndBrowser();

/** The number of games `reversi games` finds after `transcript`, for `player` (a part of a name). */
function gamesCount(transcript, player = '') {
  const out = execFileSync(REVERSI, ['games', transcript, '--player', player, '--limit', '0'], { encoding: 'utf8' });
  return Number(out.split(' ')[0]);
}

const DESKTOP = { viewport: { width: 1280, height: 800 }, colorScheme: 'light' };
const PHONE = { viewport: { width: 360, height: 740 }, colorScheme: 'dark', isMobile: true, hasTouch: true };

/** The page fits its width, passes axe, and its screenshot is kept. */
async function fits(page, name) {
  assert.deepEqual(await audit(page), [], `${name}: axe`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize().width;
  assert.ok(width <= viewport, `${name}: the page is ${width} px wide in ${viewport}`);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

for (const [name, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`the expert games of a position, searched by player, one opened and replayed (${name})`, async () => {
    const moves = 'f5d6c3d3c4';
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=${moves}`, options);
    await showScreen(page, 'analyse');
    await page.click('[data-testid=explorer-toggle]');
    await page.click('[data-testid=games-toggle]');
    await page.waitForSelector('[data-testid=games-range]', { timeout: 60_000 });
    const total = () => page.$eval('[data-testid=games-range]', (e) => Number(e.dataset.total));
    assert.equal(await total(), gamesCount(moves));
    const rows = () =>
      page.$$eval('[data-testid=expert-game]', (list) =>
        list.map((r) => ({ year: Number(r.dataset.year), black: r.dataset.black, white: r.dataset.white, moves: r.dataset.transcript })),
      );
    let first = await rows();
    assert.equal(first.length, 10);
    // Newest first; every game went through the position (in the position's own frame).
    assert.equal(first[0].year, 2020);
    for (let i = 1; i < first.length; i++) assert.ok(first[i].year <= first[i - 1].year);
    // The next page goes on from there.
    await page.click('[data-testid=games-older]');
    await page.waitForFunction(() => document.querySelector('[data-testid=games-range]')?.textContent.startsWith('11–20'));
    assert.ok((await rows())[0].year <= first[9].year);
    // A player's games.
    await page.fill('[data-testid=games-player]', 'Tastet');
    await page.click('[data-testid=games-search]');
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid=games-range]')?.dataset.total) === n,
      gamesCount(moves, 'tastet'),
    );
    first = await rows();
    for (const row of first) assert.match(`${row.black} ${row.white}`, /Tastet/i);
    // Opened: the board shows the position it was found for, and steps on to the game's end.
    await page.click('[data-testid=open-game] >> nth=0');
    await page.waitForSelector('[data-testid=expert-title]');
    // The board, where the game opened, is in view; no result card gives the end away at move 5.
    await painted(page);
    const board = await page.locator('[data-testid=board]').boundingBox();
    assert.ok(board.y >= -1 && board.y + board.height <= page.viewportSize().height + 1, `the board in view: ${JSON.stringify(board)}`);
    assert.equal(await page.locator('[data-testid=result-card]').count(), 0, 'no result while studying');
    assert.match(await text(page, 'expert-title'), new RegExp(`${first[0].black}.*${first[0].white}.*${first[0].year}`));
    // Studied without spoilers: the header names the game, the title has no score, the graph stops at the
    // position shown (move 5).
    assert.match(await page.textContent('header .mode'), new RegExp(`${first[0].black}.*${first[0].white}.*${first[0].year}`));
    assert.doesNotMatch(await text(page, 'expert-title'), /\d+–\d+/);
    const plies = await page.$$eval('[data-testid=eval-point]', (bars) => bars.map((b) => Number(b.dataset.ply)));
    assert.ok(plies.every((p) => p <= 5), `the graph stops at move 5: ${plies}`);
    assert.equal(await text(page, 'transcript'), first[0].moves);
    const replay = execFileSync(REVERSI, ['replay', first[0].moves, '--json'], { encoding: 'utf8' }).trim().split('\n');
    const after5 = JSON.parse(replay[5]);
    assert.equal(Number(await text(page, 'count-black')), after5.black);
    assert.equal(Number(await text(page, 'count-white')), after5.white);
    await page.keyboard.press('End');
    const end = JSON.parse(replay[replay.length - 1]);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=count-black]')?.textContent) === n, end.black);
    assert.equal(Number(await text(page, 'count-white')), end.white);
    // At its end, its result.
    await page.waitForSelector('[data-testid=result-card]');
    assert.match(await text(page, 'expert-title'), /: \d+–\d+/);
    await fits(page, `games-${name}`);
    // The game played before is one click away.
    await page.click('[data-testid=expert-back]');
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, moves);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Keeps what the page posts to its workers: `window.__posted`, the messages as text. */
function recordPosts() {
  const Native = window.Worker;
  window.__posted = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      const post = this.postMessage.bind(this);
      this.postMessage = (data, ...rest) => {
        if (typeof data === 'string') window.__posted.push(data);
        return post(data, ...rest);
      };
    }
  };
}

test('the stable discs marked on a toggle of the board\'s view, computed by the engine, remembered across a reload', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, DESKTOP);
  // Between two people: the position stays as it is set (against the AI, its reply would change it).
  await newGame(page, { mode: 'hvh' });
  // Row 1 black but h1, white on h1 and a8, the four centre discs: row 1 and a8 can never be flipped.
  const empty = '-'.repeat(16);
  await importText(page, `XXXXXXXO${empty}---OX------XO---${empty}O------- O`);
  await page.waitForSelector('[data-square=a8][data-disc=white]');
  const marked = () => page.$$eval('[data-testid=board] .disc.stable', (list) => list.map((d) => d.closest('[data-square]').dataset.square).sort());
  assert.deepEqual(await marked(), [], 'not marked until asked');
  await openMore(page);
  await page.check('[data-testid=mark-stable]');
  const expected = ['a1', 'a8', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1'];
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=board] .disc.stable').length === n, expected.length);
  assert.deepEqual(await marked(), expected);
  assert.match(await page.getAttribute('[data-square=a1]', 'aria-label'), /stable/);
  assert.doesNotMatch(await page.getAttribute('[data-square=d4]', 'aria-label'), /stable/);
  // Remembered: after a reload the board marks them again.
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid=board] .disc.stable').length === n, expected.length);
  await openMore(page);
  assert.equal(await page.isChecked('[data-testid=mark-stable]'), true);
  await page.uncheck('[data-testid=mark-stable]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=board] .disc.stable').length === 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the board turned and mirrored: edges, arrow keys, a move by keyboard, the editor, the transcript as shown', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, DESKTOP);
  await newGame(page, { mode: 'hvh' });
  await openMore(page);
  await page.selectOption('[data-testid=orientation]', 'rotate90');
  await page.waitForSelector('[data-testid=board][data-orientation=rotate90]');
  // A quarter turn clockwise: a8 is drawn top left, a1 top right; the edges name the lines beside them.
  const cells = await page.$$eval('[data-testid=board] [data-square]', (list) => list.map((c) => c.dataset.square));
  assert.equal(cells[0], 'a8');
  assert.equal(cells[7], 'a1');
  const edges = await page.$$eval('[data-testid=board] .coord', (list) => list.map((c) => c.textContent).join(''));
  assert.equal(edges.slice(0, 8), '87654321');
  // The arrows move as the eye sees: right of e6 is e5, below e5 is f5; Enter plays it.
  await page.focus('[data-square=e6]');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e5');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'f5');
  await page.keyboard.press('Enter');
  // (The board is on every screen: the move was played on the settings screen, whose export says it.)
  await page.waitForFunction(() => document.querySelector('[data-testid=export-transcript]').value === 'f5');
  // The transcript as the board is shown: f5 is drawn where, on a normal board, d6... named by the view.
  await openMore(page);
  assert.equal(await page.inputValue('[data-testid=export-shown-transcript]'), 'd6');
  // Remembered across a reload; the editor draws its board the same way.
  await page.reload();
  await page.waitForSelector('[data-testid=board][data-orientation=rotate90]');
  await openMore(page);
  await page.click('[data-testid=edit-position]');
  await page.waitForSelector('[data-testid=editor] [data-testid=board][data-orientation=rotate90]');
  await page.click('[data-testid=editor] >> text=Cancel').catch(() => {});
  // Mirrored left to right: h1 top left.
  await page.reload();
  await openMore(page);
  await page.selectOption('[data-testid=orientation]', 'mirror');
  const mirrored = await page.$$eval('[data-testid=board] [data-square]', (list) => list.map((c) => c.dataset.square));
  assert.equal(mirrored[0], 'h1');
  await fits(page, 'orientation-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [name, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`the board as a PNG: the position, numbered, the whole game, print style (${name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=f5d6c3d3c4`, {
      ...options,
      acceptDownloads: true,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.waitForSelector('[data-testid=board]');
    await openMore(page);
    await page.click('[data-testid=image-panel] summary');
    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download-png]')]);
      const bytes = readFileSync(await file.path());
      await file.saveAs(join(ARTIFACTS, `png-${name}-${file.suggestedFilename()}`));
      // A PNG: its signature, then an IHDR of 554 × 594 pixels.
      assert.deepEqual([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
      assert.equal(bytes.readUInt32BE(16), 554);
      assert.equal(bytes.readUInt32BE(20), 594);
      return { name: file.suggestedFilename(), size: bytes.length };
    };
    const plain = await download();
    assert.equal(plain.name, 'reversi-move-5.png');
    await page.check('[data-testid=image-numbers]');
    const numbered = await download();
    assert.notEqual(numbered.size, plain.size, 'the numbers change the image');
    await page.check('[data-testid=image-whole]');
    await page.selectOption('[data-testid=image-style]', 'print');
    const whole = await download();
    assert.equal(whole.name, 'reversi-game.png');
    console.log(`# PNG sizes (${name}): position ${plain.size} B, numbered ${numbered.size} B, whole game in print ${whole.size} B`);
    // Copied: the clipboard holds a PNG.
    await page.click('[data-testid=copy-png]');
    await page.waitForSelector('[data-testid=image-status]');
    assert.equal(await page.getAttribute('[data-testid=image-status]', 'data-copied'), 'true');
    const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => item.types));
    assert.ok(types.includes('image/png'), `clipboard: ${types}`);
    await fits(page, `image-${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('with the editor open, the PNG draws the board being set up, not the game behind it', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=f5d6c3d3c4`, { ...DESKTOP, acceptDownloads: true });
  await page.waitForSelector('[data-testid=board]');
  await openMore(page);
  await page.click('[data-testid=image-panel] summary');
  const download = async () => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download-png]')]);
    return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
  };
  const game = await download();
  assert.equal(game.name, 'reversi-move-5.png');
  // The editor opens on the game's position: the image is of the board being set up.
  await page.click('[data-testid=edit-position]');
  await page.waitForSelector('[data-testid=editor]');
  const same = await download();
  assert.equal(same.name, 'reversi-set-up.png');
  // The standard start set up: another board, another image.
  await page.click('[data-testid=editor-start]');
  const start = await download();
  assert.ok(!start.bytes.equals(game.bytes), 'the image draws the board being set up');
  assert.ok(!start.bytes.equals(same.bytes));
  // Closed, the image is the game's again.
  await page.click('[data-testid=editor] >> text=Cancel');
  await page.waitForSelector('[data-testid=editor]', { state: 'detached' });
  const after = await download();
  assert.equal(after.name, 'reversi-move-5.png');
  assert.ok(after.bytes.equals(game.bytes));
  assert.deepEqual(errors, []);
  await context.close();
});

test('an XOT start and a random start within a range, against the AI and between friends', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, PHONE);
  await page.waitForSelector('[data-testid=board]');
  const list = readFileSync(join(ROOT, 'crates/engine/src/xot.txt'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ')[0]);
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-hva]');
  await page.click('[data-testid=level-1]');
  await openMoreOptions(page);
  await page.selectOption('[data-testid=start-from]', 'xot');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=started]');
  const xot = await text(page, 'transcript');
  assert.equal(xot.length, 16);
  assert.ok(list.includes(xot), `${xot} is one of the list's`);
  assert.ok(Math.abs(Number(await page.getAttribute('[data-testid=started]', 'data-value'))) <= 100);
  // Black (the person) is to move after the 8 moves.
  assert.ok((await page.$$('[data-legal=true]')).length > 0);
  // A random start, 20 moves in, valued between -2 and +2 for black, between two people.
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-hvh]');
  await openMoreOptions(page);
  await page.selectOption('[data-testid=start-from]', 'random');
  await page.selectOption('[data-testid=random-moves]', '20');
  await page.selectOption('[data-testid=random-low]', '-2');
  await page.selectOption('[data-testid=random-high]', '2');
  await page.click('[data-testid=start]');
  // The XOT game's record may still be drawn for a frame (the panel follows the board): the random start
  // has come when the record shows neither the XOT's 8 moves nor the empty record of the game looking for it.
  await page.waitForFunction(
    (xot) => ![xot, ''].includes(document.querySelector('[data-testid=transcript]')?.textContent),
    xot,
    { timeout: 30_000 },
  );
  await page.waitForSelector('[data-testid=started]', { timeout: 30_000 });
  assert.equal((await text(page, 'transcript')).length, 40);
  const value = Number(await page.getAttribute('[data-testid=started]', 'data-value'));
  assert.ok(value >= -200 && value <= 200, `value ${value}`);
  await fits(page, 'starts-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a pasted 64-square board, and a bad one refused with its reason', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, DESKTOP);
  await newGame(page, { mode: 'hvh' });
  await page.click('[data-square=f5]');
  await openMore(page);
  // Black's d4 hemmed in by white to the edges: a board in b/w/. with white to move.
  const cells = Array(64).fill('.');
  const at = (name) => (Number(name[1]) - 1) * 8 + name.charCodeAt(0) - 97;
  cells[at('d4')] = 'b';
  for (const name of ['e4', 'f4', 'g4', 'h4', 'd5', 'd6', 'd7', 'd8', 'e5', 'f6', 'g7', 'h8']) cells[at(name)] = 'w';
  const board = cells.join('');
  await page.fill('[data-testid=import-text]', board.slice(0, 60));
  await page.click('[data-testid=import]');
  await page.waitForSelector('[data-testid=notice]');
  assert.match(await text(page, 'notice'), /64 squares, found 60/);
  assert.equal(await text(page, 'transcript'), 'f5', 'the game is unchanged');
  await openMore(page);
  await page.fill('[data-testid=import-text]', `${board.toUpperCase()} W`);
  await page.click('[data-testid=import]');
  await page.waitForFunction(() => document.querySelector('[data-testid=count-white]')?.textContent === '12');
  assert.equal(Number(await text(page, 'count-black')), 1);
  assert.match(await text(page, 'status'), /White/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the AI that errs: the setting goes with its searches, and it still plays', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { ...DESKTOP, init: recordPosts });
  await page.waitForSelector('[data-testid=board]');
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-hva]');
  await page.click('[data-testid=color-white]');
  await page.click('[data-testid=level-3]');
  await openMoreOptions(page);
  await page.selectOption('[data-testid=mistakes-loss]', '4');
  await page.selectOption('[data-testid=mistakes-one-in]', '2');
  await fits(page, 'mistakes-form');
  await page.click('[data-testid=start]');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 2);
  const search = await page.evaluate(() => window.__posted.find((p) => p.startsWith('{"Search"')));
  assert.deepEqual(JSON.parse(search).Search.mistakes, [4, 2]);
  // Kept for the next game and across a reload.
  await page.reload();
  await page.click('[data-testid=new-game]');
  await openMoreOptions(page);
  assert.equal(await page.inputValue('[data-testid=mistakes-loss]'), '4');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the graph of each side\'s losses added up', async () => {
  const game = 'f5f6e6f4g7d6c3';
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=${game}`, PHONE);
  await showScreen(page, 'analyse');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=eval-point]').length === 7, null, { timeout: 60_000 });
  await page.selectOption('[data-testid=graph-mode]', 'losses');
  await page.waitForSelector('[data-testid=eval-graph][data-mode=losses]');
  const points = await page.$$eval('[data-testid=loss-point]', (list) =>
    list.map((p) => ({ ply: Number(p.dataset.ply), black: Number(p.dataset.black), white: Number(p.dataset.white) })),
  );
  assert.deepEqual(points.map((p) => p.ply), [1, 2, 3, 4, 5, 6, 7]);
  for (let i = 1; i < points.length; i++) {
    assert.ok(points[i].black >= points[i - 1].black && points[i].white >= points[i - 1].white);
  }
  // g7 (move 5, black's) is a known blunder: black's total jumps there.
  assert.ok(points[4].black - points[3].black >= 4, `g7 added ${points[4].black - points[3].black}`);
  // After a review the totals are the review's losses.
  await page.click('[data-testid=review-game]');
  await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
  const losses = await page.$$eval('[data-testid=review-move]', (list) => list.map((m) => Number(m.dataset.loss)));
  const last = await page.$eval('[data-testid=loss-point][data-ply="7"]', (p) => Number(p.dataset.black) + Number(p.dataset.white));
  assert.equal(last, losses.reduce((a, b) => a + b, 0));
  assert.match(await text(page, 'loss-totals'), /Black .*White/);
  await fits(page, 'losses-phone');
  assert.deepEqual(errors, []);
  await context.close();
});

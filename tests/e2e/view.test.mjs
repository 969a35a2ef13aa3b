// The player's view: the person's move lands before the engine's reply, a browsed position tells the truth
// about itself and can be played on from, and the engine's line is written out and drawn on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, discs, importText, newGame, openMore, openPage, painted, play, restoreGame, text, useServerAndBrowser, showScreen } from './harness.mjs';

const env = useServerAndBrowser();

// The behaviours are tested on a desktop in the light scheme and on a phone in the dark one.
const SCREENS = [
  { name: 'desktop, light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'phone, dark', viewport: { width: 360, height: 740 }, colorScheme: 'dark' },
];
const on = (screen) => ({ viewport: screen.viewport, colorScheme: screen.colorScheme });

// 24 moves of a real game, past the opening book, black to move.
const MIDGAME = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
// A whole game, each move the first legal one in order a1…h8 reversed (the last listed): 60 placements.
const WHOLE_GAME =
  'e6f6g6g7g8h8f5f8f7e7e8d8h7h6c4d7c8b8c7d6g4g5h4h5f4h3c5c6b6b7a7a8a6a5b5f3b4a4g3f2e3d3c3b3a3a2h2g2h1e2d2c2b2b1g1f1e1d1c1a1';

for (const screen of SCREENS) test(`your move lands first: the lowest level replies no sooner than 400 ms after the click (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hva', color: 'black', level: 1 });
  await page.waitForSelector('[data-legal=true]');
  // Record when each move reaches the transcript, on the page's own clock.
  await page.evaluate(() => {
    window.__moves = [];
    const transcript = document.querySelector('[data-testid=transcript]');
    new MutationObserver(() => window.__moves.push([transcript.textContent, performance.now()])).observe(
      transcript,
      { childList: true, characterData: true, subtree: true },
    );
  });
  const clicked = await page.evaluate(() => {
    const at = performance.now();
    document.querySelector('[data-square=f5]').click();
    return at;
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 4);
  const moves = await page.evaluate(() => window.__moves);
  const mine = moves.find(([t]) => t === 'f5');
  const reply = moves.find(([t]) => t.length === 4);
  // The person's move is shown on its own first (the page renders it in the click's turn; under load that
  // can take a while, so no bound is put on it), and the reply waits its 400 ms.
  assert.ok(mine && mine[1] < reply[1], `the person's move alone was shown first: ${JSON.stringify(moves)}`);
  assert.ok(reply[1] - clicked >= 390, `the reply waits (${reply[1] - clicked} ms after the click)`);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`a browsed position says whose move it was there, hides the live hint, and can be played on from (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3', 'd3', 'c4']);
  await page.click('[data-testid=hint]');
  await page.waitForSelector('.square.hint');
  // "3. c3" shows the position after it: white to move.
  await page.click('.move-list >> text="3. c3"');
  assert.equal(await text(page, 'status'), 'Move 3 · White to move');
  assert.equal(await page.locator('.count.to-move [data-testid=count-white]').count(), 1);
  assert.equal(await page.locator('.square.hint').count(), 0, 'the live game’s hint is not on this position');
  assert.equal(await page.locator('[data-testid=hint-text]').count(), 0);
  await page.screenshot({ path: join(ARTIFACTS, `view-history-${screen.viewport.width}.png`) });
  // The start says so too.
  await page.click('.move-list >> text="Start"');
  assert.equal(await text(page, 'status'), 'Start · Black to move');
  // Play on from move 3: the later moves are taken back, and stay a redo away.
  await page.click('.move-list >> text="3. c3"');
  await page.click('[data-testid=play-from-here]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  assert.match(await text(page, 'status'), /^White to move/);
  await page.click('[data-testid=redo]');
  await page.click('[data-testid=redo]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3d3c4');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis follows the position browsed', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  await page.click('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=board] .value');
  await page.click('.move-list >> text="1. f5"');
  // After f5, white's moves: d6, f6 and f4.
  await page.waitForFunction(() => {
    const valued = [...document.querySelectorAll('[data-testid=board] .value')].map((v) => v.closest('[data-value-square]').dataset.valueSquare);
    return valued.sort().join() === 'd6,f4,f6';
  });
  // One convention, said once under the board: every value for Black, White to move or not. The squares
  // (whose data-value is the engine's, for the side to move) and the best lines sign them alike.
  assert.equal(await text(page, 'values-legend'), 'Discs for Black: + Black ahead, − White ahead');
  const shown = await page.$$eval('[data-testid=board] .value', (e) =>
    e.map((x) => ({ square: x.closest('[data-value-square]').dataset.valueSquare, text: x.textContent, value: Number(x.dataset.value), exact: x.dataset.depth === 'exact' })),
  );
  for (const v of shown) {
    assert.match(v.text, /^([+−]\d+\.\d|0\.0)$/);
    const black = -v.value / 100;
    assert.equal(Number(v.text.replace('−', '-')), Number(black.toFixed(1)), `${v.square} shows ${v.text} for a value of ${v.value} to White`);
  }
  await page.waitForSelector('[data-testid=top-line]');
  const line = await page.$eval('[data-testid=top-line]', (l) => ({ square: l.dataset.square, value: l.querySelector('[data-testid=top-line-value]').textContent }));
  const square = shown.find((v) => v.square === line.square);
  if (square) assert.equal(line.value.split(' · ')[0], square.text, 'the best line signs its value as its square');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`the hint writes its line out and draws it on the board (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await restoreGame(page, { moves: MIDGAME, level: 1 });
  await page.click('[data-testid=hint]');
  await page.waitForSelector('[data-testid=engine-line]');
  const line = (await text(page, 'engine-line')).split(' ');
  assert.ok(line.length >= 3, `a line of several moves: ${line.join(' ')}`);
  const hinted = await page.getAttribute('.square.hint', 'data-square');
  assert.equal(line[0], hinted, 'the line starts with the hinted move');
  assert.equal(await page.locator('.line-step').count(), 0, 'drawn only when asked');
  await page.click('[data-testid=show-line]');
  assert.equal(await page.getAttribute('[data-testid=show-line]', 'aria-pressed'), 'true');
  for (const [i, square] of line.slice(0, 3).entries()) {
    assert.equal(await page.textContent(`[data-step-square=${square}] .line-step`), String(i + 1));
  }
  // Each step a disc of its mover's colour: black to move here, and no pass in the line's first moves.
  assert.ok(await page.$(`[data-step-square=${line[0]}] .line-step.black`), 'black plays the first');
  assert.ok(await page.$(`[data-step-square=${line[1]}] .line-step.white`), 'white the second');
  await page.screenshot({ path: join(ARTIFACTS, `view-line-${screen.viewport.width}.png`), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`the shortcuts work wherever the focus is: H, U, ← → Home End (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  // Nothing focused: the page's body has the keys.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('h');
  await page.waitForSelector('.square.hint');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await text(page, 'status'), 'Move 2 · Black to move');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await text(page, 'status'), 'Start · Black to move', 'stops at the start');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, 'status'), 'Move 1 · White to move');
  await page.keyboard.press('End');
  assert.match(await text(page, 'status'), /^White to move/);
  await page.keyboard.press('Home');
  assert.equal(await text(page, 'status'), 'Start · Black to move');
  await page.keyboard.press('End');
  // A button focused (not a square): still the page's keys.
  await page.focus('[data-testid=new-game]');
  await page.keyboard.press('u');
  assert.equal(await text(page, 'transcript'), 'f5d6');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`the end of a game: a result card with the score, a review and play again (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hvh' });
  await openMore(page);
  // White wiped out in nine moves.
  await page.fill('[data-testid=import-text]', 'e6f4e3f6g5d6e7f5c5');
  await page.click('[data-testid=import]');
  await page.waitForSelector('[data-testid=result-card]');
  assert.match(await page.textContent('[data-testid=result-card]'), /Black wins 64–0/);
  await page.screenshot({ path: join(ARTIFACTS, `view-result-${screen.viewport.width}.png`) });
  await page.click('[data-testid=result-review]');
  await showScreen(page, 'analyse');
  await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
  assert.equal(await page.isDisabled('[data-testid=result-review]'), true, 'reviewed once');
  await page.click('[data-testid=play-again]');
  await painted(page);
  assert.equal(await page.locator('[data-testid=result-card]').count(), 0);
  assert.equal(await text(page, 'transcript'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`the graph scales to the game and is labelled; the review steps through the mistakes on the board (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hvh' });
  // A game with mistakes: the first legal move every turn (random-ish, quickly bad).
  for (let i = 0; i < 16; i++) {
    const square = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
    await page.click(`[data-square=${square}]`);
  }
  await showScreen(page, 'analyse');
  await page.click('[data-testid=review-game]');
  await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
  const graph = page.locator('[data-testid=eval-graph]');
  const range = Number(await graph.getAttribute('data-range'));
  const values = await page.$$eval('[data-testid=eval-point]', (bars) => bars.map((b) => Math.abs(Number(b.dataset.value))));
  const most = Math.max(...values);
  assert.ok(most <= range && (range === 4 || most > range / 2), `range ${range} fits ${most}`);
  assert.equal(await text(page, 'graph-top'), `+${range}`);
  assert.equal(await text(page, 'graph-bottom'), `−${range}`);
  const marked = await page.$$eval('[data-testid=review-move][data-mark]:not([data-mark=""])', (b) => b.map((e) => Number(e.dataset.ply)));
  assert.ok(marked.length >= 2, `mistakes to step through: ${marked}`);
  assert.ok((await page.locator('.eval-graph .bar.inaccuracy, .eval-graph .bar.mistake, .eval-graph .bar.blunder').count()) >= 1);
  // Next mistake: the position before the first of the list (the biggest), its better move marked on the board.
  const listed = await page.$$eval('[data-testid=mistakes] button', (b) => b.map((e) => e.dataset.ply));
  await page.click('[data-testid=next-mistake]');
  await page.waitForSelector('[data-testid=reviewed-here]');
  assert.equal(await page.getAttribute('[data-testid=mistakes] [aria-current]', 'data-ply'), listed[0]);
  assert.match(await text(page, 'reviewed-here'), /lost \d+ \(best [a-h][1-8]\)/);
  const best = (await text(page, 'reviewed-here')).match(/best ([a-h][1-8])/)[1];
  assert.equal(await page.getAttribute('.square.hint', 'data-square'), best);
  // The better move's line, written out and drawn on a toggle.
  assert.equal((await text(page, 'engine-line')).split(' ')[0], best);
  await page.click('[data-testid=show-line]');
  assert.equal(await page.textContent(`[data-step-square=${best}] .line-step`), '1');
  await page.click('[data-testid=next-mistake]');
  await page.waitForFunction((ply) => document.querySelector('[data-testid=mistakes] [aria-current]')?.dataset.ply === ply, listed[1]);
  const second = await text(page, 'status');
  await page.click('[data-testid=previous-mistake]');
  assert.notEqual(await text(page, 'status'), second);
  await page.screenshot({ path: join(ARTIFACTS, `view-review-${screen.viewport.width}.png`) });
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`move sounds: played on a move, switched off and kept off across a reload (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hvh' });
  const sound = '[data-testid=sound]';
  assert.equal(await page.getAttribute(sound, 'aria-pressed'), 'true');
  await play(page, ['f5']);
  await page.waitForFunction((s) => document.querySelector(s).dataset.played === '1', sound);
  await page.click(sound);
  assert.equal(await page.getAttribute(sound, 'aria-pressed'), 'false');
  await play(page, ['d6']);
  await page.waitForTimeout(200);
  assert.equal(await page.getAttribute(sound, 'data-played'), '1', 'no sound when off');
  await page.reload();
  await page.waitForSelector(sound);
  assert.equal(await page.getAttribute(sound, 'aria-pressed'), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a copy says so as a success; the engine figures read in sensible units', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await newGame(page, { mode: 'hva', color: 'black', level: 1 });
  await play(page, ['f5']);
  await page.waitForSelector('[data-testid=engine-stats]');
  await page.click('[data-testid=engine-stats] summary');
  assert.match(await text(page, 'engine-figures'), /^\d+(\.\d+ [kMG])? nodes in \d+(\.\d+)? m?s/);
  await openMore(page);
  await page.click('[data-testid=copy-transcript]');
  await page.waitForSelector('[data-testid=notice].success');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shared link of a game against the AI opens against the AI', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hva', color: 'white', level: 3 });
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 2);
  await openMore(page);
  const link = await page.inputValue('[data-testid=share-link]');
  assert.match(link, /#t=[a-h][1-8]&m=w3$/);
  const other = await openPage(env.browser, link);
  await other.page.waitForSelector('[data-legal=true]');
  assert.match(await other.page.textContent('.title .mode'), /AI level 3/);
  assert.match(await text(other.page, 'status'), /White to move/);
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a legal move under the pointer rings the discs it would turn', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await page.hover('[data-square=f5]');
  await page.waitForSelector('.disc.would-flip');
  const ringed = await page.$$eval('.disc.would-flip', (d) => d.map((e) => e.closest('[data-square]').dataset.square));
  assert.deepEqual(ringed, ['e5']);
  await page.hover('[data-square=a1]');
  assert.equal(await page.locator('.disc.would-flip').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const scheme of ['light', 'dark']) {
  test(`the first screen (${scheme}): board, bar, controls and move list (and the graph on the analysis screen) on a 1280×800 desktop; board and counts on a 360 px phone`, async () => {
    const desktop = await openPage(env.browser, env.server.url, { viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    await newGame(desktop.page, { mode: 'hvh' });
    await play(desktop.page, ['f5', 'd6', 'c3']);
    for (const [screen, selectors] of [
      ['play', ['[data-testid=board]', '[data-testid=screen-bar]', '.move-list', '[data-testid=new-game]', '[data-testid=undo]']],
      ['analyse', ['[data-testid=board]', '[data-testid=eval-graph]', '.move-list', '[data-testid=undo]']],
    ]) {
      await showScreen(desktop.page, screen);
      await desktop.page.evaluate(() => window.scrollTo(0, 0));
      for (const selector of selectors) {
        const box = await desktop.page.locator(selector).boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= 800, `${selector} in the ${screen} screen's first screen: ${JSON.stringify(box)}`);
      }
    }
    await desktop.page.screenshot({ path: join(ARTIFACTS, `view-desktop-${scheme}.png`) });
    assert.deepEqual(desktop.errors, []);
    await desktop.context.close();
    const phone = await openPage(env.browser, env.server.url, { viewport: { width: 360, height: 740 }, colorScheme: scheme });
    await newGame(phone.page, { mode: 'hvh' });
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    for (const selector of ['[data-testid=board]', '.counts']) {
      const box = await phone.page.locator(selector).boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= 740, `${selector} on the phone's first screen: ${JSON.stringify(box)}`);
    }
    await phone.page.screenshot({ path: join(ARTIFACTS, `view-phone-${scheme}.png`) });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });
}

test('the position editor comes into view when it opens', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { viewport: { width: 1280, height: 800 } });
  await page.waitForSelector('[data-legal=true]');
  await openMore(page);
  await page.click('[data-testid=edit-position]');
  await page.waitForSelector('[data-testid=editor]');
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-testid=editor]').getBoundingClientRect();
    return box.top > -2 && box.top < window.innerHeight / 2;
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots: analysis and training on a desktop, a review on a phone', async () => {
  const desktop = await openPage(env.browser, env.server.url, { viewport: { width: 1280, height: 800 } });
  await restoreGame(desktop.page, { moves: MIDGAME, level: 4 });
  await desktop.page.check('[data-testid=analyse]');
  await desktop.page.waitForSelector('[data-testid=board] .value');
  await desktop.page.click('[data-testid=hint]');
  await desktop.page.click('[data-testid=show-line]');
  await desktop.page.waitForSelector('.line-step');
  await desktop.page.evaluate(() => window.scrollTo(0, 0));
  await desktop.page.screenshot({ path: join(ARTIFACTS, 'screen-analysis-desktop.png') });
  await openMore(desktop.page);
  await desktop.page.click('[data-testid=screen-train]');
  await desktop.page.click('[data-testid=start-puzzles]');
  await desktop.page.waitForSelector('[data-testid=puzzle]');
  await desktop.page.screenshot({ path: join(ARTIFACTS, 'screen-training-desktop.png') });
  assert.deepEqual(desktop.errors, []);
  await desktop.context.close();

  const phone = await openPage(env.browser, env.server.url, { viewport: { width: 360, height: 740 } });
  await newGame(phone.page, { mode: 'hvh' });
  for (let i = 0; i < 16; i++) {
    const square = await phone.page.$eval('[data-legal=true]', (c) => c.dataset.square);
    await phone.page.click(`[data-square=${square}]`);
  }
  await showScreen(phone.page, 'analyse');
  await phone.page.click('[data-testid=review-game]');
  await phone.page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
  await phone.page.click('[data-testid=next-mistake]');
  await phone.page.waitForSelector('[data-testid=reviewed-here]');
  await phone.page.screenshot({ path: join(ARTIFACTS, 'screen-review-phone.png'), fullPage: true });
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

for (const screen of SCREENS) test(`the opening explorer fits its panel (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await page.waitForSelector('[data-legal=true]');
  await showScreen(page, 'analyse');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move]');
  const { table, panel } = await page.evaluate(() => ({
    table: document.querySelector('.explorer-table').getBoundingClientRect().width,
    panel: document.querySelector('.panel').clientWidth,
  }));
  assert.ok(table <= panel, `the table (${table} px) fits the panel (${panel} px)`);
  const [scroll, visible] = await page.$eval('.explorer', (e) => [e.scrollWidth, e.clientWidth]);
  assert.ok(scroll <= visible, `no sideways scroll in the explorer (${scroll} px in ${visible} px)`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  assert.deepEqual(errors, []);
  await context.close();
});

for (const screen of SCREENS) test(`the keys step through the record, the move list follows the shown move, and the page stays where it is (${screen.name})`, async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
  await newGame(page, { mode: 'hvh' });
  // A whole game (61 items in the list, more than its scroll box holds).
  await importText(page, WHOLE_GAME);
  await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, WHOLE_GAME);
  const current = () => page.$eval('.move-list .move.current', (b) => b.textContent);
  // The current move inside the list's own scroll box.
  const inView = () =>
    page.$eval('.move-list .move.current', (b) => {
      const list = b.closest('ol').getBoundingClientRect();
      const item = b.getBoundingClientRect();
      return item.top >= list.top - 1 && item.bottom <= list.bottom + 1;
    });
  await painted(page);
  assert.match(await current(), /^60\. a1/, 'the game\'s own position: its last move marked');
  assert.equal(await inView(), true, 'the last move in view in the list');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.focus('body');
  for (const key of ['Home', 'End', 'Home']) {
    const before = await page.evaluate(() => window.scrollY);
    await page.keyboard.press(key);
    await painted(page);
    assert.equal(await page.evaluate(() => window.scrollY), before, `${key} leaves the page where it is`);
  }
  assert.equal(Object.values(await discs(page)).filter((d) => d !== 'empty').length, 4, 'the start');
  assert.match(await current(), /Start/);
  assert.equal(await inView(), true, 'the start in view in the list');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await painted(page);
  assert.match(await current(), /^2\. /);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await painted(page);
  assert.match(await current(), /^59\. c1/);
  assert.equal(await inView(), true, 'the last moves in view in the list');
  assert.deepEqual(errors, []);
  await context.close();
});

// The board stays where the eyes are (issue 67): on a wide screen it stays in view while the panel scrolls
// beside it, and on a phone a panel's button that shows a position brings it back; step buttons under it;
// results drawn where the person looks; a result card that fits a phone and says where the empties went.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, importText, newGame, openMore, openPage, painted, recordShifts, restoreGame, text, useServerAndBrowser, showScreen } from './harness.mjs';

const env = useServerAndBrowser();

const SCREENS = [
  { name: 'desktop, light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'phone, dark', viewport: { width: 360, height: 740 }, colorScheme: 'dark', isMobile: true, hasTouch: true },
];
const on = ({ viewport, colorScheme, isMobile = false, hasTouch = false }) => ({ viewport, colorScheme, isMobile, hasTouch });

// A whole game, each move the first legal one in order a1…h8 reversed (the last listed): 60 placements.
const WHOLE_GAME =
  'e6f6g6g7g8h8f5f8f7e7e8d8h7h6c4d7c8b8c7d6g4g5h4h5f4h3c5c6b6b7a7a8a6a5b5f3b4a4g3f2e3d3c3b3a3a2h2g2h1e2d2c2b2b1g1f1e1d1c1a1';

/** Asserts the board's whole box lies inside the window. */
async function boardInView(page, after) {
  await painted(page);
  const box = await page.locator('[data-testid=board]').boundingBox();
  const height = page.viewportSize().height;
  assert.ok(box && box.y >= -1 && box.y + box.height <= height + 1, `the board in view after ${after}: ${JSON.stringify(box)} in ${height} px`);
}

/** Scrolls the page to its end, as a person reading the panel's last sections would. */
const scrollToEnd = (page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

for (const screen of SCREENS) {
  test(`the board stays in view through the panel's actions (${screen.name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
    await newGame(page, { mode: 'hvh' });
    // The explorer's move, clicked at the page's end.
    await scrollToEnd(page);
    await showScreen(page, 'analyse');
    await page.click('[data-testid=explorer-toggle]');
    await page.waitForSelector('[data-testid=explorer-move][data-move=f5]');
    await page.locator('[data-testid=explorer-move][data-move=f5] button').scrollIntoViewIfNeeded();
    await page.click('[data-testid=explorer-move][data-move=f5] button');
    await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'f5');
    await boardInView(page, 'an explorer move');
    // An import from the panel's end: the game imported is shown.
    await importText(page, WHOLE_GAME);
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, WHOLE_GAME);
    await boardInView(page, 'an import');
    // A move of the list and a bar of the graph, each clicked with the page scrolled to its end.
    await scrollToEnd(page);
    await page.locator('.move-list .move >> text="10. e7"').scrollIntoViewIfNeeded();
    await page.click('.move-list .move >> text="10. e7"');
    await page.waitForSelector('.move-list .move.current >> text="10. e7"');
    await boardInView(page, 'a move of the list');
    await scrollToEnd(page);
    await showScreen(page, 'analyse');
    await page.locator('[data-testid=eval-point][data-ply="20"]').scrollIntoViewIfNeeded();
    await page.click('[data-testid=eval-point][data-ply="20"]');
    // The 20th ply, a pass among them: the 19th placement.
    await page.waitForSelector('.move-list .move.current >> text="19. c7"');
    await boardInView(page, 'a bar of the graph');
    // The page never scrolls sideways.
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= screen.viewport.width);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the step buttons under the board step through the game, and the list follows (${screen.name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
    await newGame(page, { mode: 'hvh' });
    await importText(page, WHOLE_GAME);
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, WHOLE_GAME);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Touch-sized, under the board; the end's two are disabled at the game's own position.
    const board = await page.locator('[data-testid=board]').boundingBox();
    for (const id of ['step-first', 'step-back', 'step-on', 'step-last']) {
      const box = await page.locator(`[data-testid=${id}]`).boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `${id} is ${box.width}×${box.height}`);
      assert.ok(box.y >= board.y + board.height, `${id} under the board`);
    }
    assert.ok(await page.locator('[data-testid=step-on]').isDisabled());
    assert.ok(await page.locator('[data-testid=step-last]').isDisabled());
    await page.click('[data-testid=step-first]');
    assert.equal(await text(page, 'count-black'), '2');
    assert.equal(await text(page, 'count-white'), '2');
    assert.ok(await page.locator('[data-testid=step-back]').isDisabled());
    await page.click('[data-testid=step-on]');
    await page.click('[data-testid=step-on]');
    await page.waitForSelector('.move-list .move.current >> text="2. f6"');
    await page.click('[data-testid=step-back]');
    await page.waitForSelector('.move-list .move.current >> text="1. e6"');
    assert.equal(await text(page, 'count-black'), '4');
    // To the end: the list's last move is the current one, scrolled into the list's view.
    await page.click('[data-testid=step-last]');
    await page.waitForSelector('.move-list .move.current >> text="60. a1"');
    await painted(page);
    const seen = await page.evaluate(() => {
      const list = document.querySelector('.move-list ol').getBoundingClientRect();
      const current = document.querySelector('.move-list .move.current').getBoundingClientRect();
      return current.top >= list.top - 1 && current.bottom <= list.bottom + 1;
    });
    assert.ok(seen, 'the current move is in the list\'s view');
    assert.ok(await page.locator('[data-testid=step-last]').isDisabled());
    // Each button is named for a screen reader, in both languages.
    assert.equal(await page.getAttribute('[data-testid=step-first]', 'aria-label'), 'First position');
    await page.selectOption('[data-testid=language]', 'zh-CN');
    assert.equal(await page.getAttribute('[data-testid=step-first]', 'aria-label'), '开局局面');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`results land where the person looks: an import's error beside Import, the review from the result card (${screen.name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
    await newGame(page, { mode: 'hvh' });
    await importText(page, 'f5 zz');
    const error = page.locator('.share [data-testid=notice]');
    await error.waitFor();
    assert.match(await error.textContent(), /zz/);
    assert.equal(await error.getAttribute('role'), 'alert');
    const button = await page.locator('[data-testid=import]').boundingBox();
    const box = await error.boundingBox();
    assert.ok(box.y >= button.y + button.height - 1 && box.y - (button.y + button.height) < 40, `the error right under Import: ${JSON.stringify({ button, box })}`);
    assert.ok(box.y + box.height <= page.viewportSize().height, 'the error in view');
    // Not said a second time at the panel's top; the game is unchanged.
    assert.equal(await page.locator('[data-testid=notice]').count(), 1);
    assert.equal(await text(page, 'transcript'), '');
    // The game finished; "Review the game" on its card brings the review into view, with the focus.
    await importText(page, WHOLE_GAME);
    await page.waitForSelector('[data-testid=result-card]');
    await page.locator('[data-testid=result-review]').scrollIntoViewIfNeeded();
    await page.click('[data-testid=result-review]');
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'review');
    await painted(page);
    await showScreen(page, 'analyse');
    const review = await page.locator('[data-testid=review]').boundingBox();
    assert.ok(review.y >= 0 && review.y < page.viewportSize().height, `the review in view: ${JSON.stringify(review)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// 24 moves of a real game, past the opening book, black to move.
const MIDGAME = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';

for (const screen of SCREENS) {
  test(`nothing moves as the analysis is switched on and off, deepens and follows the game (${screen.name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, { ...on(screen), init: recordShifts });
    await newGame(page, { mode: 'hvh' });
    await importText(page, MIDGAME);
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, MIDGAME);
    await page.evaluate(() => window.scrollTo(0, 0));
    await painted(page);
    const since = await page.evaluate(() => performance.now());
    const depth = () => page.$eval('[data-testid=values-depth]', (e) => e.dataset.depth);
    const deepened = (past) =>
      page.waitForFunction(
        (d) => {
          const depth = document.querySelector('[data-testid=values-depth]')?.dataset.depth;
          return depth === 'exact' || Number(depth) >= d;
        },
        past,
        { timeout: 60_000 },
      );
    // Each step is left to run well past the half second after a click in which the browser does not count
    // a shift: the values that come, deepen and change the lines later are all counted.
    // Where the panel starts (under the board and its analysis on a phone) once each step has settled.
    const tops = [];
    const settle = async (past) => {
      await deepened(past);
      await page.waitForTimeout(1500);
      tops.push(await page.$eval('.panel', (p) => p.getBoundingClientRect().top + window.scrollY));
    };
    // On: the values come and deepen, the lines change.
    await page.click('[data-testid=analyse]');
    await settle(10);
    // A move played, a position browsed, each analysed in turn.
    await page.click(`[data-square=${await page.$eval('[data-testid=top-line]', (e) => e.dataset.square)}]`);
    await settle(8);
    await page.click('[data-testid=step-back]');
    await settle(8);
    assert.ok(await depth());
    // Off, and on again.
    await page.click('[data-testid=analyse]');
    await page.waitForSelector('[data-testid=analysis-under]', { state: 'detached' });
    await page.waitForTimeout(1000);
    await page.click('[data-testid=analyse]');
    await settle(8);
    const shifts = await page.evaluate((t) => window.__shifts.filter((s) => s.at > t && !s.recent), since);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    // The analysis's room is the same for every position and depth: whatever is under it stays put.
    assert.ok(tops.every((top) => top === tops[0]), `the panel starts at ${tops.join(', ')}`);
    assert.ok(total <= 0.05, `cumulative layout shift ${total.toFixed(4)}: ${JSON.stringify(shifts)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const screen of SCREENS) {
  test(`the squares say how far each move is from the best, which are the book's, readable on a phone (${screen.name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
    await newGame(page, { mode: 'hvh' });
    await page.click('[data-testid=analyse]');
    // The start: the four first moves are the book's, each marked on its square.
    await page.waitForFunction(() => document.querySelectorAll('.value-cell .value[data-book]').length === 4);
    assert.ok(await page.$eval('[data-square=f5]', (e) => /book move/.test(e.getAttribute('aria-label'))));
    await importText(page, MIDGAME);
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, MIDGAME);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=values-depth]')?.dataset.depth) >= 8, null, { timeout: 60_000 });
    const values = await page.$$eval('.value-cell .value', (list) =>
      list.map((v) => ({
        value: Number(v.dataset.value),
        band: v.dataset.band,
        color: getComputedStyle(v).color,
        size: parseFloat(getComputedStyle(v).fontSize),
      })),
    );
    const best = Math.max(...values.map((v) => v.value));
    const band = (v) => (best - v <= 0 ? 'best' : best - v <= 200 ? 'close' : best - v <= 600 ? 'off' : 'far');
    for (const v of values) {
      assert.equal(v.band, band(v.value), JSON.stringify(v));
      assert.ok(v.size >= 12, `a value ${v.size} px`);
    }
    // One colour a band: the scale reads at a glance.
    const colours = new Map(values.map((v) => [v.band, v.color]));
    assert.equal(new Set(colours.values()).size, colours.size, JSON.stringify([...colours]));
    assert.ok(colours.size >= 2, 'the position has moves of more than one band');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const screen of SCREENS) {
  test(`a variation played against the AI leaves the game as it was, and comes back after a reload (${screen.name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, on(screen));
    await restoreGame(page, { moves: MIDGAME, level: 1 });
    const transcript = () => text(page, 'transcript');
    const variation = () => page.$$eval('[data-testid=variation-move]', (list) => list.map((b) => [b.textContent, b.classList.contains('current')]));
    assert.equal(await transcript(), MIDGAME);
    // The best line's second move, clicked: both moves go into a variation; the AI is not asked to answer.
    await page.click('[data-testid=analyse]');
    await page.waitForSelector('[data-testid=top-line] [data-testid=line-move]:not([disabled])');
    // Read and clicked in one task: the lines change as they deepen.
    const first = await page.evaluate(() => {
      const moves = document.querySelector('[data-testid=top-line]').querySelectorAll('[data-testid=line-move]');
      moves[1].click();
      return [moves[0].textContent, moves[1].textContent];
    });
    await page.waitForSelector('[data-testid=in-variation]');
    assert.deepEqual(await variation(), [[`25. ${first[0]}`, false], [`26. ${first[1]}`, true]]);
    assert.match(await text(page, 'status'), /^Variation · Black to move$/);
    // A move tried on the board goes on in it.
    const legal = await page.$eval('[data-legal=true]', (e) => e.dataset.square);
    await page.click(`[data-square=${legal}]`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=variation-move]').length === 3);
    await page.waitForTimeout(800);
    assert.equal(await transcript(), MIDGAME, 'the game as it was: the AI did not move');
    // The variation, the step buttons, the squares' marks and the lines pass axe in this screen's scheme.
    assert.deepEqual(await audit(page), []);
    // After a reload, the variation is there, shown as it was.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('reversi.autosave') ?? '{}').variations?.[0]?.moves?.length === 6);
    await page.reload();
    await page.waitForSelector('[data-testid=in-variation]');
    assert.deepEqual((await variation()).map(([, current]) => current), [false, false, true]);
    assert.equal(await transcript(), MIDGAME);
    // The step buttons walk back through it to the game's position, and on again.
    await page.click('[data-testid=step-back]');
    await page.waitForFunction(() => document.querySelector('[data-testid=variation-move].current')?.textContent.startsWith('26.'));
    await page.click('[data-testid=step-back]');
    await page.click('[data-testid=step-back]');
    await page.waitForSelector('[data-testid=in-variation]', { state: 'detached' });
    assert.equal(await page.locator('[data-testid=variation-move].current').count(), 0);
    assert.equal(await page.locator('[data-testid=variation-move]').count(), 3, 'kept in the list');
    // Its last move in the list, clicked: shown again; one click back to the game, where the person plays.
    await page.click('[data-testid=variation-move] >> nth=2');
    await page.waitForSelector('[data-testid=in-variation]');
    // The game's link names the variation; opened elsewhere, it shows it.
    await openMore(page);
    const link = await page.inputValue('[data-testid=share-link]');
    assert.match(link, /&v=24\.[a-h][1-8][a-h][1-8][a-h][1-8]$/);
    const elsewhere = await openPage(env.browser, link, on(screen));
    await elsewhere.page.waitForSelector('[data-testid=in-variation]');
    assert.equal(await elsewhere.page.locator('[data-testid=variation-move]').count(), 3);
    assert.equal(await text(elsewhere.page, 'transcript'), MIDGAME);
    assert.deepEqual(elsewhere.errors, []);
    await elsewhere.context.close();
    await showScreen(page, 'play');
    await page.click('[data-testid=back-to-game]');
    await page.waitForSelector('[data-testid=in-variation]', { state: 'detached' });
    await page.click(`[data-square=${first[0]}]`);
    await page.waitForFunction((n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n, MIDGAME.length + 4, { timeout: 30_000 });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('lines tried from one position each stay in the list, a tree beside the game', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(SCREENS[0]));
  await newGame(page, { mode: 'hvh' });
  await importText(page, MIDGAME);
  await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, MIDGAME);
  // The position before move 20 (a5): two other moves tried there, each a line of its own.
  await page.click('.move-list .move >> text="19. f4"');
  const tried = await page.$$eval('[data-legal=true]', (list) => list.map((e) => e.dataset.square).filter((s) => s !== 'a5'));
  assert.ok(tried.length >= 2, `moves to try: ${tried}`);
  await page.click(`[data-square=${tried[0]}]`);
  await page.waitForSelector('[data-testid=in-variation]');
  await page.click('[data-testid=step-back]');
  await page.waitForSelector('[data-testid=in-variation]', { state: 'detached' });
  await page.click(`[data-square=${tried[1]}]`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=variation]').length === 2);
  const lines = await page.$$eval('[data-testid=variation]', (list) => list.map((v) => v.textContent.replace(/[()\s]/g, '')));
  assert.deepEqual(lines, [`20.${tried[0]}`, `20.${tried[1]}`]);
  // Both come right after the move they replace, the second shown.
  const after = await page.$eval('.move-list ol', (ol) => {
    const items = [...ol.children];
    const i = items.findIndex((li) => li.textContent.trim() === '20. a5');
    return [items[i + 1].dataset.testid, items[i + 2].dataset.testid];
  });
  assert.deepEqual(after, ['variation', 'variation']);
  assert.ok(await page.$('[data-testid=variation] >> nth=1 >> .move.current'));
  assert.equal(await text(page, 'transcript'), MIDGAME);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on touch a tap on a best line draws it, and a second tap plays it into a variation', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(SCREENS[1]));
  await restoreGame(page, { moves: MIDGAME, level: 1 });
  // A fixed depth, reached before the taps: a line that deepened between the two taps is another line, and a
  // tap on it a first tap.
  await page.selectOption('[data-testid=analyse-depth]', '8');
  await page.tap('[data-testid=analyse]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=values-depth]')?.dataset.depth) >= 8, null, { timeout: 60_000 });
  const first = await page.getAttribute('[data-testid=top-line]', 'data-square');
  await page.tap('[data-testid=top-line] [data-testid=line-move] >> nth=1');
  await page.waitForSelector(`[data-step-square=${first}] [data-step="1"]`);
  await page.waitForTimeout(300);
  assert.equal(await page.locator('[data-testid=in-variation]').count(), 0, 'drawn, not played');
  await page.tap('[data-testid=top-line] [data-testid=line-move] >> nth=1');
  await page.waitForSelector('[data-testid=in-variation]');
  assert.equal(await page.locator('[data-testid=variation-move]').count(), 2);
  assert.equal(await text(page, 'transcript'), MIDGAME);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after a reload the graph is whole at once: its values are kept with the game', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(SCREENS[0]));
  await newGame(page, { mode: 'hvh' });
  await importText(page, MIDGAME);
  await showScreen(page, 'analyse');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=eval-graph]')?.dataset.points) === 24, null, { timeout: 60_000 });
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('reversi.values') ?? '{"values":[]}').values.length >= 25);
  await page.reload();
  // The first render of the page, before its workers have started: every point is there.
  await showScreen(page, 'analyse');
  await page.waitForSelector('[data-testid=eval-graph]');
  assert.equal(await page.getAttribute('[data-testid=eval-graph]', 'data-points'), '24');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a line drawn across a pass marks the move after it', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(SCREENS[0]));
  await newGame(page, { mode: 'hvh' });
  // White to move: a1 takes b1 and c1 and leaves Black only h7, no move; White then takes it with h6.
  const empty = '-'.repeat(8);
  await importText(page, `-XXO----${empty}${empty}---OO------OO---${empty}-------X-------O O`);
  await page.click('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=top-line][data-square=a1]');
  await page.focus('[data-testid=top-line][data-square=a1]');
  await page.waitForSelector('[data-step-square=h6] .line-step');
  assert.ok(await page.$('[data-step-square=a1] .line-step.white:not(.after-pass)'), 'a1: white, the first');
  assert.ok(await page.$('[data-step-square=h6] .line-step.white.after-pass'), 'h6: white again, after black passed');
  assert.match(await page.getAttribute('[data-square=h6]', 'aria-label'), /line 2, after a pass/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone a puzzle begun from the panel of the training room is shown with the board in view', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(SCREENS[1]));
  await openMore(page);
  await page.click('[data-testid=screen-train]');
  await page.waitForSelector('[data-testid=start-puzzles]');
  await scrollToEnd(page);
  await page.click('[data-testid=start-puzzles]');
  await page.waitForSelector('[data-legal=true]');
  await boardInView(page, 'a puzzle begun');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the result card fits, keeps its score on one line, and says where the empty squares went', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, on(SCREENS[1]));
  await newGame(page, { mode: 'hvh' });
  // The new-game form fits the phone's width.
  await page.click('[data-testid=new-game]');
  await page.waitForSelector('[data-testid=mode]');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360, 'the form fits 360 px');
  await page.click('[data-testid=cancel]');
  // Over with one empty square (c8): White's lone disc in a corner, Black everywhere else.
  await importText(page, `O${'X'.repeat(57)}-${'X'.repeat(5)} O`);
  await page.waitForSelector('[data-testid=result-card]');
  assert.deepEqual(await audit(page), []);
  assert.equal(await text(page, 'count-black'), '62');
  assert.equal(await text(page, 'count-white'), '1');
  assert.match(await page.textContent('.result-headline'), /Black wins 63–1$/);
  assert.equal(await text(page, 'result-empties'), '1 empty square counted for Black');
  // The headline's score is never split over two lines.
  const lines = await page.$eval('.result-headline .nowrap', (e) => e.getClientRects().length);
  assert.equal(lines, 1);
  // Shared, when the scoring shares them.
  await openMore(page);
  await page.selectOption('[data-testid=scoring]', 'split');
  await showScreen(page, 'play');
  await page.waitForFunction(() => document.querySelector('[data-testid=result-empties]')?.textContent === '1 empty square shared');
  assert.deepEqual(errors, []);
  await context.close();
});

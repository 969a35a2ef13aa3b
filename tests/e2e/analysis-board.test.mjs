// The analysis board in the real page: values that deepen with no click and become exact near the end (as
// `reversi solve` says), the hint that is the analysis's best move, a book move's line, the three best lines
// drawn on hover and played by a click, a move that stops the analysis, the AI not delayed by it, and a
// hidden page that stops the deepening.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REVERSI, importText, newGame, openPage, recordWorkerMessages, restoreGame, useServerAndBrowser, showScreen } from './harness.mjs';

const env = useServerAndBrowser();

// 36 empties, black to move.
const MIDGAME = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
// 20 empties, black to move, with every move's exact score (the FFO forum's position 26).
const ENDGAME = '-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X';
const ENDGAME_SCORES = { d8: 0, a6: -2, a4: -6, b7: -6, a5: -12, g1: -16, a2: -16, a3: -18, h2: -18, b8: -20, g2: -20, b2: -26 };
// Move 18 of a well-known line, in the book.
const BOOKED = 'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1';

/** The depth the analysis says its values have (a number, or 'exact'), once it shows values. */
const shownDepth = (page) => page.getAttribute('[data-testid=values-depth]', 'data-depth');

/** Every valued square with its value (hundredths of a disc) and depth (each value drawn over its square). */
const valued = (page) =>
  page.$$eval('[data-value-square]', (cells) =>
    cells
      .filter((c) => c.querySelector('[data-value]'))
      .map((c) => {
        const v = c.querySelector('[data-value]');
        return { square: c.dataset.valueSquare, value: Number(v.dataset.value), depth: v.dataset.depth, best: v.classList.contains('best') };
      }),
  );

test('the values deepen with no click, the room still answers, the hint is the best of them, three lines are drawn on hover and played by a click', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`);
  await page.waitForSelector('[data-legal=true]');
  await newGame(page, { mode: 'hvh' });
  await importText(page, MIDGAME);
  await page.waitForFunction((n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n, MIDGAME.length);
  assert.equal(await page.$eval('[data-testid=analyse-depth]', (s) => s.value), '0', 'by default it deepens until you move');
  await page.check('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=values-depth]', { timeout: 10_000 });
  const first = Number(await shownDepth(page));
  // Deeper values come by themselves.
  await page.waitForFunction(
    (d) => Number(document.querySelector('[data-testid=values-depth]')?.dataset.depth) >= d + 4,
    first,
    { timeout: 30_000 },
  );
  const squares = await valued(page);
  const legal = await page.$$eval('[data-legal=true]', (c) => c.map((e) => e.dataset.square).sort());
  assert.deepEqual(squares.map((s) => s.square).sort(), legal, 'every legal move valued');
  assert.equal(new Set(squares.map((s) => s.depth)).size, 1, 'each square says the same depth');
  // A limit of 8 plies: the analysis starts again and stops there, so that what follows reads values that stay.
  await page.selectOption('[data-testid=analyse-depth]', '8');
  await page.waitForFunction(() => document.querySelector('[data-testid=values-depth]')?.dataset.depth === '8', null, {
    timeout: 30_000,
  });
  // The hint is the analysis's best move and value, as the squares show them.
  await page.click('[data-testid=hint]');
  await page.waitForSelector('[data-testid=hint-text]');
  const agree = await page.waitForFunction(() => {
    const hint = document.querySelector('[data-testid=hint-text]');
    const best = document.querySelector(`[data-value-square=${hint?.dataset.square}] [data-value]`);
    return best?.classList.contains('best') && best.dataset.value === hint.dataset.score;
  }, null, { timeout: 10_000 });
  assert.ok(await agree.jsonValue());
  // The analysis room's questions come first: the explorer answers while the values go on deepening.
  await showScreen(page, 'analyse');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move], [data-testid=explorer-empty]', { timeout: 15_000 });
  // Three lines, the best first, each starting with its move; pointing at the second draws it on the board.
  const lines = page.locator('[data-testid=top-line]');
  assert.equal(await lines.count(), 3);
  const firstLine = await lines.nth(0).getAttribute('data-square');
  assert.ok(await page.$(`[data-value-square=${firstLine}] .value.best`), 'the first line is the best move’s');
  const second = lines.nth(1);
  const secondMoves = await second.locator('[data-testid=line-move]').allTextContents();
  assert.ok(secondMoves.length >= 2, `a line of its own: ${secondMoves}`);
  assert.equal(secondMoves[0], await second.getAttribute('data-square'));
  await second.hover();
  await page.waitForFunction((sq) => document.querySelector(`[data-step-square=${sq}] [data-step="1"]`), secondMoves[0]);
  assert.ok(await page.$(`[data-step-square=${secondMoves[1]}] [data-step="2"]`), 'its second move numbered 2');
  // A click on its second move plays the line up to it; the next position is analysed anew.
  await second.locator('[data-testid=line-move]').nth(1).click();
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n + 4,
    MIDGAME.length,
  );
  const transcript = await page.textContent('[data-testid=transcript]');
  assert.equal(transcript.slice(MIDGAME.length), secondMoves.slice(0, 2).join(''));
  await page.waitForFunction(() => {
    const legal = [...document.querySelectorAll('[data-legal=true]')].map((c) => c.dataset.square).sort();
    const valued = [...document.querySelectorAll('[data-value-square]')].filter((c) => c.querySelector('[data-value]')).map((c) => c.dataset.valueSquare).sort();
    return legal.length > 0 && JSON.stringify(legal) === JSON.stringify(valued);
  }, null, { timeout: 10_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('at 20 empties the values become exact, as reversi solve says, and the hint follows them', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`);
  await page.waitForSelector('[data-legal=true]');
  await newGame(page, { mode: 'hvh' });
  await importText(page, ENDGAME);
  await page.waitForFunction(() => document.querySelectorAll('[data-disc=empty]').length === 20);
  await page.check('[data-testid=analyse]');
  await page.click('[data-testid=hint]');
  await page.waitForFunction(() => document.querySelector('[data-testid=values-depth]')?.dataset.depth === 'exact', null, {
    timeout: 60_000,
  });
  const squares = await valued(page);
  assert.deepEqual(
    Object.fromEntries(squares.map((s) => [s.square, s.value / 100]).sort()),
    Object.fromEntries(Object.entries(ENDGAME_SCORES).sort()),
    'every move’s exact score',
  );
  assert.ok(squares.every((s) => s.depth === 'exact'));
  // The native solver agrees on the best score.
  const dir = mkdtempSync(join(tmpdir(), 'reversi-'));
  const file = join(dir, 'p.obf');
  writeFileSync(file, `${ENDGAME}\n`);
  const solved = JSON.parse(execFileSync(REVERSI, ['solve', '--json', '--threads', '1', file], { encoding: 'utf8' }).split('\n')[0]);
  const best = squares.find((s) => s.best);
  assert.equal(best.value / 100, solved.score);
  await page.waitForFunction((sq) => document.querySelector('[data-testid=hint-text]')?.dataset.score !== undefined, null);
  assert.equal(Number(await page.getAttribute('[data-testid=hint-text]', 'data-score')), solved.score * 100);
  assert.match(await page.textContent('[data-testid=hint-text]'), /exact/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('one report, one frame: the heading, the values on the squares and the best lines show one depth in every frame', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`);
  await page.waitForSelector('[data-legal=true]');
  await newGame(page, { mode: 'hvh' });
  await importText(page, ENDGAME);
  await page.waitForFunction(() => document.querySelectorAll('[data-disc=empty]').length === 20);
  // The page's thread slowed 8× (a slow phone), where the page's scheduler paints between renders.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  // Every frame, what each of the three shows; a frame where they disagree is kept.
  await page.evaluate(() => {
    window.__frames = 0;
    window.__disagree = [];
    const look = () => {
      const head = document.querySelector('[data-testid=values-depth]')?.dataset.depth ?? null;
      const lines = document.querySelector('[data-testid=top-lines]')?.dataset.depth ?? null;
      const squares = [...new Set([...document.querySelectorAll('[data-testid=board] .value')].map((v) => v.dataset.depth))];
      const one = head === lines && (head === null ? squares.length === 0 : squares.length === 1 && squares[0] === head);
      if (!one) window.__disagree.push({ head, lines, squares });
      window.__frames += 1;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.check('[data-testid=analyse]');
  // The values deepen to exact; then two moves, each new position's values deepening from the start.
  for (const square of ['d8', 'c8']) {
    await page.waitForFunction(() => document.querySelector('[data-testid=values-depth]')?.dataset.depth === 'exact', null, {
      timeout: 60_000,
    });
    await page.click(`[data-square=${square}]`);
    await page.waitForTimeout(300);
  }
  await page.waitForTimeout(1_000);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const { frames, disagree } = await page.evaluate(() => ({ frames: window.__frames, disagree: window.__disagree }));
  assert.ok(frames > 30, `${frames} frames looked at`);
  assert.deepEqual(disagree.slice(0, 5), [], `${disagree.length} of ${frames} frames disagree`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a book move’s hint gives the book’s line, three moves or more, with the analysis off and on', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await page.waitForSelector('[data-legal=true]');
  await newGame(page, { mode: 'hvh' });
  await importText(page, BOOKED);
  await page.waitForFunction((n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n, BOOKED.length);
  await page.click('[data-testid=hint]');
  await page.waitForSelector('[data-testid=hint-text][data-book=true]');
  const line = (await page.textContent('[data-testid=engine-line]')).split(' ').filter((m) => /^[a-h][1-8]$/.test(m));
  assert.ok(line.length >= 3, `the line: ${line}`);
  assert.equal(line[0], await page.getAttribute('[data-testid=hint-text]', 'data-square'));
  // With the analysis on (past its first depths), every best line has three moves or more: a book move's (said
  // "book" beside its value) is the book's main line.
  await page.check('[data-testid=analyse]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=values-depth]')?.dataset.depth) >= 6, null, {
    timeout: 30_000,
  });
  const lines = await page.$$eval('[data-testid=top-line]', (ls) =>
    ls.map((l) => ({ value: l.querySelector('[data-testid=top-line-value]')?.textContent, moves: l.querySelectorAll('[data-testid=line-move]').length })),
  );
  assert.equal(lines.length, 3);
  assert.ok(lines.every((l) => l.moves >= 3), JSON.stringify(lines));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a best line under a still pointer is drawn on the board as the analysis deepens it', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  // Out of the book (whose lines never change): a mid-game position, the person to move.
  await restoreGame(page, { moves: MIDGAME, level: 7 });
  await page.check('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=top-line] [data-testid=line-move]');
  await page.hover('[data-testid=top-line]');
  // Every frame for 3 s: the steps drawn on the board are the first moves of the line listed for the same
  // first move in that frame (not the line as it was when the pointer came).
  const { frames, stale } = await page.evaluate(async () => {
    const stale = [];
    let frames = 0;
    const end = performance.now() + 3_000;
    while (performance.now() < end) {
      await new Promise((r) => requestAnimationFrame(r));
      const steps = [...document.querySelectorAll('.step-cell .line-step')]
        .map((s) => [Number(s.dataset.step), s.closest('[data-step-square]').dataset.stepSquare])
        .sort((a, b) => a[0] - b[0])
        .map(([, square]) => square);
      const li = steps.length && document.querySelector(`[data-testid=top-line][data-square=${steps[0]}]`);
      if (!li) continue;
      frames += 1;
      const listed = [...li.querySelectorAll('[data-testid=line-move]')].map((b) => b.textContent).slice(0, steps.length);
      if (listed.join(' ') !== steps.join(' ')) stale.push({ listed: listed.join(' '), drawn: steps.join(' ') });
    }
    return { frames, stale };
  });
  assert.ok(frames > 20, `${frames} frames with a line drawn`);
  assert.deepEqual(stale, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an AI reply that lands while the page is hidden starts no analysis until the page is shown', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { init: recordWorkerMessages });
  await newGame(page, { mode: 'hva', color: 'black', level: 1 });
  await page.check('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=values-depth]', { timeout: 10_000 });
  // The person moves and hides the page at once; the AI's reply is held 400 ms (the pace), so it lands hidden.
  const square = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
  await page.click(`[data-square=${square}]`);
  const hiddenAt = await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    return window.__posted.length;
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 4, null, { timeout: 20_000 });
  await page.waitForTimeout(1_000);
  const asked = await page.evaluate((n) => window.__posted.slice(n).filter((p) => p.data.startsWith('{"Analyse"')).length, hiddenAt);
  assert.equal(asked, 0, 'no analysis asked while hidden');
  const shownAt = await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
    return window.__posted.length;
  });
  await page.waitForFunction((n) => window.__posted.slice(n).some((p) => p.data.startsWith('{"Analyse"')), shownAt, { timeout: 5_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('forty hide-and-show flips in a row: one analysis deepens at a time, and the last position\'s goes on', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`, { init: recordWorkerMessages });
  await restoreGame(page, { moves: MIDGAME, level: 7 });
  await page.check('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=values-depth]', { timeout: 10_000 });
  await page.evaluate(async () => {
    const flip = (hidden) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    // Shown for 10 to 30 ms: the page hidden again about when the new analysis is handed to a worker (after
    // the paint), and sometimes just after, before the worker has read it.
    for (let i = 0; i < 40; i++) {
      flip(true);
      await new Promise((r) => setTimeout(r, 5));
      flip(false);
      await new Promise((r) => setTimeout(r, 10 + (i % 5) * 5));
    }
  });
  await page.waitForTimeout(2_000);
  const { posted, replies } = await page.evaluate(() => ({
    posted: window.__posted
      .filter((p) => p.data.startsWith('{"Analyse"'))
      .map((p) => ({ id: JSON.parse(p.data).Analyse.id, t: p.t })),
    replies: window.__answers
      .filter((a) => /^\{"Analys(is|ed)"/.test(a.data))
      .map((a) => ({ id: Object.values(JSON.parse(a.data))[0].id, t: a.t })),
  }));
  // No analysis replies once a newer one was handed to a worker: the one withdrawn had stopped first.
  for (const { id, t } of posted) {
    const late = replies.filter((r) => r.id < id && r.t > t);
    assert.deepEqual(late, [], `analysis ${id} started while an older one still replied`);
  }
  // The last one asked is the one deepening now.
  const last = posted[posted.length - 1].id;
  assert.ok(replies.some((r) => r.id === last), 'the position shown is analysed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the AI’s move is not delayed by the analysis, and a hidden page stops the deepening', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?workers=2`, { init: recordWorkerMessages });
  // The person (black) against level 7 (3 s a move), 36 empties, black to move.
  await restoreGame(page, { moves: MIDGAME, level: 7 });
  await page.check('[data-testid=analyse]');
  await page.waitForSelector('[data-testid=values-depth]', { timeout: 10_000 });
  await page.waitForTimeout(500);
  const analyse = await page.evaluate(() => JSON.parse([...window.__posted].reverse().find((p) => p.data.startsWith('{"Analyse"')).data).Analyse.id);
  // Hidden: the analysis stops (its last reply comes), and nothing more is asked until the page is shown.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction((id) => window.__answers.some((a) => a.data === `{"Analysed":{"id":${id}}}`), analyse, { timeout: 5_000 });
  const quiet = await page.evaluate(() => window.__answers.length);
  await page.waitForTimeout(1_500);
  const later = await page.evaluate((n) => window.__answers.slice(n).filter((a) => a.data.startsWith('{"Analysis"')).length, quiet);
  assert.equal(later, 0, 'no deeper values while hidden');
  assert.ok(await page.$('[data-testid=values-depth]'), 'the values stay');
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction((id) => window.__posted.some((p) => p.data.startsWith('{"Analyse"') && JSON.parse(p.data).Analyse.id > id), analyse);
  await page.waitForTimeout(500);
  // The person's move: the AI's search starts at once and takes no more than its level's time.
  const square = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
  const clicked = await page.evaluate(() => performance.now());
  await page.click(`[data-square=${square}]`);
  await page.waitForFunction(() => window.__answers.some((a) => a.data.startsWith('{"BestMove"')), null, { timeout: 20_000 });
  const { posted, millis } = await page.evaluate(() => {
    const search = window.__posted.find((p) => p.data.startsWith('{"Search"'));
    const best = window.__answers.find((a) => a.data.startsWith('{"BestMove"'));
    return { posted: search.t, millis: JSON.parse(best.data).BestMove.report.millis };
  });
  // The reply is held 400 ms after a person's move (the pace), then asked.
  assert.ok(posted - clicked < 1_500, `the search was asked ${Math.round(posted - clicked)} ms after the click`);
  assert.ok(millis <= 3_000 + 250, `the AI searched ${millis} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

// The player's view: the person's move lands before the engine's reply, a browsed position tells the truth
// about itself and can be played on from, and the engine's line is written out and drawn on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ARTIFACTS, newGame, openPage, play, restoreGame, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

// 24 moves of a real game, past the opening book, black to move.
const MIDGAME = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';

test('your move lands first: the lowest level replies no sooner than 400 ms after the click', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
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
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]').textContent.length === 4);
  const moves = await page.evaluate(() => window.__moves);
  const mine = moves.find(([t]) => t === 'f5');
  const reply = moves.find(([t]) => t.length === 4);
  assert.ok(mine, `the person's move alone was shown first: ${JSON.stringify(moves)}`);
  assert.ok(mine[1] - clicked < 200, `the person's move lands at once (${mine[1] - clicked} ms)`);
  assert.ok(reply[1] - clicked >= 390, `the reply waits (${reply[1] - clicked} ms after the click)`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a browsed position says whose move it was there, hides the live hint, and can be played on from', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
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
  await page.screenshot({ path: join(ARTIFACTS, 'view-history.png') });
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
  await page.waitForSelector('.square .value');
  await page.click('.move-list >> text="1. f5"');
  // After f5, white's moves: d6, f6 and f4.
  await page.waitForFunction(() => {
    const valued = [...document.querySelectorAll('.square .value')].map((v) => v.closest('[data-square]').dataset.square);
    return valued.sort().join() === 'd6,f4,f6';
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint writes its line out and draws it on the board', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
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
    assert.equal(await page.textContent(`[data-square=${square}] .line-step`), String(i + 1));
  }
  await page.screenshot({ path: join(ARTIFACTS, 'view-line.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

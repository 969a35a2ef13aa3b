// Browser tests of the release build: the start position from the engine, a human move answered by the AI
// from the worker, a human-vs-human game set up through the new-game form, undo/redo and illegal clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, ROOT, painted, discs, legal, newGame, openMore, openPage, play, text, useServerAndBrowser, openMoreOptions } from './harness.mjs';

const env = useServerAndBrowser();

test("the page's own wasm holds no search: the engine is the workers'", () => {
  const dist = join(ROOT, 'dist');
  const wasm = (prefix) => readFileSync(join(dist, readdirSync(dist).find((f) => f.startsWith(prefix) && f.endsWith('.wasm'))));
  // Source paths stay in the binaries' panic messages: the search's files are in the worker, not in the page.
  const searchFiles = /crates\/engine\/src\/(search|tt)\b/;
  assert.ok(searchFiles.test(wasm('worker_bg').toString('latin1')), 'the worker has the search');
  assert.ok(!searchFiles.test(wasm('app-').toString('latin1')), 'the page has none of it');
});

test('start position, a human move and the AI reply from the worker', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await page.locator('[data-square]').count(), 64);
  const start = await discs(page);
  assert.deepEqual(
    Object.entries(start).filter(([, d]) => d !== 'empty').sort(),
    [['d4', 'white'], ['d5', 'black'], ['e4', 'black'], ['e5', 'white']],
  );
  assert.deepEqual(await legal(page), ['c4', 'd3', 'e6', 'f5']);
  assert.equal(await text(page, 'count-black'), '2');
  assert.equal(await text(page, 'count-white'), '2');
  assert.match(await text(page, 'status'), /Black to move/);

  // An illegal square changes nothing and says why.
  await page.click('[data-square=a1]');
  assert.deepEqual(await discs(page), start);
  assert.match(await text(page, 'notice'), /a1 is not a legal move/);

  // f5 flips e5; the AI (white, level 4 by default) answers through the worker.
  await page.click('[data-square=f5]');
  assert.equal(await page.getAttribute('[data-square=e5]', 'data-disc'), 'black');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 4, null, {
    timeout: 20000,
  });
  const transcript = await text(page, 'transcript');
  assert.match(transcript, /^f5(d6|f6|f4)$/);
  assert.match(await text(page, 'status'), /Black to move/);
  assert.ok((await legal(page)).length > 0);
  assert.equal(Number(await text(page, 'count-black')) + Number(await text(page, 'count-white')), 6);

  // Undo goes back to the person's turn before their move (both plies).
  await page.click('[data-testid=undo]');
  assert.equal(await text(page, 'transcript'), '');
  assert.deepEqual(await discs(page), start);

  await page.screenshot({ path: join(ARTIFACTS, 'smoke-hva.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('human vs human through the new-game form, with undo and redo', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  assert.match(await text(page, 'status'), /White to move/);
  assert.equal(await text(page, 'count-black'), '5');
  assert.equal(await text(page, 'count-white'), '2');
  await page.click('[data-testid=undo]');
  assert.equal(await text(page, 'transcript'), 'f5d6');
  await page.click('[data-testid=redo]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  // The last move is marked.
  assert.match(await page.getAttribute('[data-square=c3]', 'class'), /\blast\b/);
  // Keyboard: focus a legal square and press Enter.
  const whiteMoves = await legal(page);
  await page.focus(`[data-square=${whiteMoves[0]}]`);
  await page.keyboard.press('Enter');
  assert.equal(await text(page, 'transcript'), `f5d6c3${whiteMoves[0]}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('AI vs AI plays a whole game by itself', async () => {
  // The quick pace: each move played as soon as it is chosen, whatever the speed chosen in the form (the
  // game is what this checks; the pacing has tests of its own).
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?pace=quick`);
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-ava]');
  await page.click('[data-testid=level-1]');
  await page.click('[data-testid=level-white-2]');
  await openMoreOptions(page);
  await page.selectOption('[data-testid=speed]', '100');
  await page.click('[data-testid=start]');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('[data-testid=status]')?.textContent), null, {
    timeout: 90000,
  });
  const black = Number(await text(page, 'count-black'));
  const white = Number(await text(page, 'count-white'));
  const empty = await page.locator('[data-disc=empty]').count();
  assert.equal(black + white + empty, 64);
  assert.ok((await text(page, 'transcript')).length >= 2 * 9);
  assert.equal(await page.locator('[data-testid=play-again]').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('analysis shows a value on every legal move; phone layout fits', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { viewport: { width: 360, height: 740 } });
  await newGame(page, { mode: 'hvh' });
  await page.check('[data-testid=analyse]');
  await page.waitForSelector('[data-value-square=d3] .value', { timeout: 20000 });
  const valued = await page.$$eval('.value', (cells) => cells.map((c) => c.closest('[data-value-square]').dataset.valueSquare).sort());
  assert.deepEqual(valued, ['c4', 'd3', 'e6', 'f5']);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(fits, 'no sideways scrolling at 360 px');
  const box = await page.locator('[data-testid=board]').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, `board within the screen: ${JSON.stringify(box)}`);
  await page.screenshot({ path: join(ARTIFACTS, 'phone-analyse.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a reload restores the game exactly; corrupt saved data does not break the page', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3', 'd3', 'c4']);
  await page.click('[data-testid=undo]');
  const before = await discs(page);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3d3');
  assert.deepEqual(await discs(page), before);
  await page.click('[data-testid=redo]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3d3c4', 'the redo move survived the reload');

  // The data damaged below comes after the redo's autosave, as a reload's would.
  await painted(page);
  await page.evaluate(() => localStorage.setItem('reversi.autosave', '{"version":1,"mode":'));
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.match(await text(page, 'notice'), /could not be restored/);
  assert.equal(await text(page, 'transcript'), '');
  await page.click('[data-square=f5]');
  assert.equal(await page.getAttribute('[data-square=e5]', 'data-disc'), 'black');
  assert.deepEqual(errors, []);
  await context.close();
});

test('switching to Chinese changes the labels and is remembered', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await page.selectOption('[data-testid=language]', 'zh-CN');
  assert.equal(await text(page, 'new-game'), '新游戏');
  assert.equal(await text(page, 'undo'), '悔棋');
  assert.equal(await text(page, 'status'), '轮到黑方');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.equal(await page.title(), '黑白棋');
  await page.click('[data-square=a1]');
  assert.match(await text(page, 'notice'), /不能落子/);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'new-game'), '新游戏');
  // No English label is left on the main controls.
  const labels = await page.$$eval('button, h1, label, [data-testid=status]', (els) => els.map((e) => e.textContent));
  for (const label of labels) {
    assert.doesNotMatch(label, /\b(New game|Undo|Redo|Hint|Analyse|to move)\b/, label);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad transcript import changes nothing; a share link opens its game', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await page.click('[data-square=f5]');
  const before = await discs(page);
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'f5 d6 c3 a1');
  await page.click('[data-testid=import]');
  assert.match(await text(page, 'notice'), /move 4: a1 is not a legal move for White/);
  assert.equal(await text(page, 'transcript'), 'f5');
  assert.deepEqual(await discs(page), before);
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'F5 D6 C3 D3 C4');
  await page.click('[data-testid=import]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3d3c4');
  await openMore(page);
  const link = await page.inputValue('[data-testid=share-link]');
  assert.match(link, /#t=f5d6c3d3c4$/);

  const other = await openPage(env.browser, link);
  await other.page.waitForSelector('[data-testid=board]');
  assert.equal(await text(other.page, 'transcript'), 'f5d6c3d3c4');
  assert.deepEqual(await discs(other.page), await discs(page));
  // Navigation through its moves: the start, then back to the end.
  await other.page.click('.move-list li:first-child button');
  assert.equal(await other.page.getAttribute('[data-square=f5]', 'data-disc'), 'empty');
  await other.page.click('[data-testid=back-to-game]');
  assert.equal(await other.page.getAttribute('[data-square=f5]', 'data-disc'), 'black');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('save slots: save, load, a damaged slot beside a good one, delete', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  await openMore(page);
  await page.click('.slots summary');
  await openMore(page);
  await page.click('[data-testid=slot-save-1]');
  assert.match(await page.textContent('[data-testid=slot-1]'), /Human vs human · move 3/);
  await page.click('[data-square=d3]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3d3');
  await page.evaluate(() => localStorage.setItem('reversi.slot.2', '{"saved_at":'));
  await page.reload();
  await openMore(page);
  await page.click('.slots summary');
  assert.match(await page.textContent('[data-testid=slot-2]'), /unreadable/);
  await openMore(page);
  assert.equal(await page.isDisabled('[data-testid=slot-load-2]'), true);
  await openMore(page);
  await page.click('[data-testid=slot-load-1]');
  // The game loaded is shown on the play screen; the slots are on the settings screen, folded again.
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  await openMore(page);
  await page.click('.slots summary');
  await page.click('[data-testid=slot-delete-1]');
  assert.match(await page.textContent('[data-testid=slot-1]'), /empty/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('after the first visit the game loads and the AI plays offline', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await page.waitForSelector('[data-testid=board]');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The service worker controls the page after a reload.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  assert.equal(manifest.name, 'Reversi');
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  await page.click('[data-square=f5]');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 4, null, {
    timeout: 20000,
  });
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the clock runs for the side to move and a flag ends the game', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { clock: true });
  await page.waitForSelector('[data-testid=board]');
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-hvh]');
  await page.click('[data-testid=clock-custom]');
  await page.selectOption('[data-testid=clock]', '1');
  await page.selectOption('[data-testid=increment]', '2');
  await page.click('[data-testid=start]');
  assert.equal(await text(page, 'clock-black'), '1:00');
  await page.clock.runFor(5000);
  assert.equal(await text(page, 'clock-black'), '0:55');
  await page.click('[data-square=f5]');
  // From the move on, white's time runs (whole seconds are shown rounded up).
  await page.clock.runFor(1500);
  assert.equal(await text(page, 'clock-black'), '0:57', 'black got its 2 s increment');
  assert.equal(await text(page, 'clock-white'), '0:59');
  await page.clock.runFor(60000);
  assert.match(await text(page, 'status'), /White lost on time/);
  await page.click('[data-square=d6]');
  assert.equal(await text(page, 'transcript'), 'f5');
  assert.deepEqual(errors, []);
  await context.close();
});

test('position editor: impossible positions are refused, a set-up position is played', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await openMore(page);
  await page.click('[data-testid=edit-position]');
  await page.click('[data-testid=editor-clear]');
  await page.click('[data-testid=editor-play]');
  assert.match(await text(page, 'notice'), /centre square d4 is empty/);
  await page.fill('[data-testid=position-text]', 'not a position');
  await page.click('[data-testid=position-read]');
  assert.match(await text(page, 'notice'), /is not a disc|squares/);
  // FFO #40, black to move.
  const ffo40 = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
  await page.fill('[data-testid=position-text]', ffo40);
  await page.click('[data-testid=position-read]');
  await page.click('[data-square=h8]'); // empty -> black
  await page.click('[data-square=h8]'); // black -> white
  await page.click('[data-square=h8]'); // white -> empty
  await page.click('[data-testid=editor-play]');
  assert.equal(await page.locator('[data-testid=editor]').count(), 0);
  assert.match(await text(page, 'status'), /Black to move/);
  assert.equal(await page.getAttribute('[data-square=a1]', 'data-disc'), 'white');
  assert.equal(await page.getAttribute('[data-square=h1]', 'data-disc'), 'black');
  assert.ok((await legal(page)).includes('a2'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('desktop 1280×800: the whole board is visible; keyboard-only play with arrows and Enter', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { viewport: { width: 1280, height: 800 } });
  await newGame(page, { mode: 'hvh' });
  const box = await page.locator('[data-testid=board]').boundingBox();
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 800, JSON.stringify(box));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await page.screenshot({ path: join(ARTIFACTS, 'desktop.png') });
  // From d4, Up goes to d3 (a legal move for black); Enter plays it.
  await page.focus('[data-square=d4]');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'd3');
  await page.keyboard.press('Enter');
  assert.equal(await text(page, 'transcript'), 'd3');
  // White's legal moves after d3 include c3, one step left.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'c3');
  await page.keyboard.press(' ');
  assert.equal(await text(page, 'transcript'), 'd3c3');
  // Shortcuts: U undoes, R redoes.
  await page.keyboard.press('u');
  assert.equal(await text(page, 'transcript'), 'd3');
  await page.keyboard.press('r');
  assert.equal(await text(page, 'transcript'), 'd3c3');
  assert.deepEqual(errors, []);
  await context.close();
});

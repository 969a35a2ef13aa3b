// Browser tests of the reliability fixes: typing in a text field fires no shortcut, saved data that cannot
// be read is kept (never overwritten), the valid part of a damaged save is restored, and a game replaced by
// an import or a shared link is one click away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { discs, newGame, openPage, play, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

test('typing a transcript in the import box fires no shortcut', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6']);
  await page.click('.share summary');
  await page.focus('[data-testid=import-text]');
  // u (undo), r (redo), h (hint), n (new game) and the arrows are text here.
  await page.keyboard.type('nurh h8');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.equal(await text(page, 'transcript'), 'f5d6', 'no undo, no new game');
  assert.equal(await page.inputValue('[data-testid=import-text]'), 'nurh h8');
  assert.equal(await page.$('[data-testid=mode]'), null, 'the new-game form did not open');
  await page.waitForTimeout(500);
  assert.equal(await page.$('.square.hint'), null, 'no hint was asked for');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unreadable save is kept and can be copied; a damaged one restores its valid moves', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  const good = await page.evaluate(() => localStorage.getItem('reversi.autosave'));
  // A save from a newer version: a new game, and the data kept as it was, even after the next autosave.
  const newer = good.replace('"version":1', '"version":7');
  await page.evaluate((t) => localStorage.setItem('reversi.autosave', t), newer);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.match(await text(page, 'notice'), /newer version/);
  assert.match(await text(page, 'notice'), /reversi\.autosave\.unreadable/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('[data-testid=copy-backup]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), newer);
  await page.click('[data-square=f5]');
  // The AI answers (its move is autosaved) before the next step writes the storage.
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]').textContent.length === 4);
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.autosave.unreadable')), newer);

  // One bad move: the moves before it come back, and the whole save is kept aside too.
  const damaged = good.replace('"moves":"f5d6c3"', '"moves":"f5d6a1"');
  await page.evaluate((t) => localStorage.setItem('reversi.autosave', t), damaged);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'f5d6');
  assert.match(await text(page, 'notice'), /Only the first moves/);
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.autosave.unreadable-2')), damaged);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an import or a shared link keeps the replaced game one click away; an empty import changes nothing', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  const mine = await discs(page);
  await page.click('.share summary');
  await page.fill('[data-testid=import-text]', '   ');
  await page.click('[data-testid=import]');
  assert.match(await text(page, 'notice'), /Nothing to import/);
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  await page.fill('[data-testid=import-text]', 'e6f4');
  await page.click('[data-testid=import]');
  assert.equal(await text(page, 'transcript'), 'e6f4');
  await page.click('[data-testid=bring-back]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  assert.deepEqual(await discs(page), mine);

  // A link pasted into this tab's address bar changes only the fragment: it opens too.
  await page.evaluate(() => {
    location.hash = '#t=d3c5';
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]').textContent === 'd3c5');
  assert.match(await text(page, 'notice'), /kept/);
  await page.click('[data-testid=bring-back]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');

  // A shared link opened in the same browser replaces the game at load; it is kept across the reload.
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#t=c4c3`);
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'c4c3');
  await page.click('.share summary');
  await page.click('[data-testid=previous-game]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  // A link with spaces (percent-encoded by the browser) opens too.
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#t=f5 d6`);
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'f5d6');
  assert.deepEqual(errors, []);
  await context.close();
});

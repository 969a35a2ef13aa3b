// The move tree as lichess draws it (issue 77, item 3): a variation that leaves another nested inline where
// they part; delete from here, promote and make main line on a right-click, a long press, or the buttons under
// the list; ↑/↓ at a fork; the tree kept across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, importText, newGame, openPage, painted, showScreen, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

const DESKTOP = { viewport: { width: 1280, height: 800 }, colorScheme: 'light' };
const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true };
const RECORD = 'f5d6c3d3c4f4f6';

/** The variations hanging from the record, as their text without spaces (nested ones inside). */
const tree = (page) =>
  page.$$eval('li[data-testid=variation]', (list) => list.map((v) => v.textContent.replace(/\s/g, '')));

/** The move the list marks as shown. */
const current = (page) => page.textContent('.move-list .move.current');

/** Opens the menu of the variation's move labelled `label`: a right-click, or on a phone a long press. */
async function openMenu(page, label, touch) {
  const move = page.locator(`[data-testid=variation-move] >> text="${label}"`);
  if (touch) {
    await move.scrollIntoViewIfNeeded();
    const box = await move.boundingBox();
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForSelector('[data-testid=tree-menu]', { timeout: 5_000 });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } else {
    await move.click({ button: 'right' });
    await page.waitForSelector('[data-testid=tree-menu]');
  }
}

for (const [name, options, touch] of [
  ['desktop', DESKTOP, false],
  ['phone', PHONE, true],
]) {
  test(`variations nest where they part, are promoted, chosen with ↑/↓, deleted and made the main line, kept across a reload (${name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, options);
    await newGame(page, { mode: 'hvh' });
    await importText(page, RECORD);
    await showScreen(page, 'analyse');
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, RECORD);
    // From the position after d6: c5 f4 e3 tried, a step back, then f3: one line, f3 nested after e3.
    await page.click('.move-list .move >> text="2. d6"');
    for (const square of ['c5', 'f4', 'e3']) await page.click(`[data-square=${square}]`);
    await page.click('[data-testid=step-back]');
    await page.click('[data-square=f3]');
    await page.waitForFunction(() => document.querySelector('.move-list .variation.nested'));
    assert.deepEqual(await tree(page), ['(3.c54.f45.e3(5.f3))']);
    assert.equal(await current(page), '5. f3');
    // The edits are buttons under the list too (the keyboard's and a screen reader's way).
    assert.equal(await page.locator('[data-testid=tree-tools] button').count(), 3);
    // Its menu: promote it over e3.
    await openMenu(page, '5. f3', touch);
    assert.deepEqual(await audit(page), [], 'the menu passes axe');
    await page.click('[data-testid=menu-promote]');
    await page.waitForSelector('[data-testid=tree-menu]', { state: 'detached' });
    assert.deepEqual(await tree(page), ['(3.c54.f45.f3(5.e3))']);
    // ↓ at the fork: the branch after, e3; ↓ again: nothing after it.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('.move-list .move.current')?.textContent === '5. e3');
    await page.keyboard.press('ArrowDown');
    await painted(page);
    assert.equal(await current(page), '5. e3');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelector('.move-list .move.current')?.textContent === '5. f3');
    // e3 deleted from its menu, c5 f4 f3 stays; then from the buttons, f3 deleted: the position before it shown.
    await openMenu(page, '5. e3', touch);
    await page.click('[data-testid=menu-delete]');
    await page.waitForFunction(() => !document.querySelector('.move-list .variation.nested'));
    assert.deepEqual(await tree(page), ['(3.c54.f45.f3)']);
    await page.click('[data-testid=variation-move] >> text="5. f3"');
    await page.click('[data-testid=variation-delete]');
    await page.waitForFunction(() => document.querySelector('.move-list .move.current')?.textContent === '4. f4');
    assert.deepEqual(await tree(page), ['(3.c54.f4)']);
    assert.equal(await text(page, 'transcript'), RECORD, 'the record is untouched');
    // After a reload: the same tree, the same move shown.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('reversi.autosave') ?? '{}').variations?.[0]?.moves === 'c5f4');
    await page.reload();
    await page.waitForSelector('.move-list .move.current');
    assert.deepEqual(await tree(page), ['(3.c54.f4)']);
    assert.equal(await current(page), '4. f4');
    // Between two people the line becomes the record; the record's moves from there, a variation.
    await page.click('[data-testid=variation-main-line]');
    await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'f5d6c5f4');
    assert.deepEqual(await tree(page), ['(3.c34.d35.c46.f47.f6)']);
    assert.deepEqual(await audit(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('make main line is refused against the AI mid-game, the game unchanged', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, DESKTOP);
  await newGame(page, { mode: 'hva', level: 1 });
  await page.waitForSelector('[data-legal=true]');
  await page.click('[data-square=f5]');
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move.white').length === 1);
  await page.waitForSelector('[data-legal=true]');
  const record = await text(page, 'transcript');
  await page.click('.move-list .move >> text="1. f5"');
  // Another move than the AI's reply there.
  const reply = record.slice(2, 4);
  const other = await page.$$eval('[data-legal=true]', (list, reply) => list.map((e) => e.dataset.square).find((s) => s !== reply), reply);
  await page.click(`[data-square=${other}]`);
  await page.waitForSelector('[data-testid=in-variation]');
  assert.ok(await page.$eval('[data-testid=variation-main-line]', (b) => b.disabled), 'the button is disabled');
  await openMenu(page, `2. ${other}`, false);
  assert.ok(await page.$eval('[data-testid=menu-main-line]', (b) => b.disabled));
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=tree-menu]', { state: 'detached' });
  assert.equal(await text(page, 'transcript'), record);
  assert.deepEqual(errors, []);
  await context.close();
});

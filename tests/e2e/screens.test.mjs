// Screens, not one long page (issue 77): the bar's five screens, each named in the address (back, forward and
// reload keep it; a link of before still opens its game), each showing the board and its own panel; the new
// game as a dialog whose Start is in view on a phone and a desktop, the board wholly in view after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, choose, openPage, painted, showScreen, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

const DESKTOP = { viewport: { width: 1280, height: 800 }, colorScheme: 'light' };
const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true };

/** The screen the bar marks as shown, and the one the address names. */
async function where(page) {
  await painted(page);
  const current = await page.$$eval('[data-testid=screen-bar] [aria-current=page]', (links) => links.map((l) => l.dataset.testid));
  return { current, hash: new URL(page.url()).hash };
}

/** Asserts the element's whole box lies inside the window (no scrolling needed to see it). */
async function inView(page, selector, what) {
  await painted(page);
  const box = await page.locator(selector).first().boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(
    box && box.y >= -1 && box.x >= -1 && box.y + box.height <= height + 1 && box.x + box.width <= width + 1,
    `${what} in view: ${JSON.stringify(box)} in ${width}×${height}`,
  );
}

for (const [name, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`each screen is one tap away, named in the address, kept by back, forward and reload (${name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, options);
    await page.waitForSelector('[data-testid=board]');
    assert.deepEqual((await where(page)).current, ['screen-play']);
    // Served by `reversi serve`: the online screen is in the bar.
    await page.waitForSelector('[data-testid=screen-online]');
    const panels = {
      analyse: '[data-testid=analysis-room]',
      train: '[data-testid=start-puzzles]',
      online: '[data-testid=lobby]',
      settings: '[data-testid=edit-position]',
      play: '[data-testid=new-game]',
    };
    for (const [screen, first] of Object.entries(panels)) {
      await showScreen(page, screen);
      assert.deepEqual(await where(page), { current: [`screen-${screen}`], hash: `#/${screen}` });
      // The screen's own panel, and no other's.
      await page.waitForSelector(first);
      for (const [other, selector] of Object.entries(panels)) {
        if (other !== screen && other !== 'play') {
          assert.equal(await page.$(selector), null, `${other}'s panel is not on ${screen}`);
        }
      }
      // The board and the bar are in view on every screen, whatever was scrolled.
      await inView(page, '[data-testid=board]', `the board on ${screen}`);
      await inView(page, '[data-testid=screen-bar]', `the bar on ${screen}`);
      assert.deepEqual(await audit(page), [], `axe on ${screen}`);
    }
    await page.goBack();
    assert.deepEqual(await where(page), { current: ['screen-settings'], hash: '#/settings' });
    await page.goBack();
    assert.deepEqual(await where(page), { current: ['screen-online'], hash: '#/online' });
    await page.goForward();
    assert.deepEqual(await where(page), { current: ['screen-settings'], hash: '#/settings' });
    await page.goBack();
    await page.reload();
    await page.waitForSelector('[data-testid=lobby]');
    assert.deepEqual(await where(page), { current: ['screen-online'], hash: '#/online' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`the new-game dialog: Start in view, the choices as buttons, the whole board in view after it (${name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, options);
    await page.waitForSelector('[data-legal=true]');
    // The button is reached as a person would, the page scrolled down to it.
    await page.locator('[data-testid=new-game]').scrollIntoViewIfNeeded();
    await page.click('[data-testid=new-game]');
    await page.waitForSelector('[role=dialog][aria-modal=true]');
    await inView(page, '[data-testid=start]', 'Start');
    // The focus is in the dialog, on who plays as chosen.
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'mode-hva');
    await choose(page, { mode: 'hva', level: 7, color: 'white' });
    for (const id of ['mode-hva', 'level-7', 'color-white']) {
      assert.equal(await page.getAttribute(`[data-testid=${id}]`, 'aria-pressed'), 'true', id);
    }
    assert.equal(await page.getAttribute('[data-testid=level-4]', 'aria-pressed'), 'false');
    // A time control by its preset; the custom fields only on asking.
    assert.equal(await page.$('[data-testid=clock]'), null);
    await page.click('[data-testid=clock-5-2]');
    await inView(page, '[data-testid=start]', 'Start, the choices made');
    assert.deepEqual(await audit(page), [], 'axe on the dialog');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[role=dialog]', { state: 'detached' });
    // White against level 7: the AI (black) moves first, with a 5+2 clock.
    await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 2, null, { timeout: 20_000 });
    assert.match(await page.textContent('header .mode'), /7/);
    assert.ok(await page.$('[data-testid=clock-white]'), 'the clock shows');
    await inView(page, '[data-testid=board]', 'the board after Start');
    // The dialog offers the last choices again; Escape closes it and changes nothing.
    await page.click('[data-testid=new-game]');
    assert.equal(await page.getAttribute('[data-testid=level-7]', 'aria-pressed'), 'true');
    assert.equal(await page.getAttribute('[data-testid=color-white]', 'aria-pressed'), 'true');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role=dialog]', { state: 'detached' });
    assert.equal((await page.textContent('[data-testid=transcript]')).length, 2);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a random colour is drawn at Start: over a few games both colours come', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?pace=quick`, DESKTOP);
  await page.waitForSelector('[data-legal=true]');
  const colours = new Set();
  for (let i = 0; i < 12 && colours.size < 2; i++) {
    await page.click('[data-testid=new-game]');
    await choose(page, { mode: 'hva', level: 1, color: 'random' });
    assert.equal(await page.getAttribute('[data-testid=color-random]', 'aria-pressed'), 'true');
    await page.click('[data-testid=start]');
    await page.waitForSelector('[role=dialog]', { state: 'detached' });
    colours.add((await page.textContent('header .mode')).match(/You \((\w+)\)/)?.[1]);
  }
  assert.deepEqual([...colours].sort(), ['Black', 'White']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link of before still opens its game, and the address then names the screen', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=f5d6c3`, PHONE);
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'f5d6c3');
  assert.deepEqual((await where(page)).current, ['screen-play']);
  // A screen's address opened directly shows that screen, with the game kept.
  await page.goto(`${env.server.url}#/analyse`);
  await page.waitForSelector('[data-testid=analysis-room]');
  assert.equal(await page.textContent('[data-testid=transcript]'), 'f5d6c3');
  // A link pasted into the address bar while on a screen opens its game too.
  await page.evaluate(() => (location.hash = '#t=e6f4'));
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'e6f4');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link pasted over a screen opens its game on that screen, which the address still names', async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}#/analyse`, DESKTOP);
  await page.waitForSelector('[data-testid=analysis-room]');
  await page.evaluate(() => (location.hash = '#t=f5d6'));
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'f5d6');
  assert.deepEqual(await where(page), { current: ['screen-analyse'], hash: '#/analyse' });
  await page.reload();
  await page.waitForSelector('[data-testid=analysis-room]');
  assert.equal(await page.textContent('[data-testid=transcript]'), 'f5d6');
  assert.deepEqual(errors, []);
  await context.close();
});

test("playing the AI, its evaluation waits on the play screen unless asked for; the analysis screen shows it", async () => {
  const { page, context, errors } = await openPage(env.browser, `${env.server.url}?pace=quick`, DESKTOP);
  await page.waitForSelector('[data-legal=true]');
  await page.click('[data-testid=new-game]');
  await choose(page, { mode: 'hva', level: 2, color: 'black' });
  await page.click('[data-testid=start]');
  await page.click('[data-square=f5]');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 4);
  await page.waitForSelector('[data-testid=engine-stats]');
  // The AI's move, without its value; no line of its own.
  const stats = () => page.$eval('[data-testid=engine-stats]', (e) => e.firstChild.textContent.trim());
  assert.match(await stats(), /^AI [a-h][1-8]$/);
  assert.equal(await page.$('[data-testid=engine-line]'), null);
  // The analysis screen shows the value.
  await showScreen(page, 'analyse');
  assert.match(await stats(), /^AI [a-h][1-8]: .*\d/);
  // Asked for on the settings screen (kept across a reload): the play screen shows it too.
  await showScreen(page, 'settings');
  await page.check('[data-testid=values-in-play]');
  await page.reload();
  await showScreen(page, 'play');
  await page.click('[data-square=' + (await page.$eval('[data-legal=true]', (e) => e.dataset.square)) + ']');
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 8);
  await page.waitForSelector('[data-testid=engine-stats]');
  assert.match(await stats(), /^AI [a-h][1-8]: .*\d/);
  assert.deepEqual(errors, []);
  await context.close();
});

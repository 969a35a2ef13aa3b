// Browser tests of the game clock: a move is charged to its mover even while the page's timers are held (as a
// browser holds a hidden tab's), a loss on time survives a reload, and a game imported after it is playable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openMore, openPage, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

/** A human-vs-human game with a 1-minute clock and no increment. */
async function oneMinuteGame(page) {
  await page.waitForSelector('[data-testid=board]');
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-hvh]');
  await page.click('[data-testid=clock-custom]');
  await page.selectOption('[data-testid=clock]', '1');
  await page.selectOption('[data-testid=increment]', '0');
  await page.click('[data-testid=start]');
}

const ms = async (page, side) => Number(await page.getAttribute(`[data-testid=clock-${side}]`, 'data-ms'));

test('time spent while the page holds its timers is charged to the side that moved', async () => {
  // The page's intervals (the clock's display ticks) can be held, as a browser holds a hidden tab's timers.
  const { page, context, errors } = await openPage(env.browser, env.server.url, {
    init: () => {
      window.__holdTimers = false;
      const setIntervalNative = window.setInterval.bind(window);
      window.setInterval = (fn, delay, ...args) =>
        setIntervalNative(() => {
          if (!window.__holdTimers) fn(...args);
        }, delay);
    },
  });
  await oneMinuteGame(page);
  // Black plays at once; white thinks 3.5 s, the last 3 s with the timers held, then plays; black thinks 0.6 s.
  await page.click('[data-square=f5]');
  await page.waitForTimeout(500);
  await page.evaluate(() => (window.__holdTimers = true));
  await page.waitForTimeout(3000);
  await page.click('[data-square=d6]');
  await page.evaluate(() => (window.__holdTimers = false));
  await page.waitForTimeout(600);
  await page.click('[data-square=c3]');
  await page.waitForTimeout(300);
  const white = await ms(page, 'white');
  const black = await ms(page, 'black');
  // White's 3.5 s (and the clicks' own time) are white's; black spent about 0.6 s and the first click.
  assert.ok(white <= 60000 - 3400 && white >= 60000 - 4400, `white ${white}`);
  assert.ok(black >= 60000 - 1300 && black <= 60000 - 500, `black ${black}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a loss on time survives a reload, and a game imported after it is playable', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { clock: true });
  await oneMinuteGame(page);
  await page.click('[data-square=f5]');
  await page.clock.runFor(61000);
  assert.match(await text(page, 'status'), /White lost on time/);
  assert.equal(await page.getAttribute('[data-testid=clock-white]', 'data-flagged'), 'true');
  assert.equal(await ms(page, 'white'), 0);
  assert.match(await page.getAttribute('[data-testid=clock-white]', 'aria-label'), /White: 0:00\.0/);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.match(await text(page, 'status'), /White lost on time/, 'the reload does not undo the loss');
  assert.equal(await page.getAttribute('[data-testid=clock-white]', 'data-flagged'), 'true');
  assert.equal(await text(page, 'transcript'), 'f5');
  // An imported game carries no clock: it is played at once.
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'f5d6c3d3');
  await page.click('[data-testid=import]');
  assert.match(await text(page, 'status'), /Black to move/);
  await page.click('[data-square=c4]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3d3c4');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the saved-games panel reads storage only while it is open, not at every tick of the clock', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, {
    init: () => {
      window.__slotReads = 0;
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (key) {
        if (String(key).startsWith('reversi.slot.')) window.__slotReads += 1;
        return getItem.call(this, key);
      };
    },
  });
  await oneMinuteGame(page);
  // A second of clock ticks (five renders) with the panel closed.
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.__slotReads), 0);
  await openMore(page);
  await page.click('.slots summary');
  await page.waitForSelector('[data-testid=slot-1]');
  assert.ok((await page.evaluate(() => window.__slotReads)) >= 5, 'opened, it reads every slot');
  assert.deepEqual(errors, []);
  await context.close();
});

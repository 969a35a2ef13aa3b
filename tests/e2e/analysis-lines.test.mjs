// The analysis on a phone (issue 77, item 4): the number of best lines a setting kept across a reload, at least
// two shown on a phone and in view; the line moves, the analysis switch and the step buttons touch-sized (44 px)
// and the switch not moving when tapped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, importText, newGame, openPage, painted, showScreen, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true };
const MIDGAME = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';

/** The element's box, asserted whole inside the window. */
async function inView(page, locator, what) {
  await painted(page);
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box && box.y >= -1 && box.x >= -1 && box.y + box.height <= height + 1 && box.x + box.width <= width + 1, `${what} in view: ${JSON.stringify(box)}`);
  return box;
}

test('on a phone the analysis shows its lines in view, finger-sized, the switch still as it is tapped; the number of lines is kept', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, PHONE);
  await newGame(page, { mode: 'hvh' });
  await importText(page, MIDGAME);
  await showScreen(page, 'analyse');
  await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, MIDGAME);
  // The switch: a 44-px target, in place before and after the tap (the lines' room is kept on this screen).
  const toggle = page.locator('label.toggle:has([data-testid=analyse])');
  // Mid-window (clear of the bar fixed at the bottom, which a tap would otherwise scroll away from).
  await toggle.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await painted(page);
  const before = await toggle.boundingBox();
  assert.ok(before.height >= 44, `the switch's target: ${JSON.stringify(before)}`);
  await page.tap('[data-testid=analyse]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=top-line] [data-testid=line-move]').length >= 6, null, { timeout: 30_000 });
  const after = await toggle.boundingBox();
  assert.ok(Math.abs(after.y - before.y) <= 1, `the switch stays put: ${before.y} then ${after.y}`);
  // Three lines by default, two at least in view under the board once it is scrolled to them.
  const lines = page.locator('[data-testid=top-line]');
  assert.equal(await lines.count(), 3);
  await page.evaluate(() => window.scrollTo(0, 0));
  await inView(page, page.locator('[data-testid=board]'), 'the board');
  await inView(page, lines.nth(1), 'the second line');
  // Measured at one moment (the lines are drawn anew as the analysis deepens).
  const moves = await page.$$eval('[data-testid=top-line] [data-testid=line-move]', (list) =>
    list.map((b) => b.getBoundingClientRect()).filter((r) => r.width > 0).map((r) => [r.width, r.height]),
  );
  assert.ok(moves.length >= 6, `moves shown: ${moves.length}`);
  assert.ok(moves.every(([w, h]) => w >= 44 && h >= 44), `the line moves' targets: ${JSON.stringify(moves)}`);
  for (const step of await page.locator('[data-testid=steps] .step').all()) {
    const box = await step.boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `a step button: ${JSON.stringify(box)}`);
  }
  // Five lines chosen: five shown, kept across a reload.
  await page.selectOption('[data-testid=analyse-lines]', '5');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=top-line]').length === 5);
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=top-line]').length === 5, null, { timeout: 30_000 });
  assert.equal(await page.inputValue('[data-testid=analyse-lines]'), '5');
  await page.selectOption('[data-testid=analyse-lines]', '1');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=top-line]').length === 1);
  assert.deepEqual(await audit(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

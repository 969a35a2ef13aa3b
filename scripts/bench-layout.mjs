// How much the page's layout moves by itself (the Layout Instability API's cumulative layout shift) over a game
// between two people with the analysis switched on and off: twelve moves, the analysis on for the odd ones and
// off for the even ones, each position left to deepen two seconds. The shifts within half a second of a click
// are not counted (as the API says: a person expects what they clicked to change the page); the rest are,
// summed as the page's CLS (`cls`), with the largest shift (`largest`) and what moved in it. On a 1280×800
// desktop and a 360×740 phone. Figures, not a test (the browser test in tests/e2e/layout.test.mjs asserts the
// issue's bound). Part of `node scripts/bench-web.mjs`; alone:
//
//   trunk build --release && node scripts/bench-layout.mjs

import { recordShifts } from '../tests/e2e/harness.mjs';

// 20 moves of a real game (40 empties): past the book's first moves, a position the analysis deepens on.
const GAME = 'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3';
const MOVES = 12;

const SCREENS = [
  ['desktop_1280x800', { viewport: { width: 1280, height: 800 }, colorScheme: 'light' }],
  ['phone_360x740', { viewport: { width: 360, height: 740 }, colorScheme: 'dark', isMobile: true, hasTouch: true }],
];

export async function measureLayoutShift(browser, url) {
  const result = {};
  for (const [name, options] of SCREENS) {
    const context = await browser.newContext(options);
    await context.addInitScript(recordShifts);
    const page = await context.newPage();
    await page.goto(`${url}#t=${GAME}`);
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, GAME);
    // A shared game opens between two people.
    await page.waitForSelector('[data-legal=true]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(1000);
    const since = await page.evaluate(() => performance.now());
    let played = 0;
    for (; played < MOVES; played++) {
      const analyse = await page.$eval('[data-testid=analyse]', (e) => e.checked);
      if (analyse !== (played % 2 === 0)) await page.click('[data-testid=analyse]');
      await page.waitForTimeout(2000);
      const square = await page.$eval('[data-legal=true]', (e) => e.dataset.square).catch(() => null);
      if (!square) break;
      await page.click(`[data-square=${square}]`);
    }
    await page.waitForTimeout(2000);
    const shifts = await page.evaluate((t) => window.__shifts.filter((s) => s.at > t), since);
    const counted = shifts.filter((s) => !s.recent);
    const largest = counted.reduce((a, s) => (s.value > (a?.value ?? 0) ? s : a), null);
    result[name] = {
      moves: played,
      cls: Math.round(counted.reduce((sum, s) => sum + s.value, 0) * 10000) / 10000,
      shifts_counted: counted.length,
      shifts_after_a_click: shifts.length - counted.length,
      largest: largest && { value: Math.round(largest.value * 10000) / 10000, moved: [...new Set(largest.sources)] },
    };
    await context.close();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchBrowser, serveDist } = await import('../tests/e2e/harness.mjs');
  const server = await serveDist();
  const browser = await launchBrowser();
  const result = await measureLayoutShift(browser, server.url);
  await browser.close();
  await server.close();
  console.log(JSON.stringify(result, null, 2));
}

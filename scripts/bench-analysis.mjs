// How the analysis board deepens in the page (figures, not a test): on two workers sharing one memory, the depth
// its values reach 1, 5 and 10 s after "Analyse" is switched on at a 30-empty position, and the time until the
// values of a 20-empty position are exact. Part of `node scripts/bench-web.mjs`; alone:
//
//   trunk build --release && node scripts/bench-analysis.mjs
import { importText, newGame } from '../tests/e2e/harness.mjs';

// 30 moves of a line from the book and past it: 30 empties, black to move (human vs human).
const THIRTY = 'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1f1f2a6f6b7c7b6f3e6e7b8d7';
// FFO #26: 20 empties, black to move.
const TWENTY = '-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X';
const MARKS = [1000, 5000, 10000];

/** A fresh page on `workers` workers showing `text` in human vs human, the analysis off. */
async function pageWith(browser, url, workers, text) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}?workers=${workers}`);
  await page.waitForSelector('[data-legal=true]');
  await newGame(page, { mode: 'hvh' });
  await importText(page, text);
  await page.waitForSelector('[data-legal=true]');
  // The room's graph is asked after the import, and comes before the analysis: let it fill first, so that
  // the figures are the analysis's alone.
  await page.waitForFunction(
    () => {
      const plies = (document.querySelector('[data-testid=transcript]')?.textContent.length ?? 0) / 2;
      return document.querySelectorAll("[data-testid=eval-point]").length >= plies;
    },
    null,
    { timeout: 120000 },
  );
  await page.waitForTimeout(200);
  return { page, context };
}

const depthNow = (page) =>
  page.evaluate(() => document.querySelector('[data-testid=values-depth]')?.dataset.depth ?? null);

/** The figures, on two workers. */
export async function measureAnalysis(browser, url) {
  const workers = 2;
  const deepening = await pageWith(browser, url, workers, THIRTY);
  const empties = await deepening.page.$$eval('[data-disc=empty]', (c) => c.length);
  const t0 = Date.now();
  await deepening.page.check('[data-testid=analyse]');
  const depths = {};
  for (const mark of MARKS) {
    await deepening.page.waitForTimeout(Math.max(0, t0 + mark - Date.now()));
    depths[`after_${mark / 1000}_s`] = await depthNow(deepening.page);
  }
  await deepening.context.close();
  const exact = await pageWith(browser, url, workers, TWENTY);
  const e0 = Date.now();
  await exact.page.check('[data-testid=analyse]');
  await exact.page.waitForFunction(() => document.querySelector('[data-testid=values-depth]')?.dataset.depth === 'exact', null, {
    timeout: 240000,
    polling: 20,
  });
  const exactMs = Date.now() - e0;
  await exact.context.close();
  return { workers, deepening: { empties, depth: depths }, twenty_empties_exact_ms: exactMs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchBrowser, serveDist } = await import('../tests/e2e/harness.mjs');
  const server = await serveDist();
  const browser = await launchBrowser();
  const result = await measureAnalysis(browser, server.url);
  await browser.close();
  await server.close();
  console.log(JSON.stringify(result, null, 2));
}

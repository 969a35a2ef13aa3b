// The expert games in the page: how long the list takes to come for a position, the first time (the worker
// fetches the gzipped file, inflates and reads it: every game replayed) and after (a lookup), and whether the
// page's thread was held meanwhile. Prints JSON; run after `trunk build --release`:
//   node scripts/bench-games.mjs
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, serveDist } from '../tests/e2e/harness.mjs';

const ROOT = join(import.meta.dirname, '..');
const server = await serveDist();
const browser = await launchBrowser();
const result = { file_bytes: statSync(join(ROOT, 'dist/games.bin')).size, runs: [] };
for (let run = 0; run < 3; run++) {
  // A fresh context each run: nothing cached, the first list loads the file.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(`${server.url}#t=f5d6c3d3c4`);
  await page.click('[data-testid=explorer-toggle]');
  const timed = async (act, total) => {
    const t0 = await page.evaluate(() => performance.now());
    await act();
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid=games-range]')?.dataset.total === String(n),
      total,
      { timeout: 120_000, polling: 5 },
    );
    return Math.round((await page.evaluate(() => performance.now())) - t0);
  };
  // The page's own long tasks from here on (its load's are not the list's).
  const since = await page.evaluate(() => performance.now());
  const first = await timed(() => page.click('[data-testid=games-toggle]'), 45818);
  const older = await timed(() => page.click('[data-testid=games-older]'), 45818);
  const player = await timed(async () => {
    await page.fill('[data-testid=games-player]', 'Tastet');
    await page.click('[data-testid=games-search]');
  }, 1375);
  const tasks = await page.evaluate((t) => window.__longtasks.filter((task) => task.start >= t), since);
  result.runs.push({
    first_list_ms: first,
    next_page_ms: older,
    player_search_ms: player,
    long_tasks: tasks.length,
    longest_task_ms: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
  });
  await context.close();
}
await browser.close();
await server.close();
console.log(JSON.stringify(result, null, 2));

// How long the page takes from a person's input to the next paint (Event Timing), for the interactions a player
// repeats: board clicks against the AI, undo and redo, a hint, the analysis switch, ← through the record (the
// analysis off, and on: ←, the step button and a move of the list while it deepens), a
// screen chosen in the bar (settings, train, play, analyse: each timed apart) and the new-game dialog opened and closed.
// Each press comes as a person's does, the pointer on the element a moment before (`median_ms` and `longest_ms`
// are over those); a board click as Playwright's page.click sends it is timed apart (`playwright_board_click`).
// Measured as the page is (unthrottled) and with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate: a
// mid-range phone). Figures, not a test. Part of `node scripts/bench-web.mjs`; alone:
//
//   trunk build --release && node scripts/bench-interactions.mjs
import { restoreGame, showScreen } from '../tests/e2e/harness.mjs';

// 20 moves of a real game (40 empties): a record to step through, a graph the room fills, and black (the person)
// to move against the AI at level 1 (its replies come at once: the figures are the page's, not the search's).
const GAME = 'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3';
const ROUNDS = 4;

/** The Event Timing entries (interactions only), kept from the page's start. */
function observe() {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__events.push({ name: e.name, id: e.interactionId, start: e.startTime, duration: e.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The longest input-to-paint among the interactions that began at `since` or later. */
async function longestSince(page, since) {
  // Event Timing reports an interaction after its next paint: give the page two frames to report it.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
  return page.evaluate((s) => {
    const byId = new Map();
    for (const e of window.__events.filter((e) => e.start >= s)) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
    return [...byId.values()];
  }, since);
}

const transcriptLength = (page) => page.$eval('[data-testid=transcript]', (e) => e.textContent.length);

/** Two frames and 50 ms: what a person's pointer takes at the least between reaching a button and pressing it. */
const settle = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));

/** One round of every interaction on `page`; the durations (ms) by interaction. */
async function round(page) {
  const out = {
    board_click: [],
    undo: [],
    redo: [],
    hint: [],
    analysis_on: [],
    analysis_off: [],
    record_back: [],
    record_back_analysing: [],
    step_back_analysing: [],
    move_list_analysing: [],
    screen_settings: [],
    screen_train: [],
    screen_play: [],
    screen_analyse: [],
    dialog_open: [],
    dialog_close: [],
    playwright_board_click: [],
  };
  const now = () => page.evaluate(() => performance.now());
  const measure = async (name, act) => {
    const t = await now();
    await act();
    const durations = await longestSince(page, t);
    // An interaction that painted within 16 ms leaves no entry: it counts as 16.
    out[name].push(durations.length ? Math.max(...durations) : 16);
  };
  // A press as a person makes it: the pointer moved onto the element first (its hover drawn), then pressed
  // and released, with nothing of the test's own running in the page meanwhile.
  const press = async (name, selector) => {
    // Where it is once the page has stopped moving (End in the record scrolls it, smoothly).
    await page.locator(selector).scrollIntoViewIfNeeded();
    let box = await page.locator(selector).boundingBox();
    for (let same = false; !same; ) {
      await settle(page);
      const next = await page.locator(selector).boundingBox();
      same = JSON.stringify(next) === JSON.stringify(box);
      box = next;
    }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await settle(page);
    await measure(name, async () => {
      await page.mouse.down();
      await page.mouse.up();
    });
  };
  // A board click against the AI, then its reply. Also as Playwright's page.click sends it, for comparison:
  // the pointer moved and pressed in one frame (the hover's render delays the press), and Playwright's own
  // checks run in the page (the target's position over two frames, a listener on every pointer event).
  const clickAndReply = async (name) => {
    const before = await transcriptLength(page);
    const square = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
    if (name === 'playwright_board_click') await measure(name, () => page.click(`[data-square=${square}]`));
    else await press(name, `[data-square=${square}]`);
    await page.waitForFunction((n) => document.querySelector('[data-testid=transcript]').textContent.length >= n + 4, before, {
      timeout: 30000,
    });
    await page.waitForSelector('[data-legal=true]');
  };
  await clickAndReply('board_click');
  await clickAndReply('playwright_board_click');
  await press('undo', '[data-testid=undo]');
  await page.waitForSelector('[data-legal=true]');
  await press('redo', '[data-testid=redo]');
  await page.waitForSelector('[data-legal=true]');
  await press('hint', '[data-testid=hint]');
  await page.waitForSelector('[data-testid=hint-text]', { timeout: 30000 });
  await press('analysis_on', '[data-testid=analyse]');
  await page.waitForSelector('[data-testid=values-legend]', { timeout: 30000 });
  // Stepping through the record while the analysis deepens, what the analysis board is for: ←, the step
  // button, a move of the list; each waits for the values of the position it shows before the next.
  const valued = () => page.waitForSelector('[data-testid=values-legend]', { timeout: 30000 });
  await page.focus('body');
  for (let i = 0; i < 2; i++) {
    await measure('record_back_analysing', () => page.keyboard.press('ArrowLeft'));
    await valued();
  }
  for (let i = 0; i < 2; i++) {
    await press('step_back_analysing', '[data-testid=step-back]');
    await valued();
  }
  const moves = await page.locator('.move-list .move').count();
  await press('move_list_analysing', `.move-list .move >> nth=${Math.max(1, moves - 8)}`);
  await valued();
  await page.keyboard.press('End');
  await page.waitForSelector('[data-legal=true]');
  await press('analysis_off', '[data-testid=analyse]');
  await page.focus('body');
  await measure('record_back', () => page.keyboard.press('ArrowLeft'));
  await measure('record_back', () => page.keyboard.press('ArrowLeft'));
  await page.keyboard.press('End');
  await page.waitForSelector('[data-legal=true]');
  // The bar's screens, each one press from the one before, and the new-game dialog from the play screen.
  for (const [screen, shown] of [
    ['settings', '[data-testid=edit-position]'],
    ['train', '[data-testid=start-puzzles]'],
    ['play', '[data-testid=new-game]'],
  ]) {
    await press(`screen_${screen}`, `[data-testid=screen-${screen}]`);
    await page.waitForSelector(shown);
  }
  await press('dialog_open', '[data-testid=new-game]');
  await page.waitForSelector('[data-testid=start]');
  await press('dialog_close', '[data-testid=cancel]');
  await page.waitForSelector('[role=dialog]', { state: 'detached' });
  await press('screen_analyse', '[data-testid=screen-analyse]');
  await page.waitForSelector('[data-testid=analysis-room]');
  await page.waitForSelector('[data-legal=true]');
  return out;
}

/** Median and longest by interaction, and over the person's inputs (Playwright's own click apart). */
function summary(rounds) {
  const all = {};
  for (const r of rounds) for (const [k, v] of Object.entries(r)) (all[k] ??= []).push(...v);
  const median = (v) => {
    const s = [...v].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)];
  };
  const by = Object.fromEntries(Object.entries(all).map(([k, v]) => [k, { median: median(v), max: Math.max(...v), n: v.length }]));
  const every = Object.entries(all)
    .filter(([k]) => k !== 'playwright_board_click')
    .flatMap(([, v]) => v);
  return { by_interaction: by, median_ms: median(every), longest_ms: Math.max(...every), interactions: every.length };
}

/** The figures, unthrottled and with the CPU slowed 4×, each on a fresh page with the game restored. */
export async function measureInteractions(browser, url) {
  const result = {};
  for (const rate of [1, 4]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(observe);
    const page = await context.newPage();
    await page.goto(url);
    await restoreGame(page, { moves: GAME, level: 1 });
    // The analysis screen (the graph, the room) is where the record is stepped through.
    await showScreen(page, 'analyse');
    // The room's graph fills in first (its values come from the workers), as after any load.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=eval-point]').length >= 20, null, { timeout: 120000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(page));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    result[rate === 1 ? 'unthrottled' : 'throttled_4x'] = summary(rounds);
    await context.close();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { launchBrowser, serveDist } = await import('../tests/e2e/harness.mjs');
  const server = await serveDist();
  const browser = await launchBrowser();
  const result = await measureInteractions(browser, server.url);
  await browser.close();
  await server.close();
  console.log(JSON.stringify(result, null, 2));
}

// Shared by the browser tests: the release build in dist/ served on 127.0.0.1 by `reversi serve` (as a person
// running scripts/serve.sh gets it) or by a static server (a sub-path, a host without the isolation headers),
// and Debian's Chromium driven by playwright-core (never a downloaded browser).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const DIST = join(ROOT, 'dist');
export const ARTIFACTS = join(ROOT, 'test-results');

/**
 * The native `reversi` command the tests compare the page with: `$REVERSI` if set, else the newer of the
 * test build's (`cargo test` builds it) and the release build's.
 */
export const REVERSI =
  process.env.REVERSI ??
  ['target/debug/reversi', 'target/release/reversi']
    .map((p) => join(ROOT, p))
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] ??
  join(ROOT, 'target/release/reversi');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** The headers that make the page cross-origin isolated, so that its workers may share memory. */
export const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/**
 * Serves dist/ on 127.0.0.1 at a free port, under `prefix` (as a static host serves a project's page at
 * https://name.github.io/reversi/), with the isolation headers unless `isolated` is false (a host that
 * sets none); resolves to { url, close, missing } where `missing` lists the paths answered 404. `files` puts
 * other bytes in place of a file of the build (`{ 'explorer.bin': bytes }`), or answers it 404 (`null`).
 */
export async function serveDist({ prefix = '/', isolated = true, files = {} } = {}) {
  const missing = [];
  const server = createServer(async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!full.startsWith(prefix)) {
      missing.push(full);
      res.writeHead(404).end('not found');
      return;
    }
    const path = '/' + full.slice(prefix.length);
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST)) {
      res.writeHead(403).end();
      return;
    }
    const name = path.slice(1);
    if (Object.hasOwn(files, name) && files[name] === null) {
      missing.push(full);
      res.writeHead(404).end('not found');
      return;
    }
    try {
      const body = Object.hasOwn(files, name) ? files[name] : await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...(isolated ? ISOLATION : {}),
      });
      res.end(body);
    } catch {
      missing.push(full);
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((ok) => server.close(ok)),
    missing,
  };
}

/**
 * Serves dist/ with `reversi serve` on 127.0.0.1 at a free port and a temporary database, both gone at
 * `close`; resolves to { url, close, missing, folder } like serveDist, `missing` read from the server's log of the
 * paths it answered 404. To stop a server and start it again on the same database and address (a restart
 * mid-game), `close({ keep: true })` keeps the folder and `serveReversi({ folder, listen })` takes them.
 */
export async function serveReversi({ folder: kept, listen = '127.0.0.1:0' } = {}) {
  const folder = kept ?? (await mkdtemp(join(tmpdir(), 'reversi-e2e-')));
  const child = spawn(REVERSI, ['serve', '--listen', listen, '--db', join(folder, 'e2e.db'), '--dist', DIST], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const missing = [];
  let log = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    log += chunk;
    for (const [, path] of chunk.matchAll(/^\[server\] not found: GET (\S+)$/gm)) missing.push(decodeURIComponent(path.split('?')[0]));
  });
  const url = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/^listening on (http:\/\/\S+)$/m);
      if (found) ok(`${found[1]}/`);
    });
    child.on('exit', (code) => fail(new Error(`reversi serve ended (${code}): ${log}`)));
  });
  const exited = new Promise((ok) => child.on('exit', ok));
  return {
    url,
    missing,
    folder,
    close: async ({ keep = false } = {}) => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
      if (!keep) await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up every browser test file shares: the build served and Chromium started once for the file, both
 * closed at its end (screenshots go to test-results/, made here); the build is served by `reversi serve`. Returns an object whose `server` ({ url, close }) and `browser` are set once they are up.
 */
export function useServerAndBrowser() {
  const env = {};
  before(async () => {
    env.server = await serveReversi();
    env.browser = await launchBrowser();
    await mkdir(ARTIFACTS, { recursive: true });
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/** Debian's Chromium, headless, with the flags for a network that reaches nothing outside (no update, sync or QUIC). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Opens a page and collects its console errors and uncaught exceptions into `errors`. Options: `init`, a script
 * run in the page before its own; `clock`, Playwright's clock installed first; `beforeLoad(page)`, run before the
 * page loads (to watch its workers); the rest are the browser context's options.
 */
export async function openPage(browser, url, { init, clock = false, beforeLoad, ...contextOptions } = {}) {
  const context = await browser.newContext(contextOptions);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  if (clock) await page.clock.install();
  if (beforeLoad) await beforeLoad(page);
  await page.goto(url);
  return { page, context, errors };
}

/**
 * The serious and critical axe-core violations on the page as it is now, one line each. axe runs in the page
 * itself (the builder's legacy mode): the page has no frame, and the default mode opens a blank page in the
 * context for every audit to merge the frames' results.
 */
export async function audit(page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

/**
 * What the page shows once it has painted (the panel beside the board follows a move's paint), read at one
 * moment: `discs` (every square's disc, as { a1: 'empty', ... }), `legal` (the squares highlighted as legal
 * moves, sorted), and the texts of the counts (`black`, `white`) and the `status`.
 */
export async function shown(page) {
  await painted(page);
  return page.evaluate(() => {
    const testid = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent ?? null;
    const cells = [...document.querySelectorAll('[data-square]')];
    return {
      discs: Object.fromEntries(cells.map((c) => [c.dataset.square, c.dataset.disc])),
      legal: cells.filter((c) => c.dataset.legal === 'true').map((c) => c.dataset.square).sort(),
      black: testid('count-black'),
      white: testid('count-white'),
      status: testid('status'),
    };
  });
}

/** Every square's disc, as { a1: 'empty', ... }. */
export const discs = async (page) => (await shown(page)).discs;

/** Squares highlighted as legal moves, sorted. */
export const legal = async (page) => (await shown(page)).legal;

/**
 * Resolves once the page has painted what it shows now and done what it does after that paint (a frame, then a
 * task of its own): drawn the panel and the graph beside a board that moved, written its autosave. A test that
 * reads the panel after a move, or then changes the storage itself, comes after that, not before it.
 */
export const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/** Text of the element with that test id, once the page has painted (from the play screen if it is not on the screen shown). */
export async function text(page, id) {
  await painted(page);
  // What the play screen shows (the record, the counts, the status) is read there, as a person would go back
  // to it from the settings screen.
  if (!(await page.$(`[data-testid=${id}]`)) && (await page.$('[data-testid=screen-settings][aria-current=page]'))) {
    await showScreen(page, 'play');
    await painted(page);
  }
  return page.textContent(`[data-testid=${id}]`);
}

/** Starts a new game through the dialog (from the play screen). */
export async function newGame(page, { mode, level, color, levelWhite, speed } = {}) {
  await page.waitForSelector('[data-testid=screen-bar]');
  if (!(await page.$('[data-testid=new-game]'))) await showScreen(page, 'play');
  await page.click('[data-testid=new-game]');
  await choose(page, { mode, level, color, levelWhite, speed });
  await page.click('[data-testid=start]');
}

/** Makes the new-game dialog's choices: who plays, the levels, the colour, the AI's speed (folded away). */
export async function choose(page, { mode, level, color, levelWhite, speed } = {}) {
  if (mode) await page.click(`[data-testid=mode-${mode}]`);
  if (color) await page.click(`[data-testid=color-${color}]`);
  if (level) await page.click(`[data-testid=level-${level}]`);
  if (levelWhite) await page.click(`[data-testid=level-white-${levelWhite}]`);
  if (speed) {
    await openMoreOptions(page);
    await page.selectOption('[data-testid=speed]', String(speed));
  }
}

/** Unfolds the dialog's "more options" (the start position, the AI's errors, its speed). */
export async function openMoreOptions(page) {
  await page.waitForSelector('[data-testid=more-options]');
  if (!(await page.$eval('[data-testid=more-options]', (d) => d.open))) await page.click('[data-testid=more-options] > summary');
}

/** Shows a screen by its bar (`play`, `analyse`, `train`, `online`, `settings`). */
export async function showScreen(page, screen) {
  const shown = `[data-testid=screen-${screen}][aria-current=page]`;
  await page.waitForSelector(`[data-testid=screen-${screen}]`);
  // The bar gains its online screen when the server answers the page's first question, which moves the
  // links on a phone (equal columns): a click aimed at one as it moves is made again.
  for (let tries = 0; !(await page.$(shown)); tries++) {
    await page.click(`[data-testid=screen-${screen}]`);
    try {
      await page.waitForSelector(shown, { timeout: tries < 2 ? 3_000 : 30_000 });
    } catch (error) {
      if (tries >= 2) throw error;
    }
  }
  // The screen's panel comes a frame after the bar's answer.
  await page.waitForSelector(`.screen-panel[data-screen=${screen}]`);
}

/**
 * Loads a game into the page as if it had been autosaved: `moves` from the standard start, the person playing
 * black against the AI at `level` (the save format of src/session/persist/mod.rs, version 1: a page migrates it), then waits for the person's turn.
 */
export async function restoreGame(page, { moves, level }) {
  const saved = {
    version: 1,
    mode: 'hva-black',
    black_level: level,
    white_level: level,
    ai_move_delay_ms: 600,
    start: '---------------------------OX------XO--------------------------- X',
    moves,
    redo: '',
    analyse: false,
    analyse_depth: 4,
  };
  // The page's first autosave must come before ours, or it would overwrite it before the reload.
  await page.waitForFunction(() => localStorage.getItem('reversi.autosave') !== null);
  await page.evaluate((s) => localStorage.setItem('reversi.autosave', JSON.stringify(s)), saved);
  await page.reload();
  await page.waitForSelector('[data-legal=true]');
}

/** Shows the settings screen (scoring, the board's view, the editor, saved games, share and import, help), its
 * "share and import" unfolded. */
export async function openMore(page) {
  if (!(await page.$('[data-testid=more]'))) await showScreen(page, 'settings');
  await page.waitForSelector('[data-testid=more] .share');
  await painted(page);
  if (!(await page.$eval('.share', (d) => d.open))) await page.click('.share summary');
  await page.waitForSelector('[data-testid=import-text]', { state: 'visible' });
}

/** Clicks the squares in order. */
export async function play(page, squares) {
  for (const square of squares) {
    await page.click(`[data-square=${square}]`);
  }
}

/**
 * Keeps what the page posts to its workers and what they answer, with each worker's number (in the order the
 * page made them): `window.__posted` and `window.__answers`, as { worker, t, data }.
 */
export function recordWorkerMessages() {
  const Native = window.Worker;
  window.__posted = [];
  window.__answers = [];
  let made = 0;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      const worker = made++;
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data !== '"Alive"') {
          window.__answers.push({ worker, t: performance.now(), data: e.data });
        }
      });
      const post = this.postMessage.bind(this);
      this.postMessage = (data, ...rest) => {
        if (typeof data === 'string') window.__posted.push({ worker, t: performance.now(), data });
        return post(data, ...rest);
      };
    }
  };
}

/** Puts `text` (a transcript or a board) on the page through the import box of the "More" drawer. */
export async function importText(page, text) {
  await openMore(page);
  await page.fill('[data-testid=import-text]', text);
  await page.click('[data-testid=import]');
}

/**
 * Keeps every layout shift the page reports in `window.__shifts` ({ value, recent, at, sources }: `recent`
 * within half a second of an input, `sources` the class names of what moved); run before the page's own
 * scripts (`openPage`'s `init`, or `context.addInitScript`).
 */
export function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const sources = (entry.sources ?? []).map((s) => s.node?.className || s.node?.nodeName || '?');
      window.__shifts.push({ value: entry.value, recent: entry.hadRecentInput, at: entry.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

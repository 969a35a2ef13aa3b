// The engine in the page against the same engine natively, side by side in one run (figures, not a test): one
// worker against one native thread and two against two, on the solver set (FFO #40-#42, solved exactly by the
// top level) and the mid-game set (five positions of 36 to 28 empties, the top level to a fixed depth: the
// page's `?depth=N`, natively `reversi best --depth N`). Every search runs in a fresh page (a fresh table) and a
// fresh native process, the page's and the native runs alternated, `--rounds` rounds; the tables are the same
// size (the page's workers hold 32 MB, `--hash-mb 32`), so on one thread both walk the same tree and the script
// checks their node counts are equal. Prints the nodes a second of each and the median ratios: wasm against
// native on one and on two threads, and two threads against one on each.
//
//   trunk build --release && cargo build --release -p reversi-tools
//   node scripts/bench-engine.mjs [--rounds N] [--depth D] [--plain]   (also part of scripts/bench-web.mjs)
//
// `--plain` serves the page without the isolation headers (and no service worker to add them): the plain
// build, one worker against one native thread only.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const REVERSI = join(ROOT, 'target/release/reversi');
const LEVEL = 10;
const TABLE_MB = 32;

/** FFO #40-#42 (20, 22 and 22 empties), as `<64 squares> X|O`: the top level solves them exactly, its first search. */
export const SOLVER_SET = readFileSync(join(ROOT, 'crates/engine/tests/data/fforum-40-59.obf'), 'utf8')
  .split('\n')
  .slice(0, 3)
  .map((line) => line.split(';')[0].trim());

/** Transcripts whose last position is searched: real games (one of 2019, one of the bench-web's), 24 to 32 moves. */
const REVIEWED =
  'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3b6a5g4e6f1c1f2c7f7e7c8d8f6d7e8e1b8g1b2b7a8a7g2h4g5h5h6h1h3g3h2h7g6g7b1a2a1h8g8f8';
const MIDGAME_GAMES = [
  'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2',
  REVIEWED.slice(0, 2 * 24),
  REVIEWED.slice(0, 2 * 27),
  REVIEWED.slice(0, 2 * 30),
  REVIEWED.slice(0, 2 * 32),
];

/** The position after a transcript, as `<64 squares> X|O`. */
function positionAfter(transcript) {
  const lines = execFileSync(REVERSI, ['replay', transcript, '--json'], { encoding: 'utf8' }).trim().split('\n');
  const last = JSON.parse(lines[lines.length - 1]);
  return `${last.board} ${last.to_move === 'black' ? 'X' : 'O'}`;
}

/** One native search: `reversi best` at the top level on `threads` threads, to `depth` plies if given. */
function nativeSearch(position, threads, depth) {
  const args = ['best', position, '--level', String(LEVEL), '--json', '--threads', String(threads), '--hash-mb', String(TABLE_MB)];
  args.push(...(depth ? ['--depth', String(depth)] : ['--no-time-limit']));
  const best = JSON.parse(execFileSync(REVERSI, args, { encoding: 'utf8' }));
  return { nodes: best.nodes, seconds: best.seconds };
}

/**
 * Loads `start` (`<64 squares> X|O`) at `url` as an autosaved game against the top level with the AI to move,
 * and waits for its move (also bench-web's).
 */
export async function aiMovesFrom(page, url, start) {
  await page.goto(url);
  // The page's first autosave must come before ours, or it would overwrite it before the reload (and the
  // person, not the AI, would be to move: the wait below would never end).
  await page.waitForFunction(() => localStorage.getItem('reversi.autosave') !== null);
  await page.evaluate(
    ([start, mode]) =>
      localStorage.setItem(
        'reversi.autosave',
        JSON.stringify({
          version: 1,
          mode,
          black_level: 10,
          white_level: 10,
          ai_move_delay_ms: 0,
          start,
          moves: '',
          redo: '',
          analyse: false,
          analyse_depth: 4,
        }),
      ),
    // The person plays the other colour.
    [start, start.endsWith('X') ? 'hva-white' : 'hva-black'],
  );
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 2, null, {
    timeout: 120000,
    polling: 20,
  });
}

/**
 * One search in the page: a fresh context (its own storage and workers), `?workers=N` (and `&depth=D`), the
 * position autosaved with the top level to move, reloaded; resolves to the engine's own report of its move.
 */
async function pageSearch(browser, url, position, workers, depth, plain) {
  // `plain`: no service worker (it would add the isolation headers), so that the page runs the plain build.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: plain ? 'block' : 'allow' });
  const page = await context.newPage();
  await aiMovesFrom(page, `${url}?workers=${workers}${depth ? `&depth=${depth}` : ''}`, position);
  const stats = await page.$eval('[data-testid=engine-stats]', (e) => ({
    nodes: Number(e.dataset.nodes),
    millis: Number(e.dataset.millis),
  }));
  const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
  await context.close();
  return { nodes: stats.nodes, seconds: stats.millis / 1000, isolated };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const round2 = (x) => Math.round(x * 100) / 100;
const round3 = (x) => Math.round(x * 1000) / 1000;

/**
 * Measures both sets: for each round, each set, each thread count, the page then the native program. Resolves
 * to the figures (see the file's comment).
 */
export async function measureEngine(browser, url, { rounds = 3, depth = 16, plain = false } = {}) {
  const sets = {
    solver: SOLVER_SET.map((position) => ({ position, depth: null })),
    midgame: MIDGAME_GAMES.map((game) => ({ position: positionAfter(game), depth })),
  };
  const runs = { solver: [], midgame: [] };
  for (let round = 1; round <= rounds; round++) {
    for (const [set, searches] of Object.entries(sets)) {
      for (const threads of plain ? [1] : [1, 2]) {
        const total = { page: { nodes: 0, seconds: 0 }, native: { nodes: 0, seconds: 0 } };
        let isolated = true;
        for (const { position, depth: d } of searches) {
          const page = await pageSearch(browser, url, position, threads, d, plain);
          const native = nativeSearch(position, threads, d);
          isolated &&= page.isolated;
          if (threads === 1 && page.nodes !== native.nodes) {
            throw new Error(`not the same tree at ${position}: ${page.nodes} nodes in the page, ${native.nodes} natively`);
          }
          for (const [side, r] of [['page', page], ['native', native]]) {
            total[side].nodes += r.nodes;
            total[side].seconds += r.seconds;
          }
        }
        const row = {
          round,
          threads,
          // Cross-origin isolated: the page ran the threaded build (one shared memory), else the plain one.
          threaded_build: isolated,
          page_nodes: total.page.nodes,
          page_seconds: round3(total.page.seconds),
          page_mnps: round2(total.page.nodes / total.page.seconds / 1e6),
          native_nodes: total.native.nodes,
          native_seconds: round3(total.native.seconds),
          native_mnps: round2(total.native.nodes / total.native.seconds / 1e6),
        };
        row.wasm_over_native = round3(row.page_mnps / row.native_mnps);
        runs[set].push(row);
        console.error(`${set} round ${round}, ${threads} thread(s): ${JSON.stringify(row)}`);
      }
    }
  }
  const summary = {};
  for (const [set, rows] of Object.entries(runs)) {
    const of = (threads, key) => rows.filter((r) => r.threads === threads).map((r) => r[key]);
    // Two against one by time over the same searches (the trees of two threads differ from run to run).
    const speedup = (side) =>
      median(of(1, `${side}_seconds`).map((one, i) => one / of(2, `${side}_seconds`)[i]));
    summary[set] = { one_thread_wasm_over_native: median(of(1, 'wasm_over_native')) };
    if (!plain) {
      summary[set].two_threads_wasm_over_native = median(of(2, 'wasm_over_native'));
      summary[set].page_two_over_one = round3(speedup('page'));
      summary[set].native_two_over_one = round3(speedup('native'));
    }
    summary[set].runs = rows;
  }
  return { level: LEVEL, midgame_depth: depth, table_mb: TABLE_MB, rounds, ...summary };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { launchBrowser, serveDist } = await import('../tests/e2e/harness.mjs');
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  // `--plain`: a host without the isolation headers, where the page runs the plain build on one thread.
  const plain = args.includes('--plain');
  const server = await serveDist({ isolated: !plain });
  const browser = await launchBrowser();
  try {
    const figures = await measureEngine(browser, server.url, { rounds: option('--rounds', 3), depth: option('--depth', 16), plain });
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await browser.close();
    await server.close();
  }
}

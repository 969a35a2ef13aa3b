// Responsiveness benchmark of the release build (figures, not a test): the top level thinks on a mid-game
// position while the page records main-thread long tasks, the time from the click to the AI's move and the frame
// rate; the engine's speed in the worker is compared with the same search natively; the page's interactions
// (input to next paint, unthrottled and with the CPU slowed 4×: scripts/bench-interactions.mjs); how the analysis
// board deepens (scripts/bench-analysis.mjs); how much the layout moves by itself (scripts/bench-layout.mjs); the
// build's sizes are listed; the engine in the page against native, side by side (scripts/bench-engine.mjs).
//
//   bash scripts/test.sh   (or: trunk build --release && cargo build --release)
//   node scripts/bench-web.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ARTIFACTS, launchBrowser, restoreGame, serveDist } from '../tests/e2e/harness.mjs';
import { measureAnalysis } from './bench-analysis.mjs';
import { aiMovesFrom, measureEngine } from './bench-engine.mjs';
import { measureInteractions } from './bench-interactions.mjs';
import { measureLayoutShift } from './bench-layout.mjs';

const ROOT = join(import.meta.dirname, '..');
const REVERSI = join(ROOT, 'target/release/reversi');
// 24 moves of a real game: 36 empties, black (the person) to move, white is the AI at the top level.
const OPENING = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
const LEVEL = 10;

function replayLast(transcript) {
  const lines = execFileSync(REVERSI, ['replay', transcript, '--json'], { encoding: 'utf8' }).trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

const server = await serveDist();
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await context.addInitScript(() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__frames = [];
  const frame = (t) => {
    window.__frames.push(t);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
});
await page.goto(server.url);
await restoreGame(page, { moves: OPENING, level: LEVEL });
await page.waitForFunction((n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n, OPENING.length);
const human = await page.$eval('[data-legal=true]', (c) => c.dataset.square);
const beforeAi = replayLast(OPENING + human);
const position = `${beforeAi.board} ${beforeAi.to_move === 'black' ? 'X' : 'O'}`;

const t0 = await page.evaluate(() => performance.now());
await page.click(`[data-square=${human}]`);
await page.waitForFunction((n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n, OPENING.length + 4, {
  timeout: 60000,
  polling: 10,
});
const t1 = await page.evaluate(() => performance.now());
const during = await page.evaluate(
  ([a, b]) => ({
    longtasks: window.__longtasks.filter((t) => t.start >= a && t.start <= b),
    frames: window.__frames.filter((t) => t >= a && t <= b).length,
  }),
  [t0, t1],
);
const stats = await page.$eval('[data-testid=engine-stats]', (e) => ({
  nodes: Number(e.dataset.nodes),
  millis: Number(e.dataset.millis),
  text: e.textContent,
}));

// The analysis room: a 60-move tournament game (WTHOR 2019) shared by link; the time until the evaluation graph
// has every point, then a whole-game review at the default depth, with the main thread's long tasks meanwhile.
const REVIEWED =
  'f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3b6a5g4e6f1c1f2c7f7e7c8d8f6d7e8e1b8g1b2b7a8a7g2h4g5h5h6h1h3g3h2h7g6g7b1a2a1h8g8f8';
const room = await context.newPage();
await room.goto(`${server.url}#t=${REVIEWED}`);
const g0 = await room.evaluate(() => performance.now());
await room.waitForFunction(() => document.querySelectorAll('[data-testid=eval-point]').length === 63, null, {
  timeout: 120000,
  polling: 20,
});
const g1 = await room.evaluate(() => performance.now());
await room.click('[data-testid=review-game]');
const r0 = await room.evaluate(() => performance.now());
await room.waitForSelector('[data-testid=review][data-state=done]', { timeout: 120000 });
const r1 = await room.evaluate(() => performance.now());
const reviewTasks = await room.evaluate(([a, b]) => window.__longtasks.filter((t) => t.start >= a && t.start <= b), [
  g0,
  r1,
]);
const reviewed = await room.$$eval('[data-testid=review-move]', (list) => list.length);

// The top level over a whole game: AI vs AI at level 10 on both sides (fast speed), the time each move took
// in the worker as the engine reports it (book moves included), and the page's long tasks meanwhile.
const whole = await context.newPage();
await whole.goto(server.url);
await whole.click('[data-testid=new-game]');
await whole.selectOption('[data-testid=mode]', 'ava');
await whole.selectOption('[data-testid=level]', String(LEVEL));
await whole.selectOption('[data-testid=level-white]', String(LEVEL));
await whole.selectOption('[data-testid=speed]', '100');
const w0 = await whole.evaluate(() => performance.now());
await whole.click('[data-testid=start]');
const moveMillis = [];
let seen = 0;
for (;;) {
  const state = await whole.waitForFunction(
    (n) => {
      const t = document.querySelector('[data-testid=transcript]')?.textContent.length / 2;
      const over = /Game over/.test(document.querySelector('[data-testid=status]').textContent);
      const stats = document.querySelector('[data-testid=engine-stats]');
      return (t > n || over) && { t, over, millis: stats ? Number(stats.dataset.millis) : null };
    },
    seen,
    { timeout: 60000, polling: 20 },
  );
  const { t, over, millis } = await state.jsonValue();
  if (t > seen && millis !== null) moveMillis.push(millis);
  seen = t;
  if (over) break;
}
const w1 = await whole.evaluate(() => performance.now());
const wholeTasks = await whole.evaluate(([a, b]) => window.__longtasks.filter((t) => t.start >= a && t.start <= b), [w0, w1]);
// A page with storage of its own: the autosave it waits for below is its own, never another open page's (a
// page's first autosave that came after ours would overwrite it, and the AI would never be to move).
async function ownPage() {
  const own = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return own.newPage();
}


// The exact solver in the page on two threads: FFO #40 (20 empties, black to move) with the AI on move at the
// top level, the same position solved natively below on one thread; nodes per second in the page against the
// native binary's.
const SOLVED = 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X';
const solver = await ownPage();
await aiMovesFrom(solver, `${server.url}?workers=2`, SOLVED);
const solverStats = await solver.$eval('[data-testid=engine-stats]', (e) => ({
  nodes: Number(e.dataset.nodes),
  millis: Number(e.dataset.millis),
  text: e.textContent,
}));
// The analysis room with one worker and with two: the graph of the 60-move game, then its review (the pages
// above closed first, so that their workers are gone).
for (const p of [page, room, whole, solver]) await p.close();
async function roomTimes(workers) {
  const p = await context.newPage();
  await p.goto(`${server.url}?workers=${workers}#t=${REVIEWED}`);
  const a = await p.evaluate(() => performance.now());
  await p.waitForFunction(() => document.querySelectorAll('[data-testid=eval-point]').length === 63, null, {
    timeout: 240000,
    polling: 20,
  });
  const b = await p.evaluate(() => performance.now());
  await p.click('[data-testid=review-game]');
  await p.waitForSelector('[data-testid=review][data-state=done]', { timeout: 240000 });
  const c = await p.evaluate(() => performance.now());
  await p.close();
  return { workers, graph_ms: Math.round(b - a), review_ms: Math.round(c - b) };
}
const roomByWorkers = [await roomTimes(1), await roomTimes(2)];

// The AI's search at the top level with one worker and with two (two threads sharing one table): three
// mid-game positions out of the book, black (the AI) to move; the nodes, time and depth of each move as the
// engine reports them. A move's time depends on where the deepening stops (an iteration that would end past
// the target is not started), so the two settings take turns, twice over, and the figures are over both rounds.
const SEARCHED = [
  '---XXX---OXXXX--XXOXXXX-OXOOOX----XOO-X---OXOO-------O---------- X',
  '--O-X-----OOX----XOXX---XOOXX---OOOOO----X---------------------- X',
  '-O-XXX---OOXXX--XXOOOXOOOXXOOXX-OXXXXOX--XXXOOO------O---------- X',
];
async function aiMoves(workers) {
  const moves = [];
  for (const start of SEARCHED) {
    const p = await ownPage();
    await aiMovesFrom(p, `${server.url}?workers=${workers}`, start);
    moves.push(
      await p.$eval('[data-testid=engine-stats]', (e) => ({
        nodes: Number(e.dataset.nodes),
        millis: Number(e.dataset.millis),
        text: e.textContent,
      })),
    );
    await p.evaluate(() => localStorage.clear());
    await p.close();
  }
  return moves;
}
const ROUNDS = 2;
const movesByWorkers = { 1: [], 2: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const workers of [1, 2]) movesByWorkers[workers].push(...(await aiMoves(workers)));
}
function aiSummary(workers) {
  const moves = movesByWorkers[workers];
  const sum = (f) => moves.reduce((a, m) => a + f(m), 0);
  const depth = (m) => Number(/depth (\d+)/.exec(m.text)?.[1] ?? NaN);
  return {
    workers,
    nodes_per_move: Math.round(sum((m) => m.nodes) / moves.length),
    ms_per_move: Math.round(sum((m) => m.millis) / moves.length),
    average_depth: Math.round((sum(depth) / moves.length) * 100) / 100,
    moves,
  };
}
const aiByWorkers = [aiSummary(1), aiSummary(2)];

// A search no longer wanted: level 10 thinks on the 36-empties position on two threads, the person takes the
// move back 300 ms in; the time from the click (as the page saw it) to the last reply of the stopped search's
// threads (its answer, and each helper's end), and the AI's reply after the move is played again.
const stop = await context.newPage();
await stop.addInitScript(() => {
  window.__replies = [];
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && !e.data.startsWith('"Alive"')) window.__replies.push({ t: performance.now(), data: e.data });
      });
    }
  };
  addEventListener('click', () => (window.__clickAt = performance.now()), true);
});
await stop.goto(`${server.url}?workers=2`);
await restoreGame(stop, { moves: OPENING, level: LEVEL });
const stopSquare = await stop.$eval('[data-legal=true]', (c) => c.dataset.square);
await stop.click(`[data-square=${stopSquare}]`);
await stop.waitForSelector('[data-testid=thinking]');
await stop.waitForTimeout(300);
await stop.click('[data-testid=undo]');
await stop.waitForTimeout(1000);
const stopped = await stop.evaluate(() => {
  const after = window.__replies.filter((r) => r.t >= window.__clickAt);
  // The search's answer (dropped by the page) and the helpers' ends: the last of them is when every thread stopped.
  const ends = after.filter((r) => /^\{"(BestMove|Helped)"/.test(r.data));
  return {
    threads_stopped: ends.length,
    ms: ends.length ? Math.round(Math.max(...ends.map((r) => r.t)) - window.__clickAt) : null,
    isolated: window.crossOriginIsolated,
  };
});
const s1 = Date.now();
await stop.click(`[data-square=${stopSquare}]`);
await stop.waitForFunction((n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n, OPENING.length + 4, {
  timeout: 60000,
  polling: 10,
});
const clickToReplyMs = Date.now() - s1;

// "New game" to the AI's first move: the AI plays black at the top level (a book move).
const fresh = await context.newPage();
await fresh.goto(server.url);
await fresh.waitForSelector('[data-legal=true]');
await fresh.click('[data-testid=new-game]');
await fresh.selectOption('[data-testid=mode]', 'hva');
await fresh.selectOption('[data-testid=color]', 'white');
await fresh.selectOption('[data-testid=level]', String(LEVEL));
const n0 = await fresh.evaluate(() => performance.now());
await fresh.click('[data-testid=start]');
await fresh.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 2, null, {
  timeout: 30000,
  polling: 5,
});
const n1 = await fresh.evaluate(() => performance.now());
// Input to next paint for the interactions a player repeats, unthrottled and with the CPU slowed 4×.
const interactions = await measureInteractions(browser, server.url);
// The analysis board: how deep its values get in 1, 5 and 10 s, and how soon they are exact at 20 empties.
const analysisBoard = await measureAnalysis(browser, server.url);
// How much the layout moves by itself over a game with the analysis switched on and off (desktop, phone).
const layoutShift = await measureLayoutShift(browser, server.url);
// The engine in the page against native, one thread against one and two against two, on the solver and the
// mid-game sets, the same trees (scripts/bench-engine.mjs).
const engineSideBySide = await measureEngine(browser, server.url);
await browser.close();
await server.close();

const native = JSON.parse(
  execFileSync(REVERSI, ['best', position, '--level', String(LEVEL), '--json', '--no-time-limit'], { encoding: 'utf8' }),
);
const wasmNps = stats.nodes / (stats.millis / 1000);
const nativeSolve = JSON.parse(
  execFileSync(REVERSI, ['best', SOLVED, '--level', String(LEVEL), '--json', '--no-time-limit', '--threads', '1'], {
    encoding: 'utf8',
  }),
);
const solverNps = solverStats.nodes / (solverStats.millis / 1000);
const sizes = readdirSync(join(ROOT, 'dist'))
  .filter((f) => /\.(wasm|js)$/.test(f))
  .map((f) => {
    const data = readFileSync(join(ROOT, 'dist', f));
    return { file: f, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });

const result = {
  position,
  level: LEVEL,
  click_to_ai_move_ms: Math.round(t1 - t0),
  long_tasks_while_thinking: during.longtasks.length,
  longest_task_ms: Math.round(Math.max(0, ...during.longtasks.map((t) => t.duration))),
  frames_per_second: Math.round((during.frames / ((t1 - t0) / 1000)) * 10) / 10,
  wasm: { nodes: stats.nodes, millis: stats.millis, nps: Math.round(wasmNps) },
  native: { nodes: native.nodes, seconds: native.seconds, nps: native.nps, move: native.move },
  native_over_wasm_nps: Math.round((native.nps / wasmNps) * 100) / 100,
  solver_ffo_40: {
    wasm: { nodes: solverStats.nodes, millis: solverStats.millis, nps: Math.round(solverNps), text: solverStats.text },
    native: { nodes: nativeSolve.nodes, seconds: nativeSolve.seconds, nps: nativeSolve.nps, kind: nativeSolve.kind },
    native_over_wasm_nps: Math.round((nativeSolve.nps / solverNps) * 100) / 100,
  },
  click_to_stopped_ms: stopped.ms,
  threads_stopped: stopped.threads_stopped,
  cross_origin_isolated: stopped.isolated,
  click_to_reply_after_stop_ms: clickToReplyMs,
  new_game_to_first_move_ms: Math.round(n1 - n0),
  analysis_room_by_workers: roomByWorkers,
  top_level_by_workers: aiByWorkers,
  top_level_whole_game: {
    moves: moveMillis.length,
    average_move_ms: Math.round(moveMillis.reduce((a, b) => a + b, 0) / Math.max(1, moveMillis.length)),
    // Book moves take no time (under 5 ms): the average over the moves searched.
    average_searched_move_ms: Math.round(
      moveMillis.filter((m) => m >= 5).reduce((a, b) => a + b, 0) / Math.max(1, moveMillis.filter((m) => m >= 5).length),
    ),
    longest_move_ms: Math.max(0, ...moveMillis),
    moves_over_3000_ms: moveMillis.filter((m) => m > 3000).length,
    long_tasks: wholeTasks.length,
  },
  interactions,
  analysis_board: analysisBoard,
  layout_shift: layoutShift,
  engine_side_by_side: engineSideBySide,
  analysis_room: {
    graph_63_points_ms: Math.round(g1 - g0),
    review_ms: Math.round(r1 - r0),
    moves_reviewed: reviewed,
    long_tasks: reviewTasks.length,
    longest_task_ms: Math.round(Math.max(0, ...reviewTasks.map((t) => t.duration))),
  },
  sizes,
};
mkdirSync(ARTIFACTS, { recursive: true });
writeFileSync(join(ARTIFACTS, 'bench-web.json'), JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));

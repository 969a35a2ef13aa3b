// Whole games in the real page: a human-vs-human game checked position by position against the engine's own
// replay (`reversi replay --json`, the native binary), and human-vs-AI games at the lowest, a middle and the top
// level with both colours (the top level's game as black is in workers.test.mjs, on a page without isolation);
// undo while the AI thinks never lets a stale move appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  REVERSI,
  discs,
  legal,
  newGame,
  openPage,
  recordWorkerMessages,
  restoreGame,
  shown,
  text,
  useServerAndBrowser,
} from './harness.mjs';

const env = useServerAndBrowser();

// A random game of 60 moves with a pass (white has no move after b2... found with the engine).
const WITH_PASS =
  'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2c8h6h4g4h3b8f8e6g3b2f1b4h7g1a4g8h8b5a1e8d8d7a8c2h1b1h2a3c1b7a2d2a6e1d1e2';

function replay(transcript) {
  const out = execFileSync(REVERSI, ['replay', transcript, '--json'], {
    encoding: 'utf8',
  });
  return out.trim().split('\n').map((line) => JSON.parse(line));
}

function boardOf(snapshot) {
  const names = [];
  for (let row = 1; row <= 8; row++) for (const col of 'abcdefgh') names.push(`${col}${row}`);
  const discsBySquare = {};
  names.forEach((name, i) => {
    const c = snapshot.board[i];
    discsBySquare[name] = c === 'X' ? 'black' : c === 'O' ? 'white' : 'empty';
  });
  return discsBySquare;
}

test('human vs human: a whole game with a pass matches the engine replay at every move', async () => {
  const expected = replay(WITH_PASS);
  assert.ok(expected.some((s) => s.passed), 'the transcript has a pass');
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  const moves = WITH_PASS.match(/../g);
  for (let i = 0; i <= moves.length; i++) {
    const want = expected[i];
    const { discs: board, black, white, legal: squares, status } = await shown(page);
    assert.deepEqual(board, boardOf(want), `position after ${i} moves`);
    assert.equal(black, String(want.black));
    assert.equal(white, String(want.white));
    assert.deepEqual(squares, [...want.legal].sort(), `legal moves after ${i} moves`);
    if (want.over) assert.match(status, /Game over: Black wins 55–9/);
    else assert.match(status, new RegExp(`${want.to_move === 'black' ? 'Black' : 'White'} to move`));
    if (want.passed) assert.match(status, /has no legal move/);
    if (i < moves.length) await page.click(`[data-square=${moves[i]}]`);
  }
  assert.equal(await text(page, 'transcript'), WITH_PASS);
  assert.deepEqual(errors, []);
  await context.close();
});

async function playToTheEnd(page, human) {
  let humanMoves = 0;
  for (let guard = 0; guard < 200; guard++) {
    const status = await text(page, 'status');
    if (/Game over/.test(status)) return humanMoves;
    const mine = new RegExp(`${human === 'black' ? 'Black' : 'White'} to move`);
    if (mine.test(status)) {
      const squares = await legal(page);
      assert.ok(squares.length > 0, `a legal move is offered: ${status}`);
      const before = await text(page, 'transcript');
      await page.click(`[data-square=${squares[0]}]`);
      await page.waitForFunction((b) => document.querySelector('[data-testid=transcript]')?.textContent !== b, before);
      humanMoves++;
    } else {
      // The AI's move: wait for the transcript or the status to change.
      await page.waitForFunction(
        (s) => document.querySelector('[data-testid=status]')?.textContent !== s,
        status,
        { timeout: 30000 },
      );
    }
  }
  throw new Error('the game did not end');
}

for (const level of [1, 5, 10]) {
  for (const human of ['black', 'white']) {
    if (level === 10 && human === 'white') continue; // workers.test.mjs plays it, without isolation
    test(`human (${human}) vs AI level ${level}: a whole game of legal moves`, async () => {
      // The quick pace: no reply held, searches capped at 150 ms (the rules are what this checks; the
      // pacing and the levels' times have tests of their own).
      const { page, context, errors } = await openPage(env.browser, `${env.server.url}?pace=quick`);
      await newGame(page, { mode: 'hva', color: human, level });
      await playToTheEnd(page, human);
      const transcript = await text(page, 'transcript');
      const states = replay(transcript); // throws if any move was illegal
      const last = states[states.length - 1];
      assert.equal(last.over, true);
      assert.deepEqual(await discs(page), boardOf(last));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('undo while the AI thinks returns to the human turn and the stale move never appears', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, { init: recordWorkerMessages });
  // A game past the opening book (the top level answers book positions at once): 24 moves of a real game,
  // the person (black) to move, the top level playing white.
  const opening = 'c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2';
  await restoreGame(page, { moves: opening, level: 10 });
  const before = await legal(page);
  await page.click(`[data-square=${before[0]}]`);
  await page.waitForFunction(() => /thinking/.test(document.querySelector('[data-testid=status]')?.textContent));
  await page.evaluate(() =>
    document
      .querySelector('[data-testid=undo]')
      .addEventListener('click', () => (window.__undoAt = performance.now()), { capture: true }),
  );
  await page.click('[data-testid=undo]');
  assert.equal(await text(page, 'transcript'), opening);
  assert.match(await text(page, 'status'), /Black to move/);
  // The withdrawn search: if a worker had it, it is stopped by its flag (the test server isolates the page,
  // so the workers share one memory) and still answers, and that stale reply is not played; if it still
  // waited for a worker (the workers busy with the game's review), it is dropped and never posted.
  const withdrawn = await page.waitForFunction(
    () => {
      const searches = window.__posted.filter((p) => p.data.startsWith('{"Search"'));
      const search = searches.filter((p) => p.t < window.__undoAt).pop();
      if (!search) return 'queued';
      const id = JSON.parse(search.data).Search.id;
      const stale = new RegExp(`^\\{"BestMove":\\{"id":${id}[,}]`);
      return window.__answers.some((a) => a.t > search.t && stale.test(a.data)) && 'answered';
    },
    null,
    { timeout: 20000 },
  );
  if ((await withdrawn.jsonValue()) === 'queued') await page.waitForTimeout(1000);
  assert.deepEqual(
    await page.evaluate(() => window.__posted.filter((p) => p.t > window.__undoAt && p.data.startsWith('{"Search"')).length),
    0,
    'no search posted after the undo',
  );
  // Two frames for the page to take the reply and draw whatever it would.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await text(page, 'transcript'), opening);
  assert.deepEqual(await legal(page), before);
  // The engine still answers the next move.
  await page.click(`[data-square=${before[before.length - 1]}]`);
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=transcript]')?.textContent.length === n,
    opening.length + 4,
    { timeout: 20000 },
  );
  assert.deepEqual(errors, []);
  await context.close();
});

// Formats players bring with them, in the real page: transcripts in capitals and with passes marked, GGF
// import (a set-up start and a pass) and export, each refusal named with the game unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newGame, openMore, openPage, play, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

async function importText(page, value) {
  await openMore(page);
  await page.fill('[data-testid=import-text]', value);
  await page.click('[data-testid=import]');
}

test('transcript variants and GGF come in and go out; bad ones are named and change nothing', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5']);
  await openMore(page);
  await importText(page, 'F5 D6 C3');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  // The export in GGF, with the moves in capitals by colour.
  await openMore(page);
  const ggf = await page.inputValue('[data-testid=export-ggf]');
  assert.match(ggf, /^\(;GM\[Othello\].*BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[F5\]W\[D6\]B\[C3\];\)$/);

  // A pass marked where a move exists: refused, named, the game kept.
  await importText(page, 'f5 -- d6');
  assert.match(await text(page, 'notice'), /not imported.*move 2/);
  assert.equal(await text(page, 'transcript'), 'f5d6c3');

  // GGF from a set-up start where white must pass at once: PA is read, and the board is that start's.
  const board = `********${'*O------'}${'*'.repeat(48)}`;
  await importText(page, `(;GM[Othello]PB[a]PW[b]BO[8 ${board} O]W[PA]B[C2];)`);
  assert.equal(await text(page, 'transcript'), 'c2');
  assert.equal(await page.getAttribute('[data-square=c2]', 'data-disc'), 'black');
  await openMore(page);
  assert.match(await page.inputValue('[data-testid=export-ggf]'), /W\[PA\]B\[C2\];\)$/);

  // A bad GGF names its move; the game stays.
  await importText(page, '(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[A1];)');
  assert.match(await text(page, 'notice'), /GGF game was not imported.*move 2 \(A1\)/);
  assert.equal(await text(page, 'transcript'), 'c2');

  // The page's own export imports back.
  await openMore(page);
  await page.click('[data-testid=previous-game]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  await importText(page, ggf);
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  assert.deepEqual(errors, []);
  await context.close();
});

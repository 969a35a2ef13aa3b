// "Learn from your mistakes" (issue 77, item 9): after a review, a pass over the marked moves asks for a better
// move at each (the board on the mistake's position, nothing giving the answer away), judges each move tried by
// the engine, lets you try again or shows the answer, and ends with how many were found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, importText, newGame, openPage, painted, showScreen, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

// Black's g7 beside the empty h8 corner is a blunder.
const RECORD = 'f5f6e6f4g7';

for (const [name, options] of [
  ['desktop', { viewport: { width: 1280, height: 800 }, colorScheme: 'light' }],
  ['phone', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true }],
]) {
  test(`a whole pass of learn from your mistakes over a reviewed game (${name})`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, options);
    await newGame(page, { mode: 'hvh' });
    await importText(page, RECORD);
    await showScreen(page, 'analyse');
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]')?.textContent === t, RECORD);
    await page.click('[data-testid=review-game]');
    await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
    // The mistakes as the review lists them: each one's ply, move and better move.
    const mistakes = await page.$$eval('[data-testid=mistakes] button', (list) =>
      list.map((b) => ({ ply: Number(b.dataset.ply), played: b.textContent.match(/ ([a-h][1-8])/)[1], best: b.textContent.match(/best ([a-h][1-8])/)[1] })),
    );
    assert.ok(mistakes.some((m) => m.played === 'g7'), JSON.stringify(mistakes));
    mistakes.sort((a, b) => a.ply - b.ply);
    await page.click('[data-testid=learn-start]');
    await page.waitForSelector('[data-testid=learn-prompt]');
    // The mistakes' list and their better moves are put away while the pass runs.
    assert.equal(await page.$('[data-testid=mistakes]'), null);
    for (const [i, mistake] of mistakes.entries()) {
      await page.waitForFunction((played) => document.querySelector('[data-testid=learn-prompt]')?.textContent.includes(`played ${played}`), mistake.played);
      // The board shows the position before the mistake, with no hint of the answer.
      await page.waitForFunction((ply) => document.querySelectorAll('[data-disc=black], [data-disc=white]').length === 4 + ply, mistake.ply);
      await painted(page);
      assert.equal(await page.$('.square.hint'), null, 'no hint on the board');
      assert.equal(await page.$('[data-testid=reviewed-here]'), null, 'no word of the better move');
      // The move played again: wrong, the position unchanged.
      await page.click(`[data-square=${mistake.played}]`);
      await page.waitForSelector('[data-testid=learn-verdict][data-verdict=wrong]', { timeout: 30_000 });
      assert.equal(await page.$('[data-testid=in-variation]'), null, 'judged, not played');
      if (i === 0) {
        // The better move: found.
        await page.click(`[data-square=${mistake.best}]`);
        await page.waitForSelector('[data-testid=learn-verdict][data-verdict=found]', { timeout: 30_000 });
        assert.match(await page.textContent('[data-testid=learn-verdict]'), new RegExp(`Well found: ${mistake.best}`));
      } else {
        await page.click('[data-testid=learn-reveal]');
        assert.match(await page.textContent('[data-testid=learn-answer]'), new RegExp(`The best move: ${mistake.best}`));
      }
      if (i === 0) assert.deepEqual(await audit(page), [], 'the pass passes axe');
      await page.click('[data-testid=learn-next]');
    }
    await page.waitForSelector('[data-testid=learn-summary]');
    assert.equal(await page.textContent('[data-testid=learn-summary]'), `Done: you found the better move at 1 of ${mistakes.length} mistakes.`);
    await page.click('[data-testid=learn-stop]');
    await page.waitForSelector('[data-testid=mistakes]');
    // The mistake found is kept with the game: after a reload and a review again, a new pass says so.
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('reversi.autosave') ?? '{}').learned?.length === 1);
    await page.reload();
    await page.click('[data-testid=review-game]');
    await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
    assert.equal(await page.textContent('[data-testid=learned-before]'), `Found before: 1 of ${mistakes.length} (a new pass asks the others first).`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

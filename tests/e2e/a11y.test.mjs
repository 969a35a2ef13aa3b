// Accessibility audit with axe-core on every view of the page, in both colour schemes: no violation of
// impact "serious" or "critical".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, newGame, openMore, openPage, play, useServerAndBrowser, openMoreOptions, showScreen } from './harness.mjs';

const env = useServerAndBrowser();

/** Each view: how to reach it from a fresh page. */
const VIEWS = {
  start: async () => {},
  'game in progress with notice': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await play(page, ['f5', 'd6', 'a1']);
  },
  'game over: the result card': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await openMore(page);
    await page.fill('[data-testid=import-text]', 'e6f4e3f6g5d6e7f5c5');
    await page.click('[data-testid=import]');
    await page.waitForSelector('[data-testid=result-card]');
  },
  'hint with its line drawn, a position browsed': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await play(page, ['f5', 'd6', 'c3', 'd3', 'c4']);
    await page.click('[data-testid=hint]');
    await page.click('[data-testid=show-line]');
    await page.waitForSelector('.line-step');
    await page.click('.move-list >> text="3. c3"');
  },
  'new-game form': async (page) => {
    await page.click('[data-testid=new-game]');
    await page.waitForSelector('[data-testid=new-game-form]');
  },
  editor: async (page) => {
    await openMore(page);
    await page.click('[data-testid=edit-position]');
    await page.waitForSelector('[data-testid=editor]');
  },
  help: async (page) => {
    await openMore(page);
    await page.click('[data-testid=help] summary');
  },
  share: async (page) => {
    await openMore(page);
  },
  'saved games': async (page) => {
    await openMore(page);
    await page.click('.slots summary');
  },
  'analysis: values, depths and the best lines, one drawn': async (page) => {
    await page.check('[data-testid=analyse]');
    await page.waitForSelector('[data-value]');
    await page.waitForSelector('[data-testid=top-line]');
    await page.hover('[data-testid=top-line]');
    await page.waitForSelector('.line-step');
  },
  'analysis room: graph, review and explorer': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await play(page, ['f5', 'f6', 'e6', 'f4', 'g7']);
    await showScreen(page, 'analyse');
    await page.click('[data-testid=explorer-toggle]');
    await page.waitForSelector('[data-testid=explorer-move]');
    await page.click('[data-testid=review-game]');
    await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
    await page.click('.review-moves summary');
  },
  'expert games listed under the explorer': async (page) => {
    await showScreen(page, 'analyse');
    await page.click('[data-testid=explorer-toggle]');
    await page.click('[data-testid=games-toggle]');
    await page.waitForSelector('[data-testid=expert-game]', { timeout: 60_000 });
  },
  'the board turned, its image panel open, the losses graph': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await play(page, ['f5', 'd6', 'c3']);
    await openMore(page);
    await page.selectOption('[data-testid=orientation]', 'rotate270');
    await page.click('[data-testid=image-panel] summary');
    await page.check('[data-testid=image-numbers]');
    await showScreen(page, 'analyse');
    await page.selectOption('[data-testid=graph-mode]', 'losses');
    await page.waitForSelector('[data-testid=loss-point]', { timeout: 60_000 });
  },
  "new-game form: the AI's mistakes and a random start": async (page) => {
    await page.click('[data-testid=new-game]');
    await page.click('[data-testid=mode-hva]');
    await openMoreOptions(page);
    await page.selectOption('[data-testid=mistakes-loss]', '8');
    await page.selectOption('[data-testid=start-from]', 'random');
  },
  'training room: a puzzle answered': async (page) => {
    await openMore(page);
    await page.click('[data-testid=screen-train]');
    await page.click('[data-testid=start-puzzles]');
    await page.waitForSelector('[data-testid=puzzle]');
    await page.click('[data-legal=true]');
    await page.waitForSelector('[data-testid=puzzle-result]');
  },
  'online screen: the lobby': async (page) => {
    await showScreen(page, 'online');
    await page.waitForSelector('[data-testid=lobby]');
  },
  'move tree: a nested variation and its menu': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await play(page, ['f5', 'd6', 'c3', 'd3']);
    await showScreen(page, 'analyse');
    await page.click('.move-list .move >> text="2. d6"');
    for (const square of ['c5', 'f4', 'e3']) await page.click(`[data-square=${square}]`);
    await page.click('[data-testid=step-back]');
    await page.click('[data-square=f3]');
    await page.click('[data-testid=variation-move] >> text="5. f3"', { button: 'right' });
    await page.waitForSelector('[data-testid=tree-menu]');
  },
  'learn from your mistakes: a move judged wrong': async (page) => {
    await newGame(page, { mode: 'hvh' });
    await play(page, ['f5', 'f6', 'e6', 'f4', 'g7']);
    await showScreen(page, 'analyse');
    await page.click('[data-testid=review-game]');
    await page.waitForSelector('[data-testid=review][data-state=done]', { timeout: 60_000 });
    await page.click('[data-testid=learn-start]');
    await page.waitForSelector('[data-testid=learn-prompt]');
    const played = (await page.textContent('[data-testid=learn-prompt]')).match(/played ([a-h][1-8])/)[1];
    await page.click(`[data-square=${played}]`);
    await page.waitForSelector('[data-testid=learn-verdict][data-verdict=wrong]', { timeout: 30_000 });
  },
  'training room: a drill with a wrong move': async (page) => {
    await openMore(page);
    await page.click('[data-testid=screen-train]');
    await page.click('[data-testid=tab-drills]');
    await page.check('[data-testid=drill-opening-option][data-name="Tiger"]');
    await page.click('[data-testid=start-drill]');
    await page.click(`[data-square=${await page.getAttribute('[data-testid=drill]', 'data-expected')}]`);
    await page.waitForSelector('[data-testid=drill-feedback][data-correct=true]');
    const expected = await page.getAttribute('[data-testid=drill]', 'data-expected');
    await page.click(`[data-legal=true]:not([data-square=${expected}])`);
    await page.waitForSelector('[data-testid=drill-feedback][data-correct=false]');
  },
};

// Each view is reached once and audited in both colour schemes: the schemes differ only in the style sheet's
// `prefers-color-scheme` rules (no transition), so the page switched to dark shows what a dark page shows.
for (const [name, reach] of Object.entries(VIEWS)) {
  test(`axe: ${name} (light, then dark)`, async () => {
    const { page, context, errors } = await openPage(env.browser, env.server.url, { colorScheme: 'light' });
    await page.waitForSelector('[data-testid=board]');
    await reach(page);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), scheme === 'dark');
      assert.deepEqual(await audit(page), [], `${scheme} scheme`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('focus returns to the opener when the new-game form closes', async () => {
  const { page, context } = await openPage(env.browser, env.server.url);
  await page.waitForSelector('[data-testid=board]');
  await page.focus('[data-testid=new-game]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=new-game-form]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=new-game-form]', { state: 'detached' });
  // The page moves the focus just after the form is gone (a zero-delay timeout): wait for it, briefly.
  await page
    .waitForFunction(() => document.activeElement?.dataset?.testid === 'new-game', null, { timeout: 2000 })
    .catch(() => {});
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'new-game');
  await context.close();
});

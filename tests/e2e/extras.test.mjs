// What players of the strong programs ask for (issue 48), in the real page: the expert games behind the
// explorer (counts against `reversi games`, a search by a player, a game opened and replayed to its end),
// the board's orientation, the PNG image, the XOT and random starts, a pasted board, the AI's mistakes and the
// review's running total. Each on a desktop and on a 360 px phone, in one scheme or the other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ARTIFACTS, REVERSI, discs, newGame, openMore, openPage, text, useServerAndBrowser } from './harness.mjs';

const env = useServerAndBrowser();

/** The number of games `reversi games` finds after `transcript`, for `player` (a part of a name). */
function gamesCount(transcript, player = '') {
  const out = execFileSync(REVERSI, ['games', transcript, '--player', player, '--limit', '0'], { encoding: 'utf8' });
  return Number(out.split(' ')[0]);
}

const DESKTOP = { viewport: { width: 1280, height: 800 }, colorScheme: 'light' };
const PHONE = { viewport: { width: 360, height: 740 }, colorScheme: 'dark', isMobile: true, hasTouch: true };

async function fits(page, name) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  const viewport = page.viewportSize().width;
  assert.ok(width <= viewport, `${name}: the page is ${width} px wide in ${viewport}`);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

for (const [name, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`the expert games of a position, searched by player, one opened and replayed (${name})`, async () => {
    const moves = 'f5d6c3d3c4';
    const { page, context, errors } = await openPage(env.browser, `${env.server.url}#t=${moves}`, options);
    await page.click('[data-testid=explorer-toggle]');
    await page.click('[data-testid=games-toggle]');
    await page.waitForSelector('[data-testid=games-range]', { timeout: 60_000 });
    const total = () => page.$eval('[data-testid=games-range]', (e) => Number(e.dataset.total));
    assert.equal(await total(), gamesCount(moves));
    const rows = () =>
      page.$$eval('[data-testid=expert-game]', (list) =>
        list.map((r) => ({ year: Number(r.dataset.year), black: r.dataset.black, white: r.dataset.white, moves: r.dataset.transcript })),
      );
    let first = await rows();
    assert.equal(first.length, 10);
    // Newest first; every game went through the position (in the position's own frame).
    assert.equal(first[0].year, 2020);
    for (let i = 1; i < first.length; i++) assert.ok(first[i].year <= first[i - 1].year);
    // The next page goes on from there.
    await page.click('[data-testid=games-older]');
    await page.waitForFunction(() => document.querySelector('[data-testid=games-range]')?.textContent.startsWith('11–20'));
    assert.ok((await rows())[0].year <= first[9].year);
    // A player's games.
    await page.fill('[data-testid=games-player]', 'Tastet');
    await page.click('[data-testid=games-search]');
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid=games-range]')?.dataset.total) === n,
      gamesCount(moves, 'tastet'),
    );
    first = await rows();
    for (const row of first) assert.match(`${row.black} ${row.white}`, /Tastet/i);
    // Opened: the board shows the position it was found for, and steps on to the game's end.
    await page.click('[data-testid=open-game] >> nth=0');
    await page.waitForSelector('[data-testid=expert-title]');
    assert.match(await text(page, 'expert-title'), new RegExp(`${first[0].black}.*${first[0].white}.*${first[0].year}`));
    assert.equal(await text(page, 'transcript'), first[0].moves);
    const replay = execFileSync(REVERSI, ['replay', first[0].moves, '--json'], { encoding: 'utf8' }).trim().split('\n');
    const after5 = JSON.parse(replay[5]);
    assert.equal(Number(await text(page, 'count-black')), after5.black);
    assert.equal(Number(await text(page, 'count-white')), after5.white);
    await page.keyboard.press('End');
    const end = JSON.parse(replay[replay.length - 1]);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=count-black]').textContent) === n, end.black);
    assert.equal(Number(await text(page, 'count-white')), end.white);
    await fits(page, `games-${name}`);
    // The game played before is one click away.
    await page.click('[data-testid=expert-back]');
    await page.waitForFunction((t) => document.querySelector('[data-testid=transcript]').textContent === t, moves);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Accounts through a real `reversi serve`: two people sign up on two browsers (each its own cookies), seek a
// rated 5+3 game with one click, are paired, play, and one resigns; both see both ratings move by this test's
// own Glicko-2 computation, and both find the game on their players' pages. A wrong password is refused in the
// page's words and signs nobody in; a reload keeps one signed in; signing out ends it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, serveReversi, shown, showScreen } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await serveReversi();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** Glicko-2 for one game from Glickman's paper (τ = 0.5): the player's new rating. */
function glicko([rating, deviation, volatility], [opponent, opponentDeviation], score) {
  const scale = 173.7178;
  const mu = (rating - 1500) / scale;
  const phi = deviation / scale;
  const muJ = (opponent - 1500) / scale;
  const phiJ = opponentDeviation / scale;
  const g = 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
  const e = 1 / (1 + Math.exp(-g * (mu - muJ)));
  const v = 1 / (g * g * e * (1 - e));
  const delta = v * g * (score - e);
  const tau = 0.5;
  const a = Math.log(volatility * volatility);
  const f = (x) =>
    (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) / (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > 1e-6) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  return (mu + phiNew * phiNew * g * (score - e)) * scale + 1500;
}

/** A change as the page writes it: +12, −12 (a true minus). */
const written = (change) => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0');

/** A page on the online screen with its account box. */
async function onlinePage() {
  const opened = await openPage(browser, server.url);
  await showScreen(opened.page, 'online');
  await opened.page.waitForSelector('[data-testid=account]');
  return opened;
}

async function signUp(page, name, password) {
  await page.fill('[data-testid=account-name]', name);
  await page.fill('[data-testid=account-password]', password);
  await page.click('[data-testid=sign-up]');
  await page.waitForSelector(`[data-testid=account-me]:has-text("${name}")`);
}

test('two accounts quick-pair, play a rated game to its end, and both ratings move as Glicko-2 says', async () => {
  const a = await onlinePage();
  const b = await onlinePage();
  await signUp(a.page, 'ria', 'ria password');
  await signUp(b.page, 'sol', 'sol password');
  assert.match(await a.page.textContent('[data-testid=account]'), /no rating yet/);
  // One click each: a rated 5+3 (rated is the default).
  assert.equal(await a.page.isChecked('[data-testid=seek-rated]'), true);
  await a.page.click('[data-testid="quick-5+3"]');
  await a.page.waitForSelector('[data-testid=seeking]');
  assert.match(await a.page.textContent('[data-testid=seeking]'), /Seeking a 5\+3 rated game/);
  await b.page.click('[data-testid="quick-5+3"]');
  for (const { page } of [a, b]) {
    // The paired game is shown where it is played.
    await page.waitForSelector('[data-testid=screen-play][aria-current=page]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid=online-game] [data-testid=rated-game]', { timeout: 20_000 });
    assert.match(await page.textContent('[data-testid=rated-game]'), /Rated game · blitz/);
    assert.equal(await page.textContent('[data-testid=rating-black]'), '(1500?)');
    assert.equal(await page.textContent('[data-testid=rating-white]'), '(1500?)');
  }
  // Who is Black: the seat marked as one's own.
  const blackIsA = (await a.page.getAttribute('[data-testid=seat-black]', 'class'))?.includes('you');
  const [black, white] = blackIsA ? [a, b] : [b, a];
  // Black plays one move once connected, then White resigns.
  await black.page.waitForSelector('[data-testid=connection]', { state: 'detached', timeout: 20_000 });
  const { legal } = await shown(black.page);
  await black.page.click(`[data-square=${legal[0]}]`);
  await white.page.waitForFunction(() => Number(document.querySelector('[data-testid=count-black]')?.textContent) === 4);
  await white.page.waitForSelector('[data-testid=connection]', { state: 'detached', timeout: 20_000 });
  await white.page.click('[data-testid=resign]');
  await white.page.click('[data-testid=resign]');
  const start = [1500, 350, 0.06];
  const blackAfter = Math.round(glicko(start, [1500, 350], 1));
  const whiteAfter = Math.round(glicko(start, [1500, 350], 0));
  for (const { page } of [a, b]) {
    await page.waitForSelector('[data-testid=change-black]', { timeout: 10_000 });
    assert.equal(await page.textContent('[data-testid=change-black]'), written(blackAfter - 1500));
    assert.equal(await page.textContent('[data-testid=change-white]'), written(whiteAfter - 1500));
  }
  // Both find the game on their own pages (the account's "My page"), with the change it made, and open it on
  // the analysis board.
  const id = await a.page.evaluate(() => new URLSearchParams(location.search).get('online'));
  assert.ok(id, 'the address names the game');
  for (const [{ page }, after, outcome] of [[black, blackAfter, 'won'], [white, whiteAfter, 'lost']]) {
    await showScreen(page, 'online');
    await page.waitForSelector('[data-testid=ratings] [data-category=blitz]');
    assert.equal(await page.textContent('[data-testid=ratings] [data-category=blitz]'), `blitz ${after}?`);
    await page.click('[data-testid=my-page]');
    const row = `[data-testid=player-games] li[data-game="${id}"]`;
    await page.waitForSelector(row);
    const text = await page.textContent(row);
    assert.match(text, new RegExp(outcome));
    assert.match(text, new RegExp(written(after - 1500).replace('+', '\\+')));
    assert.match(await page.textContent('[data-testid=player-record]'), outcome === 'won' ? /1–0–0/ : /0–0–1/);
    assert.match(await page.textContent('[data-testid=player-ratings]'), new RegExp(`blitz ${after}\\?`));
  }
  // The leaderboard lists both, the winner first (provisional, marked "?").
  await a.page.click('[data-testid=back-to-lobby]');
  await a.page.click('[data-testid=leaders-blitz]');
  await a.page.waitForSelector('[data-testid=leaderboard] tbody tr');
  const rows = await a.page.$$eval('[data-testid=leaderboard] tbody tr', (trs) => trs.map((tr) => tr.dataset.name));
  assert.deepEqual(rows, blackIsA ? ['ria', 'sol'] : ['sol', 'ria']);
  // A game of the page opens on the analysis board.
  await a.page.click('[data-testid=leaderboard] tbody tr:first-child [data-player]');
  await a.page.waitForSelector(`[data-testid=player-games] li[data-game="${id}"] [data-testid=analyse-game]`);
  await a.page.click(`[data-testid=player-games] li[data-game="${id}"] [data-testid=analyse-game]`);
  await a.page.waitForSelector('[data-testid=screen-analyse][aria-current=page]');
  await a.page.waitForFunction(() => Number(document.querySelector('[data-testid=count-black]')?.textContent) === 4);
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context.close();
  await b.context.close();
});

test('a wrong password signs nobody in and is said in Chinese on the Chinese page; signing out ends the session', async () => {
  const { page, context, errors } = await onlinePage();
  await signUp(page, 'tao', 'tao password');
  await page.click('[data-testid=sign-out]');
  await page.waitForSelector('[data-testid=account-name]');
  await page.reload();
  await showScreen(page, 'online');
  await page.waitForSelector('[data-testid=account-name]');
  await page.selectOption('[data-testid=language]', 'zh-CN');
  await page.fill('[data-testid=account-name]', 'tao');
  await page.fill('[data-testid=account-password]', 'not the password');
  await page.click('[data-testid=sign-in]');
  await page.waitForSelector('[data-testid=notice]');
  assert.match(await page.textContent('[data-testid=notice]'), /名字或密码错误/);
  assert.equal(await page.$('[data-testid=account-me]'), null);
  await page.fill('[data-testid=account-password]', 'tao password');
  await page.press('[data-testid=account-password]', 'Enter');
  await page.waitForSelector('[data-testid=account-me]:has-text("tao")');
  assert.match(await page.textContent('[data-testid=account]'), /已登录/);
  // Signing out everywhere ends this page's session too; deleting asks for the password and then for a
  // confirmation, and the name is then taken for good.
  await page.click('[data-testid=account-settings] summary');
  await page.click('[data-testid=sign-out-everywhere]');
  await page.waitForSelector('[data-testid=account-name]');
  await page.fill('[data-testid=account-name]', 'tao');
  await page.fill('[data-testid=account-password]', 'tao password');
  await page.click('[data-testid=sign-in]');
  await page.waitForSelector('[data-testid=account-me]');
  await page.click('[data-testid=account-settings] summary');
  assert.equal(await page.inputValue('[data-testid=delete-password]'), '', 'no password kept');
  assert.equal(await page.isDisabled('[data-testid=delete-account]'), true);
  await page.fill('[data-testid=delete-password]', 'tao password');
  await page.click('[data-testid=delete-account]');
  assert.match(await page.textContent('[data-testid=delete-account]'), /永久删除/);
  await page.click('[data-testid=delete-account]');
  await page.waitForSelector('[data-testid=account-name]');
  await page.fill('[data-testid=account-name]', 'tao');
  await page.fill('[data-testid=account-password]', 'tao password 2');
  await page.click('[data-testid=sign-up]');
  await page.waitForFunction(() => /已被使用/.test(document.querySelector('[data-testid=notice]')?.textContent ?? ''));
  // The refusals this test asks for (a wrong password, a name taken) are the browser's failed loads; nothing else.
  assert.deepEqual(errors.filter((e) => !/status of (401|409)/.test(e)), []);
  await context.close();
});

test('an open challenge is listed to another account, accepted, and both play it with the colours it named; a page gone withdraws its own', async () => {
  const a = await onlinePage();
  const b = await onlinePage();
  await signUp(a.page, 'uma', 'uma password');
  await signUp(b.page, 'vic', 'vic password');
  // Uma opens a casual 10+5 challenge, playing White, for ratings within ±200 of hers.
  await a.page.click('[data-testid=challenge-form] summary');
  await a.page.uncheck('[data-testid=seek-rated]');
  await a.page.selectOption('[data-testid=challenge-clock]', '3');
  await a.page.selectOption('[data-testid=challenge-color]', 'white');
  await a.page.selectOption('[data-testid=challenge-range]', '200');
  await a.page.click('[data-testid=open-challenge]');
  await a.page.waitForSelector('[data-testid=challenges] li[data-name=uma] [data-testid=withdraw-challenge]');
  // Vic sees it and accepts.
  const row = '[data-testid=challenges] li[data-name=uma]';
  await b.page.waitForSelector(row);
  assert.match(await b.page.textContent(row), /uma \(1500\?\) · 10\+5 rapid · casual · you play black · 1300–1700/);
  await b.page.click(`${row} [data-testid=accept-challenge]`);
  for (const { page } of [a, b]) {
    await page.waitForSelector('[data-testid=screen-play][aria-current=page]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid=online-game] [data-testid=seat-white]');
  }
  assert.match(await a.page.getAttribute('[data-testid=seat-white]', 'class'), /you/);
  assert.match(await b.page.getAttribute('[data-testid=seat-black]', 'class'), /you/);
  assert.equal(await a.page.$('[data-testid=rated-game]'), null, 'casual');
  // Vic opens one, and his page goes: Uma's list no longer has it.
  await showScreen(a.page, 'online');
  await showScreen(b.page, 'online');
  await b.page.click('[data-testid=challenge-form] summary');
  await b.page.click('[data-testid=open-challenge]');
  await a.page.waitForSelector('[data-testid=challenges] li[data-name=vic]');
  await b.context.close();
  await a.page.waitForSelector('[data-testid=challenges] li[data-name=vic]', { state: 'detached' });
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context.close();
});

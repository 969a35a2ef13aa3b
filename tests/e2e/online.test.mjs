// Online play through a real `reversi serve` (loopback, a temporary database): two people on two screens, a
// reload mid-game, the server stopped and started again mid-game on the same database, a watcher, a bot
// connected with `reversi bot`, a tournament's standings, and axe on the online game and the lobby.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { REVERSI, audit, launchBrowser, openPage, painted, serveDist, serveReversi, shown, showScreen } from './harness.mjs';

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

/** Creates an online game through the new-game form; resolves once its box shows. */
async function create(page, { name, color = 'black', opponent = '', clock = '' }) {
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-online]');
  await page.waitForSelector('[data-testid=online-name]');
  await page.fill('[data-testid=online-name]', name);
  await page.selectOption('[data-testid=online-color]', color);
  if (opponent) await page.selectOption('[data-testid=online-opponent]', opponent);
  if (clock) await page.click('[data-testid=clock-custom]');
  if (clock) await page.selectOption('[data-testid=clock]', clock);
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=online-game] [data-testid=seat-black]');
}

/** The discs on the board (placements + 4). */
async function total(page) {
  const { black, white } = await shown(page);
  return Number(black) + Number(white);
}

/**
 * Waits until every page shows `n` discs or more (a bot may have replied already). When one does not, the error
 * says what that page showed: its status line, its notice and its online box.
 */
async function allShow(pages, n) {
  for (const page of pages) {
    try {
      await page.waitForFunction(
        (n) => Number(document.querySelector('[data-testid=count-black]')?.textContent) + Number(document.querySelector('[data-testid=count-white]')?.textContent) >= n,
        n,
        { timeout: 10_000 },
      );
    } catch (error) {
      const seen = await page.evaluate(() =>
        ['count-black', 'count-white', 'status', 'notice', 'online-game', 'transcript']
          .map((id) => `${id}: ${document.querySelector(`[data-testid=${id}]`)?.textContent ?? '(none)'}`)
          .join(' | '),
      );
      throw new Error(`${n} discs never shown (${seen})`, { cause: error });
    }
  }
}

/**
 * The seat to move plays one of its legal moves (the `pick`-th, wrapped); resolves once `pages` all show it. As a
 * person would, it waits until its page is connected: the moves are shown while "Connecting…" (a game just
 * made opens its socket after its page has the game), but a move then is refused with "Not connected".
 */
async function playOne(players, pages, pick) {
  for (let tries = 0; tries < 50; tries++) {
    for (const page of players) {
      await page.waitForSelector('[data-testid=connection]', { state: 'detached', timeout: 20_000 });
      const { legal } = await shown(page);
      if (legal.length > 0) {
        const before = await total(page);
        await page.click(`[data-square=${legal[pick % legal.length]}]`);
        await allShow(pages, before + 1);
        return true;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * Opens an invitation on `page`: the page asks the name to play under first (the one kept on the device filled
 * in), then claims the seat under it.
 */
async function join(page, name) {
  await page.waitForSelector('[data-testid=invite-dialog]');
  await page.fill('[data-testid=invite-name]', name);
  await page.click('[data-testid=invite-join]');
}

/** A friend's game: `a` creates it as black, `b` opens the invitation; resolves once both are seated. */
async function friends(name) {
  const a = await openPage(browser, server.url);
  await create(a.page, { name: `${name}A`, color: 'black' });
  const invite = await a.page.inputValue('[data-testid=invite-link]');
  assert.match(invite, /\/\?online=[0-9a-f]+&invite=[0-9a-f]+$/);
  const b = await openPage(browser, invite);
  await join(b.page, `${name}B`);
  await b.page.waitForSelector('[data-testid=seat-white].you');
  // The name asked is the one the opponent sees.
  await a.page.waitForSelector(`[data-testid=seat-white]:has-text("${name}B")`);
  await a.page.waitForSelector('[data-testid=conn-white]:has-text("connected")');
  return { a, b, id: new URL(invite).searchParams.get('online') };
}

test('two people play a whole game on two screens; one reloads mid-game and returns to its seat', async () => {
  const { a, b } = await friends('ann');
  // The invitation's address became the game's own (a reload comes back to the seat, not the invitation).
  assert.match(b.page.url(), /\?online=[0-9a-f]+$/);
  assert.equal(await a.page.$('[data-testid=invite-link]'), null, 'the friend joined: no invitation left');
  // Black's moves are black's: white sees none to click.
  assert.ok((await shown(a.page)).legal.length > 0);
  assert.deepEqual((await shown(b.page)).legal, []);
  // No engine's help nor taking back on a player's screen while the game is played.
  for (const page of [a.page, b.page]) {
    // The analysis switch too, disabled like undo and the hint (issue 77).
    for (const id of ['undo', 'hint', 'analyse']) assert.ok(await page.$eval(`[data-testid=${id}]`, (e) => e.disabled), id);
    await showScreen(page, 'analyse');
    assert.equal(await page.$('[data-testid=analysis-room]'), null);
    assert.ok(await page.$('[data-testid=analysis-waits]'), 'the analysis screen says it waits for the end');
    assert.equal(await page.$eval('[data-testid=analyse]', (e) => e.checked), false);
  }
  let pages = [a.page, b.page];
  let plies = 0;
  while (await playOne(pages, pages, plies)) {
    plies += 1;
    if (plies === 10) {
      await b.page.reload();
      await b.page.waitForSelector('[data-testid=seat-white].you');
      await allShow(pages, 14);
      assert.equal(await b.page.$('[data-testid=waiting-friend]'), null);
    }
    if (await a.page.$('[data-testid=online-result]')) break;
  }
  assert.ok(plies > 20, `${plies} moves`);
  await a.page.waitForSelector('[data-testid=online-result]');
  await b.page.waitForSelector('[data-testid=online-result]');
  assert.equal(await a.page.textContent('[data-testid=online-result]'), await b.page.textContent('[data-testid=online-result]'));
  assert.deepEqual((await shown(a.page)).discs, (await shown(b.page)).discs);
  // Over: the analysis room and the review are back.
  await showScreen(a.page, 'analyse');
  await a.page.waitForSelector('[data-testid=analysis-room]');
  assert.equal(await a.page.$eval('[data-testid=analyse]', (e) => e.disabled), false);
  assert.equal(await a.page.$eval('[data-testid=online-review]', (e) => e.disabled), false);
  // The finished game is a game of one's own: the review starts on it; a rematch swaps the colours.
  await a.page.click('[data-testid=rematch]');
  await b.page.waitForSelector('[data-testid=rematch-state]');
  await b.page.click('[data-testid=rematch]');
  await a.page.waitForSelector('[data-testid=seat-white].you');
  await b.page.waitForSelector('[data-testid=seat-black].you');
  await allShow(pages, 4);
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await a.context.close();
  await b.context.close();
});

test('the creator reloads while the friend is awaited: the invitation is there again, and still claims the seat', async () => {
  const a = await openPage(browser, server.url);
  await create(a.page, { name: 'fay', color: 'white' });
  const invite = await a.page.inputValue('[data-testid=invite-link]');
  await a.page.reload();
  await a.page.waitForSelector('[data-testid=seat-white].you');
  assert.equal(await a.page.inputValue('[data-testid=invite-link]'), invite);
  // Opened and left for now: no seat is claimed, the page's own game stays.
  const c = await openPage(browser, invite);
  await c.page.waitForSelector('[data-testid=invite-dialog]');
  assert.deepEqual(await audit(c.page), [], 'the invitation dialog passes axe');
  await c.page.click('[data-testid=invite-cancel]');
  await c.page.waitForSelector('[data-testid=invite-dialog]', { state: 'detached' });
  assert.equal(await c.page.$('[data-testid=online-game]'), null);
  await c.context.close();
  const b = await openPage(browser, invite);
  await join(b.page, 'gus');
  await b.page.waitForSelector('[data-testid=seat-black].you');
  await a.page.waitForSelector('[data-testid=waiting-friend]', { state: 'detached' });
  await a.context.close();
  await b.context.close();
});

test("every refusal of the server reaches the Chinese page in Chinese, and the seat's token never in an address", async () => {
  // The real server's socket, passed through; the test speaks as the server in between.
  const { page, context, errors } = await openPage(browser, server.url);
  const sockets = [];
  const addresses = [];
  await page.routeWebSocket(/\/api\/games\/[^/]+\/live/, (ws) => {
    addresses.push(ws.url());
    const real = ws.connectToServer();
    ws.onMessage((m) => real.send(m));
    real.onMessage((m) => ws.send(m));
    sockets.push(ws);
  });
  await page.selectOption('[data-testid=language]', 'zh-CN');
  await painted(page);
  await create(page, { name: 'zed', color: 'black' });
  await page.waitForFunction(() => !document.querySelector('[data-testid=connection]'), null, { timeout: 20_000 });
  assert.ok(addresses.length > 0 && addresses.every((a) => !a.includes('token')), addresses.join(' '));
  const ws = sockets.at(-1);
  // Every code the protocol has (crates/protocol's ErrorCode), the two that end the seat or the game last.
  const codes = ['bad_request', 'bad_invite', 'not_started', 'not_your_turn', 'stale_ply', 'illegal_move', 'game_over', 'bad_name',
    'name_taken', 'rate_limited', 'too_many_connections', 'bad_origin', 'storage', 'account_exists', 'bad_password',
    'sign_in_failed', 'not_signed_in', 'bad_token', 'challenge_gone',
    'out_of_range', 'a_code_of_a_newer_server', 'not_a_seat', 'not_found'];
  const said = new Set();
  for (const code of codes) {
    const before = await page.evaluate(() => document.querySelector('[data-testid=notice]')?.textContent ?? '');
    ws.send(JSON.stringify({ type: 'error', error: code, message: 'English words of the server' }));
    await page.waitForFunction((b) => (document.querySelector('[data-testid=notice]')?.textContent ?? '') !== b, before, { timeout: 10_000 });
    const notice = (await page.textContent('[data-testid=notice]')).replace('×', '');
    assert.ok(/[\u4e00-\u9fff]/.test(notice), `${code}: ${notice}`);
    assert.ok(!/[A-Za-z]/.test(notice), `${code} shows English: ${notice}`);
    said.add(notice);
  }
  assert.equal(said.size, codes.length, 'each code its own words');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the server stopped and started again mid-game: a move is refused meanwhile, both pages reconnect and the game goes on', async () => {
  const { a, b } = await friends('cid');
  const pages = [a.page, b.page];
  for (let i = 0; i < 4; i++) assert.ok(await playOne(pages, pages, i));
  const before = await shown(a.page);
  const listen = new URL(server.url).host;
  await server.close({ keep: true });
  await a.page.waitForSelector('[data-testid=connection]');
  await b.page.waitForSelector('[data-testid=connection]');
  // The banner says a move cannot be sent (not that it waits), and neither page repeats the server's last
  // word: its own seat is the one reconnecting, the other's presence is not known.
  await a.page.waitForSelector('[data-testid=connection]:has-text("reconnecting")');
  assert.match(await a.page.textContent('[data-testid=connection]'), /A move cannot be sent until it is back/);
  assert.equal(await a.page.textContent('[data-testid=conn-black]'), 'reconnecting…');
  assert.equal(await a.page.textContent('[data-testid=conn-white]'), 'not known while you are offline');
  assert.equal(await b.page.textContent('[data-testid=conn-white]'), 'reconnecting…');
  assert.equal(await b.page.textContent('[data-testid=conn-black]'), 'not known while you are offline');
  // Black to move (four plies played): the move is refused with a word, the board unchanged.
  const legal = before.legal;
  assert.ok(legal.length > 0);
  await a.page.click(`[data-square=${legal[0]}]`);
  await a.page.waitForSelector('[data-testid=notice]');
  assert.match(await a.page.textContent('[data-testid=notice]'), /Not connected/);
  assert.deepEqual((await shown(a.page)).discs, before.discs);
  server = await serveReversi({ folder: server.folder, listen });
  await a.page.waitForSelector('[data-testid=connection]', { state: 'detached', timeout: 20_000 });
  await b.page.waitForSelector('[data-testid=connection]', { state: 'detached', timeout: 20_000 });
  assert.deepEqual((await shown(a.page)).discs, before.discs, 'nothing lost');
  assert.ok(await playOne(pages, pages, 0));
  await allShow(pages, 9);
  await a.context.close();
  await b.context.close();
});

test('a third screen watches live, read-only, with the analysis on its own screen', async () => {
  const { a, b, id } = await friends('dee');
  const c = await openPage(browser, `${server.url}?watch=${id}`);
  await c.page.waitForSelector('[data-testid=online-game] h2:has-text("Watching")');
  const pages = [a.page, b.page, c.page];
  for (let i = 0; i < 3; i++) assert.ok(await playOne([a.page, b.page], pages, i));
  assert.deepEqual((await shown(c.page)).legal, [], 'a watcher has no moves to click');
  await c.page.click('[data-square=a1]');
  assert.match(await c.page.textContent('[data-testid=notice]'), /watching/);
  await a.page.waitForSelector('[data-testid=watchers]');
  // The analysis is the watcher's own: it runs on its screen, and the players' boards are unchanged.
  await c.page.click('[data-testid=analyse]');
  await c.page.waitForSelector('[data-testid=top-line]', { timeout: 30_000 });
  await allShow(pages, 7);
  // White's page closes: the other screens say white is away.
  await b.context.close();
  await a.page.waitForSelector('[data-testid=conn-white]:has-text("reconnecting")');
  await c.page.waitForSelector('[data-testid=conn-white]:has-text("reconnecting")');
  for (const ctx of [a, c]) await ctx.context.close();
});

test('a bot connected with `reversi bot` is in the lobby, and a person plays it through the server', async () => {
  const port = new URL(server.url).port;
  const bot = spawn(REVERSI, ['bot', '--url', `ws://127.0.0.1:${port}/ws`, '--name', 'e2ebot', '--level', '1', '--move-time-ms', '200'], { stdio: 'ignore' });
  try {
    const { page, context, errors } = await openPage(browser, server.url);
    await showScreen(page, 'online');
    await page.waitForSelector('[data-testid=lobby-bots] [data-bot=e2ebot]', { timeout: 15_000 });
    await page.click('[data-testid=lobby-bots] [data-bot=e2ebot] [data-testid=play-bot]');
    await page.waitForSelector('[data-testid=online-game] [data-testid^=seat-]:has-text("e2ebot")');
    // Whichever colour the server drew, the person's moves and the bot's replies follow one another.
    for (let i = 0; i < 3; i++) {
      await page.waitForSelector('[data-legal=true]', { timeout: 15_000 });
      const n = await total(page);
      assert.ok(await playOne([page], [page], i));
      await allShow([page], n + 1);
    }
    assert.ok((await total(page)) >= 7);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    bot.kill();
  }
});

test("a tournament's standings change in the lobby as its games end", async () => {
  // A connected bot that takes its time (the server's engine alone finishes a round robin before a page opens).
  const port = new URL(server.url).port;
  const bot = spawn(REVERSI, ['bot', '--url', `ws://127.0.0.1:${port}/ws`, '--name', 'cupbot', '--level', '10', '--move-time-ms', '250'], { stdio: 'ignore' });
  try {
    const { page, context, errors } = await openPage(browser, server.url);
    await showScreen(page, 'online');
    await page.waitForSelector('[data-testid=lobby-bots] [data-bot=cupbot]', { timeout: 15_000 });
    const created = await fetch(`${server.url}api/tournaments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'e2e-cup', bots: ['cupbot', 'house-1'] }),
    });
    assert.equal(created.status, 201);
    const { id } = await created.json();
    await page.waitForSelector(`[data-tournament="${id}"]`, { timeout: 10_000 });
    await page.click(`[data-tournament="${id}"] [data-testid=standings]`);
    await page.waitForSelector('[data-testid=standings-table] tbody tr');
    const played = () =>
      page.$$eval('[data-testid=standings-table] tbody tr', (rows) =>
        rows.map((r) => r.querySelector('td:last-child').textContent.split('–').reduce((s, n) => s + Number(n), 0)).reduce((s, n) => s + n, 0),
      );
    assert.equal(await played(), 0, 'no game finished yet');
    // Its games are being played: one is watchable from here.
    await page.waitForSelector('[data-testid=tournament-games] [data-testid=watch-game]');
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid=standings-table] tbody tr')]
        .map((r) => r.querySelector('td:last-child').textContent.split('–').reduce((s, n) => s + Number(n), 0))
        .reduce((s, n) => s + n, 0) > 0,
      null,
      { timeout: 60_000 },
    );
    assert.ok((await played()) > 0);
    // A finished game opens on the analysis board.
    await page.click('[data-testid=analyse-game]');
    await painted(page);
    assert.ok((await total(page)) > 4);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    bot.kill();
  }
});

test('axe finds nothing serious on the online game and the lobby, in both colour schemes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const { a, b } = await friends(`axe${colorScheme}`);
    await a.page.emulateMedia({ colorScheme });
    await showScreen(a.page, 'online');
    await a.page.waitForSelector('[data-testid=lobby-bots]');
    assert.deepEqual(await audit(a.page), [], colorScheme);
    await a.context.close();
    await b.context.close();
  }
});

test("on a phone, an online game with a clock shows the board and both clocks on the first screen, the clocks running on the server's time", async () => {
  const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
  const a = await openPage(browser, server.url, phone);
  await create(a.page, { name: 'eve', color: 'black', clock: '1' });
  const invite = await a.page.inputValue('[data-testid=invite-link]');
  const b = await openPage(browser, invite, phone);
  await join(b.page, 'hal');
  await b.page.waitForSelector('[data-testid=seat-white].you');
  await a.page.waitForSelector('[data-testid=waiting-friend]', { state: 'detached' });
  for (const page of [a.page, b.page]) {
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const id of ['board', 'clock-black', 'clock-white']) {
      const box = await page.locator(`[data-testid=${id}]`).first().boundingBox();
      assert.ok(box && box.y + box.height <= 740, `${id} below the first screen: ${JSON.stringify(box)}`);
    }
  }
  // Black's clock runs on both screens; white's stays.
  const ms = (page, side) => page.$eval(`[data-testid=clock-${side}]`, (c) => Number(c.dataset.ms));
  const start = await ms(b.page, 'black');
  await b.page.waitForFunction((start) => Number(document.querySelector('[data-testid=clock-black]')?.dataset.ms) < start - 1000, start);
  assert.equal(await ms(b.page, 'white'), 60_000);
  await a.context.close();
  await b.context.close();
});

test('on a page not served by `reversi serve`, the online choice says how to run it and the rest of the page works', async () => {
  const host = await serveDist();
  try {
    const { page, context, errors } = await openPage(browser, host.url);
    await page.click('[data-testid=new-game]');
    await page.click('[data-testid=mode-online]');
    await page.waitForSelector('[data-testid=online-needs-server]');
    assert.match(await page.textContent('[data-testid=online-needs-server]'), /reversi serve/);
    assert.ok(await page.$eval('[data-testid=start]', (b) => b.disabled));
    assert.equal(await page.$('[data-testid=lobby]'), null);
    await page.click('[data-testid=mode-hvh]');
    await page.click('[data-testid=start]');
    await page.click('[data-square=f5]');
    await page.waitForSelector('[data-square=f5][data-disc=black]');
    assert.deepEqual(errors, [], 'no request of the page fails on a static host');
    await context.close();
  } finally {
    await host.close();
  }
});

test('a long name of wide letters stays inside a 375-px phone and the desktop, in both languages', async () => {
  const wide = 'W'.repeat(32);
  for (const [viewport, mobile] of [[{ width: 375, height: 812 }, true], [{ width: 1280, height: 800 }, false]]) {
    const a = await openPage(browser, server.url, { viewport, isMobile: mobile, hasTouch: mobile });
    await create(a.page, { name: wide, color: 'black' });
    await a.page.waitForSelector(`[data-testid=seat-black]:has-text("${wide.slice(0, 4)}")`);
    for (const lang of ['en', 'zh-CN']) {
      await a.page.selectOption('[data-testid=language]', lang);
      await painted(a.page);
      const width = await a.page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `${lang} page ${width} px wide in ${viewport.width}`);
      for (const id of ['seat-black', 'status']) {
        const box = await a.page.locator(`[data-testid=${id}]`).first().boundingBox();
        assert.ok(box.x + box.width <= viewport.width + 1, `${id} runs to ${box.x + box.width} in ${viewport.width} (${lang})`);
      }
    }
    await a.context.close();
  }
});

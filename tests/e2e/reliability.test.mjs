// Browser tests of the reliability fixes: typing in a text field fires no shortcut, saved data that cannot
// be read is kept (never overwritten), the valid part of a damaged save is restored, and a game replaced by
// an import or a shared link is one click away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { painted, discs, legal, newGame, openMore, openPage, play, text, useServerAndBrowser, showScreen } from './harness.mjs';

const env = useServerAndBrowser();

test('typing a transcript in the import box fires no shortcut', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6']);
  await openMore(page);
  await page.focus('[data-testid=import-text]');
  // u (undo), r (redo), h (hint), n (new game) and the arrows are text here.
  await page.keyboard.type('nurh h8');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.inputValue('[data-testid=export-transcript]'), 'f5d6', 'no undo, no new game');
  assert.equal(await page.inputValue('[data-testid=import-text]'), 'nurh h8');
  assert.equal(await page.$('[data-testid=mode]'), null, 'the new-game form did not open');
  await page.waitForTimeout(500);
  assert.equal(await page.$('.square.hint'), null, 'no hint was asked for');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an unreadable save is kept and can be copied; a damaged one restores its valid moves', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  await painted(page);
  const good = await page.evaluate(() => localStorage.getItem('reversi.autosave'));
  // A save from a newer version: a new game, and the data kept as it was, even after the next autosave.
  const newer = good.replace(/"version":\d+/, '"version":7');
  await page.evaluate((t) => localStorage.setItem('reversi.autosave', t), newer);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.match(await text(page, 'notice'), /newer version/);
  assert.match(await text(page, 'notice'), /reversi\.autosave\.unreadable/);
  // The first visit's reload (the service worker taking over) keeps the notice: the autosave was written
  // anew meanwhile, the unreadable copy is told of again, once.
  await page.waitForFunction(() => localStorage.getItem('reversi.autosave') !== null && !localStorage.getItem('reversi.autosave').includes('"version":7'));
  await page.evaluate(() => sessionStorage.setItem('reversi.isolating', '1'));
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.match(await text(page, 'notice'), /newer version/);
  assert.match(await text(page, 'notice'), /reversi\.autosave\.unreadable/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('[data-testid=copy-backup]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), newer);
  await page.click('[data-square=f5]');
  // The AI answers (its move is autosaved) before the next step writes the storage.
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent.length === 4);
  await painted(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.autosave.unreadable')), newer);

  // One bad move: the moves before it come back, and the whole save is kept aside too.
  const damaged = good.replace('"moves":"f5d6c3"', '"moves":"f5d6a1"');
  await page.evaluate((t) => localStorage.setItem('reversi.autosave', t), damaged);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'f5d6');
  assert.match(await text(page, 'notice'), /Only the first moves/);
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.autosave.unreadable-2')), damaged);

  // Data damaged while the page runs (by hand, or by another program) is kept aside before the next autosave
  // writes over it.
  const broken = '{"version":1,"mode":';
  await page.evaluate((t) => localStorage.setItem('reversi.autosave', t), broken);
  await page.click(`[data-square=${(await legal(page))[0]}]`);
  await page.waitForFunction((t) => localStorage.getItem('reversi.autosave') !== t, broken);
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.autosave.unreadable-3')), broken);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setting that cannot be read falls back to its default and the game stays on the board, in both languages', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  await painted(page);
  const good = await page.evaluate(() => localStorage.getItem('reversi.autosave'));
  // The analysis depth as -1, then as a string: the game stays, the depth falls back to its default.
  const cases = [
    [good.replace(/"analyse_depth":\d+/, '"analyse_depth":-1'), /analysis depth/, 'en'],
    [good.replace(/"analyse_depth":\d+/, '"analyse_depth":"8"'), /分析深度/, 'zh-CN'],
  ];
  for (const [index, [bad, words, language]] of cases.entries()) {
    assert.notEqual(bad, good);
    await page.selectOption('[data-testid=language]', language);
    await painted(page);
    await page.evaluate((t) => localStorage.setItem('reversi.autosave', t), bad);
    await page.reload();
    await page.waitForSelector('[data-testid=board]');
    assert.equal(await text(page, 'transcript'), 'f5d6c3');
    assert.match(await text(page, 'notice'), words);
    const key = index === 0 ? 'reversi.autosave.unreadable' : 'reversi.autosave.unreadable-2';
    assert.match(await text(page, 'notice'), new RegExp(key.replace(/\./g, '\\.')));
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), bad);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a full storage never lets the autosave write over unreadable data without a copy or a say', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  await painted(page);
  // Unreadable data in the autosave's place, and the storage filled to within a few characters with one large
  // item and its halves: no copy of the data fits.
  const unreadable = '{' + 'x'.repeat(3000);
  await page.evaluate((t) => {
    localStorage.setItem('reversi.autosave', t);
    let size = 1 << 22;
    let i = 0;
    while (size >= 8) {
      try {
        localStorage.setItem(`filler-${i}`, 'x'.repeat(size));
        i += 1;
      } catch {
        size >>= 1;
      }
    }
  }, unreadable);
  await page.reload();
  await page.waitForSelector('[data-testid=board]');
  // The next autosave does not write over it: the page says so and holds the save.
  await page.waitForFunction(() => /not being saved/.test(document.querySelector('[data-testid=notice]')?.textContent ?? ''));
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6']);
  await painted(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi.autosave')), unreadable);
  assert.match(await text(page, 'notice'), /storage is full/);
  // The person's say: written over by the next change.
  await page.click('[data-testid=write-over]');
  await play(page, ['c3']);
  await page.waitForFunction(() => localStorage.getItem('reversi.autosave').startsWith('{"version"'));
  assert.match(await page.evaluate(() => localStorage.getItem('reversi.autosave')), /"moves":"f5d6c3"/);
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('filler-')) localStorage.removeItem(key);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a click on a panel drawn for the position before acts on nothing once the board has moved on', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  await showScreen(page, 'analyse');
  await page.click('[data-testid=explorer-toggle]');
  await page.waitForSelector('[data-testid=explorer-move][data-move=d3]');
  // White plays f3 on the board and, in the same task (before anything is drawn again), clicks the explorer's
  // row d3 of the position before: d3 is legal for black after f3 too, and must not be played.
  await page.evaluate(() => {
    document.querySelector('[data-square=f3]').click();
    document.querySelector('[data-testid=explorer-move][data-move=d3] button').click();
  });
  await painted(page);
  assert.equal(await text(page, 'transcript'), 'f5d6c3f3');
  // The same row, drawn anew for the new position, plays as before.
  await page.waitForSelector('[data-testid=explorer-move]');
  const row = await page.$eval('[data-testid=explorer-move] button:not([disabled])', (b) => b.textContent);
  await page.click(`[data-testid=explorer-move][data-move=${row}] button`);
  await painted(page);
  assert.equal(await text(page, 'transcript'), `f5d6c3f3${row}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an import or a shared link keeps the replaced game one click away; an empty import changes nothing', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6', 'c3']);
  const mine = await discs(page);
  await openMore(page);
  await page.fill('[data-testid=import-text]', '   ');
  await page.click('[data-testid=import]');
  assert.match(await text(page, 'notice'), /Nothing to import/);
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'e6f4');
  await page.click('[data-testid=import]');
  assert.equal(await text(page, 'transcript'), 'e6f4');
  await page.click('[data-testid=bring-back]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  assert.deepEqual(await discs(page), mine);

  // A link pasted into this tab's address bar changes only the fragment: it opens too.
  await page.evaluate(() => {
    location.hash = '#t=d3c5';
  });
  await page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'd3c5');
  assert.match(await text(page, 'notice'), /kept/);
  await page.click('[data-testid=bring-back]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');

  // A shared link opened in the same browser replaces the game at load; it is kept across the reload.
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#t=c4c3`);
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'c4c3');
  await openMore(page);
  await page.click('[data-testid=previous-game]');
  assert.equal(await text(page, 'transcript'), 'f5d6c3');
  // A link with spaces (percent-encoded by the browser) opens too.
  await page.goto('about:blank');
  await page.goto(`${env.server.url}#t=f5 d6`);
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await text(page, 'transcript'), 'f5d6');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an editor set-up with no move played, replaced by an import, is brought back', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await openMore(page);
  await page.click('[data-testid=edit-position]');
  // FFO #40, black to move: set up and started, no move played.
  await page.fill('[data-testid=position-text]', 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
  await page.click('[data-testid=position-read]');
  await page.click('[data-testid=editor-play]');
  const setUp = await discs(page);
  assert.equal(setUp.a1, 'white');
  await openMore(page);
  await page.fill('[data-testid=import-text]', 'e6f4');
  await page.click('[data-testid=import]');
  assert.equal(await text(page, 'transcript'), 'e6f4');
  await page.click('[data-testid=bring-back]');
  assert.deepEqual(await discs(page), setUp);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the explorer and a puzzle load whatever the address holds: a query, a fragment, the page named', async () => {
  for (const address of ['?workers=2', '?x=1#t=f5d6', 'index.html']) {
    const { page, context, errors } = await openPage(env.browser, env.server.url + address);
    await newGame(page, { mode: 'hvh' });
    await showScreen(page, 'analyse');
    await page.click('[data-testid=explorer-toggle]');
    await page.waitForSelector('[data-testid=explorer-move]');
    await openMore(page);
    await page.click('[data-testid=screen-train]');
    await page.click('[data-testid=start-puzzles]');
    await page.waitForSelector('[data-testid=puzzle]');
    assert.deepEqual(errors, [], address);
    await context.close();
  }
  assert.deepEqual(env.server.missing, []);
});

test('every unreadable training progress is kept aside, and a storage that refuses the copy is told', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await page.waitForSelector('[data-testid=board]');
  const openRoom = async () => {
    await openMore(page);
    await page.click('[data-testid=screen-train]');
    await page.waitForSelector('[data-testid=progress-lost]');
  };
  // Under the key of the older scheme (still read while the new one holds nothing), then under the new one.
  for (const [key, bad] of [
    ['reversi-training-v1', '{"version":1,'],
    ['reversi.training', 'not json'],
  ]) {
    await page.evaluate(([k, t]) => {
      localStorage.removeItem('reversi.training');
      localStorage.setItem(k, t);
    }, [key, bad]);
    await page.reload();
    await openRoom();
    assert.match(await text(page, 'progress-lost'), /a copy was kept/);
  }
  const kept = await page.evaluate(() => [
    localStorage.getItem('reversi.training.unreadable'),
    localStorage.getItem('reversi.training.unreadable-2'),
  ]);
  assert.deepEqual(kept, ['{"version":1,', 'not json'], 'the first copy is not written over');
  assert.match(await text(page, 'progress-lost'), /reversi\.training\.unreadable-2/);
  // The progress is written under the new key only: the older key, read once, is gone.
  assert.equal(await page.evaluate(() => localStorage.getItem('reversi-training-v1')), null);
  assert.deepEqual(errors, []);
  await context.close();

  // A full storage: the page says that no copy could be kept.
  const full = await openPage(env.browser, env.server.url, {
    init: () => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.includes('unreadable')) throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('reversi-training-v1', 'x'.repeat(1000));
      }
    },
  });
  await openMore(full.page);
  await full.page.click('[data-testid=screen-train]');
  await full.page.waitForSelector('[data-testid=progress-lost]');
  assert.match(await text(full.page, 'progress-lost'), /no copy of it could be kept/);
  assert.deepEqual(full.errors, []);
  await full.context.close();
});

test('two tabs playing at once keep both games, and a slot is not overwritten unseen', async () => {
  const context = await env.browser.newContext();
  const errors = [];
  const open = async () => {
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(String(err)));
    await page.goto(env.server.url);
    await page.waitForSelector('[data-testid=board]');
    return page;
  };
  const a = await open();
  await newGame(a, { mode: 'hvh' });
  await play(a, ['f5', 'd6']);
  const b = await open();
  assert.equal(await text(b, 'transcript'), 'f5d6', 'a new tab opens the last game');
  await newGame(b, { mode: 'hvh' });
  await play(b, ['c4', 'c3']);
  // Each tab is brought to the front before it is played, as a person switches tabs (a tab behind another
  // gets no animation frame, and each click waited for one).
  await a.bringToFront();
  await play(a, ['c3']);

  // Tab A's slot panel was open before tab B saved into slot 1: A's save is refused, B's kept.
  await openMore(a);
  await a.click('.slots summary');
  await b.bringToFront();
  await openMore(b);
  await b.click('.slots summary');
  await openMore(b);
  await b.click('[data-testid=slot-save-1]');
  const saved = await b.evaluate(() => localStorage.getItem('reversi.slot.1'));
  await a.bringToFront();
  await openMore(a);
  await a.click('[data-testid=slot-save-1]');
  await a.waitForSelector('[data-testid=slot-refused-1]');
  assert.equal(await a.evaluate(() => localStorage.getItem('reversi.slot.1')), saved);
  await a.close();
  await b.close();

  // Both games are there for the next visit: one on the board, the other one click away.
  const c = await open();
  const games = [await text(c, 'transcript')];
  await openMore(c);
  await c.click('[data-testid=previous-game]');
  games.push(await text(c, 'transcript'));
  assert.deepEqual(games.sort(), ['c4c3', 'f5d6c3']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a megabyte pasted or stored in a slot is refused without a freeze of the page', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url);
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6']);
  await openMore(page);
  // Set without typing (a megabyte of key presses would measure Playwright, not the page).
  await page.evaluate(() => {
    document.querySelector('[data-testid=import-text]').value = 'f5'.repeat(500_000);
  });
  const importMs = await page.evaluate(() => {
    const started = performance.now();
    document.querySelector('[data-testid=import]').click();
    return performance.now() - started;
  });
  assert.match(await text(page, 'notice'), /move 2/);
  assert.equal(await text(page, 'transcript'), 'f5d6', 'the game on the board stays');
  // A slot holding a megabyte of moves: the list opens and shows it as unreadable.
  await openMore(page);
  await page.click('.slots summary');
  await openMore(page);
  await page.click('[data-testid=slot-save-2]');
  await openMore(page);
  await page.click('.slots summary');
  await page.evaluate(() => {
    const slot = JSON.parse(localStorage.getItem('reversi.slot.2'));
    slot.game.moves = 'f5'.repeat(500_000);
    localStorage.setItem('reversi.slot.2', JSON.stringify(slot));
  });
  await openMore(page);
  const panelMs = await page.evaluate(async () => {
    const started = performance.now();
    document.querySelector('.slots summary').click();
    await new Promise((ok) => setTimeout(ok, 0));
    return performance.now() - started;
  });
  await page.waitForSelector('[data-testid=slot-2]');
  assert.match(await text(page, 'slot-2'), /unreadable/);
  console.log(`import of 1 MB: ${importMs.toFixed(1)} ms; slot panel with a 1 MB slot: ${panelMs.toFixed(1)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a save the storage refuses says so, and the slot and the game stay as they were', async () => {
  const { page, context, errors } = await openPage(env.browser, env.server.url, {
    init: () => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith('reversi.slot')) throw new DOMException('full', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    },
  });
  await newGame(page, { mode: 'hvh' });
  await play(page, ['f5', 'd6']);
  await openMore(page);
  await page.click('.slots summary');
  await openMore(page);
  await page.click('[data-testid=slot-save-4]');
  assert.match(await text(page, 'slot-refused-4'), /storage refused/);
  assert.match(await text(page, 'slot-4'), /empty/);
  assert.equal(await text(page, 'transcript'), 'f5d6');
  assert.deepEqual(errors, []);
  await context.close();
});

/** A page whose storage refuses every write once `full(page)` is called (as a full one does), across reloads. */
async function fillable(options = {}) {
  return openPage(env.browser, env.server.url, {
    ...options,
    init: () => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (this === localStorage && sessionStorage.getItem('storage-full') === '1') {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };
    },
  });
}
const full = (page) => page.evaluate(() => sessionStorage.setItem('storage-full', '1'));
const told = (page, words) =>
  page.waitForFunction((w) => document.querySelector('[data-testid=notice]')?.textContent.includes(w), words, { timeout: 10_000 });

test('a full storage says what it does not keep: a move, a variation, a game put aside', async () => {
  // A move: said, and after a reload the game is as last saved (as the notice said it would be).
  const a = await fillable();
  await newGame(a.page, { mode: 'hvh' });
  await play(a.page, ['f5']);
  await painted(a.page);
  await full(a.page);
  await play(a.page, ['d6']);
  await told(a.page, 'storage is full: this game is not saved');
  await a.page.reload();
  await a.page.waitForSelector('[data-testid=board]');
  assert.equal(await text(a.page, 'transcript'), 'f5');
  await a.context.close();
  // A variation tried on a past position.
  const b = await fillable();
  await newGame(b.page, { mode: 'hvh' });
  await play(b.page, ['f5', 'd6', 'c3']);
  await painted(b.page);
  await full(b.page);
  await b.page.click('.move-list .move >> text="1. f5"');
  const other = await b.page.$$eval('[data-legal=true]', (l) => l.map((e) => e.dataset.square).find((s) => s !== 'd6'));
  await b.page.click(`[data-square=${other}]`);
  await b.page.waitForSelector('[data-testid=in-variation]');
  await told(b.page, 'storage is full');
  assert.deepEqual(b.errors, []);
  await b.context.close();
  // A shared link opened over a game: the game put aside (or the linked one) is not kept, and it is said.
  const c = await fillable();
  await newGame(c.page, { mode: 'hvh' });
  await play(c.page, ['f5', 'd6']);
  await painted(c.page);
  await full(c.page);
  await c.page.goto(`${env.server.url}#t=c4c3`);
  await c.page.waitForFunction(() => document.querySelector('[data-testid=transcript]')?.textContent === 'c4c3');
  await told(c.page, 'storage is full');
  assert.deepEqual(c.errors, []);
  await c.context.close();
});

test('with the storage full, settings put back are said as such, not as data that cannot be read', async () => {
  const a = await fillable();
  await newGame(a.page, { mode: 'hvh' });
  await play(a.page, ['f5', 'd6', 'c3']);
  await painted(a.page);
  const good = await a.page.evaluate(() => localStorage.getItem('reversi.autosave'));
  const bad = good.replace(/"analyse_depth":\d+/, '"analyse_depth":-1');
  assert.notEqual(bad, good);
  await a.page.evaluate((t) => localStorage.setItem('reversi.autosave', t), bad);
  await full(a.page);
  await a.page.reload();
  await a.page.waitForSelector('[data-testid=board]');
  assert.equal(await text(a.page, 'transcript'), 'f5d6c3');
  await told(a.page, 'back to their defaults: the analysis depth');
  // The autosave's first writes (refused) leave the load's word as it is: the game whole, the settings put back.
  await painted(a.page);
  await painted(a.page);
  const notice = await text(a.page, 'notice');
  assert.match(notice, /No copy of the unreadable values could be kept \(this browser's storage is full\); nothing else is lost/);
  assert.doesNotMatch(notice, /not being saved/);
  // A move is then refused a place in the storage, and that is said.
  await play(a.page, [await a.page.$eval('[data-legal=true]', (e) => e.dataset.square)]);
  await told(a.page, 'storage is full: this game is not saved');
  assert.deepEqual(a.errors, []);
  await a.context.close();
});

test("a full storage says an online game's seat is not kept on the device", async () => {
  const { page, context, errors } = await fillable();
  await page.waitForSelector('[data-testid=screen-online]');
  await full(page);
  await page.click('[data-testid=new-game]');
  await page.click('[data-testid=mode-online]');
  await page.fill('[data-testid=online-name]', 'ivy');
  await page.click('[data-testid=start]');
  await page.waitForSelector('[data-testid=online-game] [data-testid=seat-black], [data-testid=online-game] [data-testid=seat-white]');
  await told(page, 'cannot keep your seat');
  assert.deepEqual(errors, []);
  await context.close();
});

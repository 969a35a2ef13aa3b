// Smoke test of the release build: the page shows the start position from the engine, the worker answers,
// and a click on a legal move plays it (a click on an illegal square does nothing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTIFACTS, launchBrowser, openPage, serveDist } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
  await mkdir(ARTIFACTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function discs(page) {
  return page.$$eval('[data-square]', (cells) =>
    Object.fromEntries(cells.map((c) => [c.dataset.square, c.dataset.disc])),
  );
}

test('start position, worker ping, and a legal click', async () => {
  const { page, context, errors } = await openPage(browser, server.url);
  await page.waitForSelector('[data-testid=board]');
  assert.equal(await page.locator('[data-square]').count(), 64);

  const start = await discs(page);
  assert.deepEqual(
    Object.entries(start).filter(([, d]) => d !== 'empty').sort(),
    [['d4', 'white'], ['d5', 'black'], ['e4', 'black'], ['e5', 'white']],
  );
  const legal = await page.$$eval('[data-legal=true]', (cells) => cells.map((c) => c.dataset.square).sort());
  assert.deepEqual(legal, ['c4', 'd3', 'e6', 'f5']);
  assert.equal(await page.textContent('[data-testid=count-black]'), '2');
  assert.equal(await page.textContent('[data-testid=count-white]'), '2');

  // The engine worker answers a ping.
  await page.waitForFunction(
    () => document.querySelector('[data-testid=engine-status]')?.textContent.includes('ready'),
    null,
    { timeout: 15000 },
  );

  // An illegal square changes nothing.
  await page.click('[data-square=a1]');
  assert.deepEqual(await discs(page), start);

  // f5 flips e5: black 4, white 1, white to move.
  await page.click('[data-square=f5]');
  await page.waitForFunction(() => document.querySelector('[data-testid=count-black]')?.textContent === '4');
  assert.equal(await page.textContent('[data-testid=count-white]'), '1');
  assert.equal(await page.getAttribute('[data-square=e5]', 'data-disc'), 'black');
  assert.equal(await page.getAttribute('[data-square=f5]', 'data-disc'), 'black');
  assert.equal(await page.textContent('[data-testid=transcript]'), 'f5');
  assert.match(await page.textContent('[data-testid=status]'), /White to move/);
  const whiteLegal = await page.$$eval('[data-legal=true]', (cells) => cells.map((c) => c.dataset.square).sort());
  assert.deepEqual(whiteLegal, ['d6', 'f4', 'f6']);

  await page.screenshot({ path: join(ARTIFACTS, 'smoke.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

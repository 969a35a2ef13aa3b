// The README's screenshots, made from the built page (dist/, `trunk build --release`): the analysis screen of
// a game against the AI on a 1280×800 desktop in the light scheme, and the play screen of the same game on a
// 390×844 phone in the dark scheme, the new-game dialog beside it.
//
//   node scripts/screenshots.mjs        writes docs/screenshot.png, docs/screenshot-phone.png and
//                                       docs/screenshot-dialog.png
import { launchBrowser, openPage, painted, serveDist, showScreen } from '../tests/e2e/harness.mjs';
import { join } from 'node:path';
import { ROOT } from '../tests/e2e/harness.mjs';

// A game against the AI (the person black, level 4) 15 moves in, a variation tried at move 15 shown.
const GAME = 'f5d6c3d3c4f4f6f3e6e7d7c5b6g5e3';
const LINK = `#t=${GAME}&m=b4&v=14.g4`;

const server = await serveDist();
const browser = await launchBrowser();
try {
  {
    const { page, context } = await openPage(browser, `${server.url}${LINK}`, {
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    });
    await page.waitForSelector('[data-legal=true]');
    await showScreen(page, 'analyse');
    await page.check('[data-testid=analyse]');
    await page.waitForSelector('[data-testid=top-line]', { timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=eval-point]').length >= 14, null, { timeout: 60_000 });
    await page.click('[data-testid=explorer-toggle]');
    await page.waitForSelector('[data-testid=explorer-move], [data-testid=explorer-empty]', { timeout: 30_000 });
    await painted(page);
    await page.screenshot({ path: join(ROOT, 'docs/screenshot.png') });
    await context.close();
  }
  {
    const { page, context } = await openPage(browser, `${server.url}${LINK}`, {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    });
    await page.waitForSelector('[data-legal=true]');
    // The discs' turns (0.35 s) over.
    await page.waitForTimeout(800);
    await painted(page);
    await page.screenshot({ path: join(ROOT, 'docs/screenshot-phone.png') });
    await page.click('[data-testid=new-game]');
    await page.waitForSelector('[data-testid=start]');
    await painted(page);
    await page.screenshot({ path: join(ROOT, 'docs/screenshot-dialog.png') });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
